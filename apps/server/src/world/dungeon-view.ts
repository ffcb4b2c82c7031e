import { DungeonBoost, queueMax, unlockCap } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";

type DungeonFields = Pick<
  PlayerState,
  | "dungeonIdleTicks"
  | "dungeonIdleSize"
  | "dungeonsCompleted"
  | "dungeonInProgress"
  | "dungeonActivePreset"
  | "dungeonPresets"
>;

/** The player state's dungeon fields (spec 001 "Dungeon player fields"), for state and patches. */
export function dungeonFields(p: LoadedPlayer): DungeonFields {
  const d = p.dungeon;
  return {
    dungeonIdleTicks: d.idleTicks,
    dungeonIdleSize: d.idleSize,
    dungeonsCompleted: d.completed,
    dungeonInProgress: d.run !== null,
    dungeonActivePreset: d.activePreset,
    dungeonPresets: d.presets.map((x) => x.name),
  };
}

/** The Dungeons Unlocked cap of a player (rules `unlockCap`; the queue is doubled by QoL). */
export function dungeonUnlockCapOf(p: LoadedPlayer, hasQoL: boolean): number {
  return unlockCap(
    {
      completed: p.dungeon.completed,
      inProgress: p.dungeon.run !== null,
      unlocked: p.boosts[DungeonBoost.Unlocked] ?? 0,
    },
    queueMax(p.boosts[DungeonBoost.Queue] ?? 0, hasQoL),
  );
}
