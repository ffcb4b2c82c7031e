import {
  ascensionCost,
  ascensionOf,
  ascensionPurchaseError,
  BoostId,
  CODEX_PER_EURO,
  extendedQoLEnd,
  hasQoL,
  LootId,
  nextTitle,
  normalizeTitleColor,
  QOL_COST,
  qolPurchaseError,
  setTitleError,
  unlockedTitles,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { GameError, type Handlers } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import type { PremiumDeps } from "./premium-deps";
import { lastAnonymous, referrerRewards } from "./purchase-store";
import { renamePlayer } from "./rename";

/** The shop's data for a player (spec 001 section 3 "Premium shop data"). */
export function premiumShopOf(
  p: LoadedPlayer,
  available: boolean,
  anon: boolean,
): ServerPayload<"premiumShop">["shop"] {
  const ascension = ascensionOf(p.boosts);
  const next = nextTitle(ascension);
  return {
    codexPerEuro: CODEX_PER_EURO,
    titles: unlockedTitles(ascension),
    ...(next ? { nextTitle: next.name, nextTitleCost: next.cost } : {}),
    anon,
    available,
  };
}

/** Sends the shop's data to every socket of the player (after its Ascension changed). */
export async function sendPremiumShop(deps: PremiumDeps, p: LoadedPlayer): Promise<void> {
  const anon = await lastAnonymous(deps.db, p.id);
  deps.sessions.send(p.id, "premiumShop", {
    shop: premiumShopOf(p, deps.payments.available, anon),
  });
}

/**
 * Buys Ascension points with Crystallized Mana (`purchaseBoost(109, points)`; the shop's
 * Unlock buys the points to the next title). Paid and raised in one step of the event loop,
 * so the next save writes both or neither.
 */
export function buyAscension(deps: PremiumDeps, p: LoadedPlayer, points: number): void {
  const held = p.loot[LootId.CrystallizedMana] ?? 0;
  const refusal = ascensionPurchaseError(points, held);
  if (refusal) throw new GameError(refusal);
  const before = totalsBefore(p);
  const unlockedBefore = unlockedTitles(ascensionOf(p.boosts)).length;
  p.loot[LootId.CrystallizedMana] = held - ascensionCost(points);
  p.boosts[BoostId.Ascension] = ascensionOf(p.boosts) + points;
  p.statsVersion++;
  markDirty(p, Col.loot, Col.boosts);
  const ascension = ascensionOf(p.boosts);
  deps.sessions.send(p.id, "playerUpdate", {
    patch: {
      boosts: { [BoostId.Ascension]: ascension },
      loot: { [LootId.CrystallizedMana]: p.loot[LootId.CrystallizedMana] ?? 0 },
      ...statsPatch(p, before),
    },
  });
  const titles = unlockedTitles(ascension);
  const fresh = titles.slice(unlockedBefore);
  deps.sessions.send(p.id, "toast", {
    text:
      fresh.length > 0
        ? `${ascension} Ascension points: ${fresh.join(", ")} unlocked.`
        : `${ascension} Ascension points.`,
  });
  void sendPremiumShop(deps, p).catch(() => undefined);
}

/**
 * The premium shop's calls (spec 001 section 7 "Premium" and "Profile and account"):
 * getPremiumShop, shopPurchase (a Stripe checkout), purchaseQoL, setTitle and renamePlayer.
 * Each spend of Crystallized Mana and its effect change the player's memory in one step
 * (saved together), except the rename, which writes the name and the player's state in one
 * transaction.
 */
export function premiumHandlers(deps: PremiumDeps): Handlers {
  return {
    async getPremiumShop({ conn, player }) {
      const [anon, rewards] = await Promise.all([
        lastAnonymous(deps.db, player.id),
        referrerRewards(deps.db, player.id),
      ]);
      conn.send("premiumShop", { shop: premiumShopOf(player, deps.payments.available, anon) });
      conn.send("playerUpdate", { patch: { referrerRewards: rewards } });
    },

    async shopPurchase({ conn, player }, { euros, anonymous }) {
      const { url, sessionId } = await deps.payments.checkout(
        player,
        euros,
        anonymous,
        conn.origin,
      );
      conn.send("paymentRedirect", { url, key: sessionId });
    },

    purchaseQoL({ player }) {
      const now = Date.now();
      const held = player.loot[LootId.CrystallizedMana] ?? 0;
      const refusal = qolPurchaseError(held);
      if (refusal) throw new GameError(refusal);
      const extending = hasQoL(player.qolEnd, now);
      player.loot[LootId.CrystallizedMana] = held - QOL_COST;
      player.qolEnd = extendedQoLEnd(player.qolEnd, now);
      markDirty(player, Col.loot, Col.qolEnd);
      deps.sessions.send(player.id, "playerUpdate", {
        patch: {
          loot: { [LootId.CrystallizedMana]: player.loot[LootId.CrystallizedMana] ?? 0 },
          hasQoL: true,
          qolEnd: player.qolEnd,
        },
      });
      const until = new Date(player.qolEnd).toISOString().slice(0, 10);
      deps.sessions.send(player.id, "toast", {
        text: `Quality of Life ${extending ? "extended" : "active"} until ${until}.`,
      });
    },

    setTitle({ player }, { title, color }) {
      const ascension = ascensionOf(player.boosts);
      const refusal = setTitleError(title, color, ascension);
      if (refusal) throw new GameError(refusal);
      const titleColor = title === "" ? "" : (normalizeTitleColor(color) ?? "");
      if (player.title === title && player.titleColor === titleColor) {
        throw new GameError("That is your title already.");
      }
      player.title = title;
      player.titleColor = titleColor;
      markDirty(player, Col.title, Col.titleColor);
      deps.sessions.send(player.id, "playerUpdate", { patch: { title, titleColor } });
      deps.sessions.send(player.id, "toast", {
        text: title === "" ? "Your title is removed." : `Your title is now ${title}.`,
      });
    },

    purchaseBoost({ player }, { boost, amount }) {
      // Research answers every other boost (services/research.ts).
      if (boost === BoostId.Ascension) buyAscension(deps, player, amount);
    },

    async renamePlayer({ player }, { name }) {
      await renamePlayer(deps, player, name);
    },
  };
}
