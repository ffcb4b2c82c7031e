/**
 * A player's dungeon state (saved with the player in one jsonb column; the server's tick and
 * handlers are its one writer). Pure data, JSON-safe.
 */
import { Size } from "../enums";
import type { DungeonScores } from "../leaderboards/board-types";
import type { Rng } from "../rng";
import { type DungeonSize, idleTicksRequired, isDungeonSize } from "./rules";
import type { DungeonRun } from "./run";

export interface DungeonPreset {
  readonly name: string;
  /** The idle size the preset sets when activated. */
  readonly idleSize: Size;
}

/** What the dungeon loot tracker holds (getDungeonLootTracker; "reset" clears it). */
export interface DungeonTracker {
  loot: Record<number, number>;
  /** Ids of equipment found in dungeons, newest last (at most 100). */
  items: number[];
}

export interface DungeonState {
  idleSize: Size;
  idleTicks: number;
  /** Dungeons completed (idle and by hand, speedruns not counted). */
  completed: number;
  /** Dungeons completed by hand. */
  manual: number;
  /** Chests opened. */
  treasures: number;
  /** Rooms explored (discovered) in dungeons by hand. */
  rooms: number;
  /** Best speedrun times in ms by size (small, medium, large); 0: none. */
  speedrun: [number, number, number];
  presets: DungeonPreset[];
  activePreset: string;
  tracker: DungeonTracker;
  /** The dungeon under way by hand, or null. */
  run: DungeonRun | null;
  /** The player's copy of their guild's dungeon floor (`run.guild` set), or null. */
  guildRun: DungeonRun | null;
  /** Guild dungeon objectives this player completed (the dungeon_guild_objectives board). */
  guildObjectives: number;
}

export function emptyDungeon(): DungeonState {
  return {
    idleSize: Size.None,
    idleTicks: 0,
    completed: 0,
    manual: 0,
    treasures: 0,
    rooms: 0,
    speedrun: [0, 0, 0],
    presets: [],
    activePreset: "",
    tracker: { loot: {}, items: [] },
    run: null,
    guildRun: null,
    guildObjectives: 0,
  };
}

/** What one action's idle step needs besides the state. */
export interface IdleStepInput {
  /** Dungeons Unlocked. */
  readonly unlocked: number;
  /** Idle speed level. */
  readonly idleLevel: number;
  /** The Dungeon Idle pets' chance of an extra tick (10t%, may exceed 1). */
  readonly petChance: number;
}

/**
 * One action's idle progress (hot path: no allocation). Nothing when the idle dungeons are
 * finished (spec: size None, or completed + in progress ≥ unlocked). Otherwise one tick, plus
 * the pets' chance of one more (each whole 100% is a sure tick, the rest one rng draw; no draw
 * without such a pet). Returns the size of the dungeon completed by this step, or 0.
 * The caller pays the treasure and counts the completion (`completed` is raised here).
 */
export function idleStep(s: DungeonState, input: IdleStepInput, rng: Rng): 0 | DungeonSize {
  const size = s.idleSize;
  if (!isDungeonSize(size)) return 0;
  // The finished rule (rules.ts idleFinished), without an object per action.
  if (s.completed + (s.run !== null ? 1 : 0) >= input.unlocked) return 0;
  let ticks = 1;
  const c = input.petChance;
  if (c > 0) {
    const whole = Math.floor(c);
    ticks += whole + (rng.next() < c - whole ? 1 : 0);
  }
  s.idleTicks += ticks;
  if (s.idleTicks < idleTicksRequired(size, input.idleLevel)) return 0;
  s.idleTicks = 0;
  s.completed++;
  return size;
}

/** The dungeon leaderboards' figures (boards.ts `DungeonScores`; speedruns in seconds). */
export function dungeonScores(s: DungeonState): DungeonScores {
  return {
    completed: s.completed,
    treasures: s.treasures,
    rooms: s.rooms,
    manual: s.manual,
    guildObjectives: s.guildObjectives,
    speedrunSmall: s.speedrun[0] / 1000,
    speedrunMedium: s.speedrun[1] / 1000,
    speedrunLarge: s.speedrun[2] / 1000,
  };
}
