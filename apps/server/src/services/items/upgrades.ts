import { randomInt } from "node:crypto";
import {
  createRng,
  enchantItem,
  type Item,
  infuseItem,
  type Rng,
  rerollChaos,
  rerollPerfection,
  rerollPower,
  type UpgradeResult,
  upgradeDivinity,
  upgradeLegacy,
  upgradeMythic,
  type Wallet,
} from "@manaspire/game";
import type { PlayerPatch } from "@manaspire/protocol";
import { GameError, type HandlerContext, type Handlers } from "../../socket/handlers";
import { lootPatch, statsPatch, totalsBefore } from "../../world/stat-patch";
import { debit, type ItemDeps, ownItem, pushItem } from "./common";
import { enchantingSkillOf } from "./guild-enchanting";

/** A fresh random source for an orb (not reproducible on purpose: no rerolling until lucky). */
function orbRng(): Rng {
  return createRng(randomInt(0, 2 ** 32));
}

/**
 * Orbs, Heirloom, Mythic, infusion and enchanting of the player's own items. Each rule checks
 * its conditions and the cost against the wallet; a refusal is a toast and changes nothing.
 * Success: the new item (`item` upsert) and the loot spent (`playerUpdate`, with the stats when
 * the item is equipped).
 */
export function upgradeHandlers(deps: ItemDeps): Handlers {
  const { sessions } = deps;

  function upgrade(
    { conn, player }: HandlerContext,
    id: number,
    rule: (item: Item, wallet: Wallet) => UpgradeResult,
  ): void {
    const owned = ownItem(player, id);
    const result = rule(owned.item, player.loot);
    if (typeof result === "string") throw new GameError(result);
    const before = owned.equipped ? totalsBefore(player) : null;
    const spent = debit(player, result.cost);
    player.inventory.replace(owned, result.item);
    pushItem(sessions, player, owned);
    const patch: PlayerPatch = { loot: lootPatch(player, spent) };
    conn.send("playerUpdate", {
      patch: before ? { ...patch, ...statsPatch(player, before) } : patch,
    });
  }

  return {
    rerollItemPower(ctx, { id }) {
      upgrade(ctx, id, (item, wallet) => rerollPower(item, { rng: orbRng(), wallet }));
    },
    rerollItemChaos(ctx, { id }) {
      upgrade(ctx, id, (item, wallet) => rerollChaos(item, { rng: orbRng(), wallet }));
    },
    rerollItemDivinity(ctx, { id }) {
      upgrade(ctx, id, (item, wallet) => upgradeDivinity(item, { rng: orbRng(), wallet }));
    },
    rerollItemPerfection(ctx, { id }) {
      upgrade(ctx, id, (item, wallet) => rerollPerfection(item, { wallet }));
    },
    upgradeItemMythic(ctx, { id }) {
      upgrade(ctx, id, (item, wallet) => upgradeMythic(item, { wallet }));
    },
    createHeirloom(ctx, { id }) {
      upgrade(ctx, id, (item, wallet) => upgradeLegacy(item, { wallet }));
    },
    infuseItem(ctx, { id, tier }) {
      upgrade(ctx, id, (item, wallet) => infuseItem(item, tier, { wallet }));
    },
    async enchantItem(ctx, { id, skill, rank }) {
      // With Quality of Life, the best rank among the guild's members (guild-enchanting.ts).
      const skillRank = await enchantingSkillOf(deps, ctx.player, skill);
      upgrade(ctx, id, (item, wallet) =>
        enchantItem(item, skill, rank, { skillRank, wallet, dateMs: Date.now() }),
      );
    },
  };
}
