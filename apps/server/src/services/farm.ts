import { FARM_HERBS, lootName } from "@manaspire/game";
import { GameError, type HandlerContext, type Handlers } from "../socket/handlers";
import type { Sessions } from "../socket/sessions";
import { potionsMessage } from "../world/companion-view";
import { collectFarmFor } from "../world/farm-collect";
import type { LoadedPlayer } from "../world/loaded-player";
import { lootPatch } from "../world/stat-patch";

const fmt = (n: number) => Math.round(n).toLocaleString("en");

export interface FarmDeps {
  sessions: Sessions;
  /** Hours the herbs grow per hour (FARM_GROWTH_RATE). */
  growthRate: number;
}

/** The `farmTime` message of a player. */
export function farmTime(p: LoadedPlayer, rate: number, now = Date.now()) {
  return { lastHarvest: p.farmHarvestAt, serverTime: now, growthRate: rate };
}

/**
 * Collects and tells every socket of the player: loot, the farm's new time, the harvest and
 * a toast. Used by the click and by the unattended auto-collect (`auto`). Throws a GameError
 * (nothing changed) when the farm cannot be collected.
 */
export function collectAndTell(deps: FarmDeps, p: LoadedPlayer, auto: boolean, now = Date.now()) {
  const tracker: Parameters<typeof collectFarmFor>[3] = [];
  const result = collectFarmFor(p, now, deps.growthRate, tracker);
  if (!result.ok) throw new GameError(result.error);
  const { herbs, upkeep, withered } = result.harvest;
  const s = deps.sessions;
  s.send(p.id, "playerUpdate", { patch: { loot: lootPatch(p, [1, ...FARM_HERBS]) } });
  if (tracker.length > 0) s.send(p.id, "lootTracker", { entries: tracker });
  s.send(p.id, "farmTime", farmTime(p, deps.growthRate, now));
  s.send(p.id, "farmHarvest", { herbs, upkeep, withered, auto });
  const parts = FARM_HERBS.filter((id) => (herbs[id] ?? 0) > 0).map(
    (id) => `${herbs[id]} ${lootName(id)}`,
  );
  const got = parts.length > 0 ? parts.join(", ") : "no herbs";
  const lost = withered > 0 ? ` ${withered} withered: your Mana Dust debt is at its limit.` : "";
  s.send(p.id, "toast", {
    text: `${auto ? "Auto-collected" : "Collected"} ${got} for ${fmt(upkeep)} Mana Dust of upkeep.${lost}`,
  });
  return result.harvest;
}

/** The farm (spec 001 section 7: getFarmStatus, collectFarm). */
export function farmHandlers(deps: FarmDeps): Handlers {
  const status = ({ conn, player }: HandlerContext) =>
    conn.send("farmTime", farmTime(player, deps.growthRate));
  return {
    hydrate(ctx) {
      status(ctx);
      ctx.conn.send("potions", potionsMessage(ctx.player));
    },
    getFarmStatus: status,
    collectFarm({ player }) {
      collectAndTell(deps, player, false);
    },
  };
}
