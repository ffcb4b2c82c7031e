import { BoostId, codexResetPreview, validatePurchase } from "@manaspire/game";
import { GameError, type Handlers } from "../socket/handlers";
import { dungeonUnlockCapOf } from "../world/dungeon-view";
import { Col, markDirty } from "../world/player-columns";
import { lootPatch, statsPatch, totalsBefore } from "../world/stat-patch";
import { addLoot, debit } from "./items/common";
import { type HasQoL, playerHasQoL } from "./preferences";

/**
 * Research (`purchaseBoost`, priced and validated by the rules' `validatePurchase`) and the
 * codex reset (spec: a preview first, then the confirmed call). The dungeon upgrades (boosts
 * 140-146, bought on the dungeon hub) are research too; Dungeons Unlocked is capped by the
 * player's idle queue, which Quality of Life doubles (`hasQoL`).
 */
export function researchHandlers(hasQoL: HasQoL = playerHasQoL): Handlers {
  return {
    purchaseBoost({ conn, player }, { boost, amount }) {
      // Ascension is the premium shop's, bought with Crystallized Mana: its own purchaseBoost
      // handler answers it (premium/shop-handlers.ts).
      if (boost === BoostId.Ascension) return;
      const current = player.boosts[boost] ?? 0;
      const check = validatePurchase(boost, current, amount, player.loot, {
        dateMs: Date.now(),
        // The guild's Ethereal Refinery lowers the farm buildings' costs.
        buildingCost: player.guild?.effects.buildingCost,
        dungeonUnlockCap: dungeonUnlockCapOf(player, hasQoL(player)),
      });
      if (!check.ok) throw new GameError(check.error);
      const before = totalsBefore(player);
      const spent = debit(player, check.payment);
      player.boosts[boost] = check.level;
      player.statsVersion++;
      markDirty(player, Col.boosts);
      conn.send("playerUpdate", {
        patch: {
          boosts: { [boost]: check.level },
          loot: lootPatch(player, spent),
          ...statsPatch(player, before),
        },
      });
    },

    codexReset({ conn, player }, { confirmed }) {
      const preview = codexResetPreview(player.boosts);
      const refund = preview.refund.reduce((sum, r) => sum + r.amount, 0);
      // An empty preview lets the dialog say so; only a confirmed reset of nothing is an error.
      if (refund <= 0 && confirmed) throw new GameError("You have no Codex research to reset.");
      if (!confirmed) {
        conn.send("codexResetPreview", { refund, boosts: preview.boosts });
        return;
      }
      const before = totalsBefore(player);
      const cleared: Record<number, number> = {};
      for (const key of Object.keys(player.boosts)) {
        const id = Number(key);
        if (preview.boosts[id] === undefined) cleared[id] = 0;
      }
      player.boosts = preview.boosts;
      const changed = addLoot(
        player,
        Object.fromEntries(preview.refund.map((r) => [r.lootId, r.amount])),
      );
      player.statsVersion++;
      markDirty(player, Col.boosts);
      conn.send("playerUpdate", {
        patch: { boosts: cleared, loot: lootPatch(player, changed), ...statsPatch(player, before) },
      });
      conn.toast(`Codex research reset: ${refund} Bound Codex returned.`);
    },
  };
}
