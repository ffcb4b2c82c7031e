import {
  brewPotion,
  discardPotion,
  drinkPotion,
  type PotionChange,
  potionByBoost,
  setAutoConsume,
  upgradeBeltPotion,
} from "@manaspire/game";
import { GameError, type HandlerContext, type Handlers } from "../socket/handlers";
import { companionsChanged } from "../world/companion-effects";
import { potionsMessage } from "../world/companion-view";
import { Col, markDirty } from "../world/player-columns";
import { playerMaxActions, totalBoosts } from "../world/player-view";
import { lootPatch, statsPatch, totalsBefore } from "../world/stat-patch";
import { fmt } from "./format";
import { debit } from "./items/common";

/**
 * Potions (spec 001 sections 5 and 7): brew into the belt, upgrade or discard a belt stack,
 * drink, AutoConsume. The rules (packages/game potions.ts) decide; a refusal changes nothing.
 * Every change answers with `potions`, the loot spent, and the totals when the effects moved.
 */
export function potionHandlers(): Handlers {
  /** Applies a rules result to the player and tells the socket. */
  const apply = (ctx: HandlerContext, change: PotionChange, effectsChanged: boolean) => {
    if (!change.ok) throw new GameError(change.error);
    const { player, conn } = ctx;
    const before = effectsChanged ? totalsBefore(player) : null;
    const spent = debit(player, change.cost);
    player.potions = change.state;
    if (effectsChanged) companionsChanged(player);
    markDirty(player, Col.potions);
    conn.send("potions", potionsMessage(player));
    const patch = {
      ...(spent.length > 0 ? { loot: lootPatch(player, spent) } : {}),
      ...(before ? statsPatch(player, before) : {}),
    };
    if (Object.keys(patch).length > 0) conn.send("playerUpdate", { patch });
  };
  const name = (boost: number) => potionByBoost(boost)?.name ?? "Potion";

  return {
    brewPotion(ctx, { boost, tier, amount, autoConsume }) {
      const { player } = ctx;
      const change = brewPotion(
        player.potions,
        { boost, tier, amount, autoConsume },
        player.loot,
        totalBoosts(player),
      );
      apply(ctx, change, false);
      // The profile's Potions Brewed (a column of services/potions-part.ts).
      player.potionsBrewed += amount;
      markDirty(player, Col.potionsBrewed);
      ctx.conn.toast(
        `Brewed ${amount} ${name(boost)} potion${amount === 1 ? "" : "s"} of tier ${fmt(tier)}.`,
      );
    },

    brewUpgradePotion(ctx, { boost, tier }) {
      apply(ctx, upgradeBeltPotion(ctx.player.potions, boost, tier, ctx.player.loot), false);
      ctx.conn.toast(`Your ${name(boost)} potions are now tier ${fmt(tier)}.`);
    },

    brewDiscardPotion(ctx, { boost, active }) {
      apply(ctx, discardPotion(ctx.player.potions, boost, active), active);
      ctx.conn.toast(
        active ? `Your ${name(boost)} potion has ended.` : `${name(boost)} potions discarded.`,
      );
    },

    setPotionAutoConsume(ctx, { boost, autoConsume }) {
      apply(ctx, setAutoConsume(ctx.player.potions, boost, autoConsume), false);
    },

    drinkPotion(ctx, { boost }) {
      const { player, conn } = ctx;
      const max = playerMaxActions(player);
      if (boost === 105 && player.actions >= max) {
        throw new GameError("Your actions are full; drink Renewal when they run low.");
      }
      const drunk = drinkPotion(player.potions, boost, totalBoosts(player));
      if (!drunk.ok) throw new GameError(drunk.error);
      const renewal = drunk.actions > 0;
      apply(ctx, { ok: true, state: drunk.state, cost: [] }, !renewal);
      if (renewal) {
        const gained = Math.min(max, player.actions + drunk.actions) - player.actions;
        player.actions += gained;
        markDirty(player, Col.actions);
        conn.send("playerUpdate", { patch: { actions: player.actions, maxActions: max } });
        conn.toast(`Renewal restored ${fmt(gained)} actions.`);
      } else {
        conn.toast(`You drank a ${name(boost)} potion of tier ${fmt(drunk.tier)}.`);
      }
    },
  };
}
