import {
  completionTreasure,
  DungeonBoost,
  idleFinished,
  idleStep,
  LootId,
  type Rng,
} from "@manaspire/game";
import type { ActionReport } from "./battle-action";
import { companionCache } from "./companion-effects";
import { addToDungeonTracker } from "./dungeon-tracker";
import { dungeonFields } from "./dungeon-view";
import type { LoadedPlayer } from "./loaded-player";
import { grantLoot } from "./loot";
import type { Milestone } from "./milestones";
import { Col, markDirty } from "./player-columns";
import { idleDungeonBoosts } from "./player-view";

/** What an idle dungeon step tells the player's sockets beyond the action's report. */
export interface IdleNews {
  toast: string;
}

/**
 * One action's idle dungeon step (called only for a player with an idle size: the tick's
 * cost for everyone else is one field read). Progress is a tick, plus the Dungeon Idle pets'
 * chance of another; a completed dungeon counts, pays its treasure (Treasure upgrade) into the
 * loot and the dungeon loot tracker, and when it used the last unlocked dungeon the queue is
 * finished: a toast for a watched player, a DungeonQueue push (`onMilestone`) otherwise.
 */
export function dungeonIdleAfterAction(
  p: LoadedPlayer,
  report: ActionReport<unknown>,
  rng: Rng,
  now: number,
  watched: boolean,
  onMilestone: ((p: LoadedPlayer, m: Milestone, now: number) => void) | undefined,
): IdleNews | null {
  const d = p.dungeon;
  const pets = p.pets.pets.length > 0 ? companionCache(p).actions : null;
  const before = d.idleTicks;
  const own = idleDungeonBoosts(p);
  const size = idleStep(
    d,
    {
      unlocked: own.dungeonUnlocked ?? 0,
      idleLevel: own.dungeonIdle,
      petChance: pets ? pets.dungeonIdle : 0,
    },
    rng,
  );
  if (size === 0 && d.idleTicks === before) return null;
  markDirty(p, Col.dungeon);
  if (size === 0) {
    // Only the ticks moved (the patch is sent only to a watched player).
    if (watched) report.patch.dungeonIdleTicks = d.idleTicks;
    return null;
  }
  if (watched) Object.assign(report.patch, dungeonFields(p));
  const treasure = completionTreasure(size, p.boosts[DungeonBoost.Treasure] ?? 0, rng);
  const totals = grantLoot(p, treasure, now, report.tracker, watched);
  if (watched) report.patch.loot = { ...report.patch.loot, ...totals };
  addToDungeonTracker(d, treasure);
  const finished = idleFinished({
    idleSize: d.idleSize,
    completed: d.completed,
    inProgress: d.run !== null,
    unlocked: p.boosts[DungeonBoost.Unlocked] ?? 0,
  });
  const points = treasure[LootId.DungeonPoints] ?? 0;
  if (finished && !watched) onMilestone?.(p, { kind: "dungeonQueue", completed: d.completed }, now);
  if (!watched) return null;
  return {
    toast: finished
      ? `Idle dungeon complete (+${points} Dungeon Points). Your dungeon queue is finished.`
      : `Idle dungeon complete (+${points} Dungeon Points).`,
  };
}
