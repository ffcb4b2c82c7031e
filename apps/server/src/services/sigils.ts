import { LootId, sigilById, sigilPurchase } from "@manaspire/game";
import { GameError, type Handlers } from "../socket/handlers";
import { Col, markDirty } from "../world/player-columns";
import { lootPatch, statsPatch, totalsBefore } from "../world/stat-patch";
import { debit } from "./items/common";

/**
 * Sigils (docs/items-and-research.md "Sigils"): one sigil level bought with event points
 * (`sigilBoost` on the wire is the event points spent, spec: level from base 1000), and one
 * active sigil whose boost counts. `purchaseSigil { boost }` buys the next level and makes that
 * sigil the active one; equipping an equipment set also selects its sigil.
 */
export function sigilHandlers(): Handlers {
  return {
    purchaseSigil({ conn, player }, { boost }) {
      const result = sigilPurchase(
        boost,
        player.sigil.points,
        player.loot[LootId.EventPoints] ?? 0,
      );
      if (typeof result === "string") throw new GameError(result);
      const before = totalsBefore(player);
      const spent = debit(player, result.cost);
      player.sigil = { points: result.pointsSpent, active: boost };
      player.statsVersion++;
      markDirty(player, Col.sigil);
      conn.send("playerUpdate", {
        patch: {
          sigilBoost: player.sigil.points,
          activeSigil: player.sigil.active,
          loot: lootPatch(player, spent),
          ...statsPatch(player, before),
        },
      });
      conn.toast(`Sigil of ${sigilById(boost)?.name ?? boost} is active at level ${result.level}.`);
    },
  };
}
