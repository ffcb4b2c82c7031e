/**
 * Dungeon rules shared by the server and the browser (spec 001 sections 4 and 9, spec 000
 * sections 5 and 10; our design where the spec is silent, see docs/game-rules.md "Dungeons").
 */
import { Size } from "../enums";
import { LootId } from "../loot";
import type { Rng } from "../rng";

/** Boost ids of the dungeon upgrades (live-game-facts.md 140-146). */
export const DungeonBoost = {
  Unlocked: 140,
  Idle: 141,
  Queue: 142,
  Swiftness: 143,
  Perception: 144,
  Treasure: 145,
  AutoLoot: 146,
} as const;

/** The upgrades shown on the hub, in order (Unlocked is bought from the status panel too). */
export const DUNGEON_UPGRADES: readonly number[] = [141, 142, 143, 144, 145, 146, 140];

/** Idle ticks of a small dungeon without the Idle speed upgrade (spec). */
export const IDLE_TICKS_BASE = 1200;
/** Ticks the Idle speed upgrade takes off per level (spec: 0.833% of 1200). */
export const IDLE_TICKS_PER_LEVEL = 10;
/** Time a remaining idle tick stands for on the hub (spec). */
export const IDLE_TICK_MS = 3000;
/** Movement delay without Swiftness, and what each level takes off (spec). */
export const MOVE_DELAY_BASE_MS = 1500;
export const MOVE_DELAY_PER_LEVEL_MS = 100;
/** The server accepts a move this much early (network jitter); design. */
export const MOVE_TOLERANCE_MS = 50;
/** At most one interaction this often (spec). */
export const INTERACT_THROTTLE_MS = 500;
/** Combat text shows this long (spec). */
export const COMBAT_TEXT_MS = 4000;
/** Map tiles are this many pixels (spec). */
export const DUNGEON_TILE_PX = 64;

export type DungeonSize = 1 | 2 | 3;

export const SIZE_NAMES: Readonly<Record<number, string>> = {
  [Size.None]: "None",
  [Size.Small]: "Small",
  [Size.Medium]: "Medium",
  [Size.Large]: "Large",
};

export function isDungeonSize(size: unknown): size is DungeonSize {
  return size === Size.Small || size === Size.Medium || size === Size.Large;
}

export function isIdleSize(size: unknown): size is Size {
  return size === Size.None || isDungeonSize(size);
}

const lvl = (v: number | undefined): number =>
  v !== undefined && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;

/** Idle ticks one dungeon needs: (1200 − 10 × Idle speed) × 1, 2 or 3 by size (spec). */
export function idleTicksRequired(size: number, idleLevel: number): number {
  if (!isDungeonSize(size)) return 0;
  const per = Math.max(1, IDLE_TICKS_BASE - IDLE_TICKS_PER_LEVEL * Math.min(100, lvl(idleLevel)));
  return per * size;
}

/** Time left of an idle dungeon: 3000 ms per remaining tick (spec). */
export function idleTimeLeftMs(ticks: number, required: number): number {
  return Math.max(0, required - ticks) * IDLE_TICK_MS;
}

/** Queue size: 1 + Queue level, 2 + 2 × level with Quality of Life (spec). */
export function queueMax(queueLevel: number, hasQoL: boolean): number {
  const q = lvl(queueLevel);
  return hasQoL ? 2 + 2 * q : 1 + q;
}

/** What the finished and unlock rules read from a player. */
export interface DungeonProgress {
  readonly idleSize: number;
  readonly completed: number;
  readonly inProgress: boolean;
  /** Dungeons Unlocked (boost 140). */
  readonly unlocked: number;
}

/**
 * The highest Dungeons Unlocked may go (our design): what was completed or is under way plus
 * the queue, so at most a queue's worth of dungeons waits unlocked.
 */
export function unlockCap(p: Omit<DungeonProgress, "idleSize">, queue: number): number {
  return lvl(p.completed) + (p.inProgress ? 1 : 0) + Math.max(0, queue);
}

/** Unlocked dungeons not used yet (completed or under way). */
export function unlocksLeft(p: Omit<DungeonProgress, "idleSize">): number {
  return Math.max(0, lvl(p.unlocked) - lvl(p.completed) - (p.inProgress ? 1 : 0));
}

/** Spec: idle dungeons are finished if the idle size is None or completed + in progress ≥ unlocked. */
export function idleFinished(p: DungeonProgress): boolean {
  return p.idleSize === Size.None || unlocksLeft(p) === 0;
}

/**
 * Spec 000 section 5: the dungeon-unlock prompt shows only when dungeons are finished, the cap
 * is above zero, the idle size is not None and Unlocked is below the cap.
 */
export function showUnlockPrompt(p: DungeonProgress, cap: number): boolean {
  return idleFinished(p) && cap > 0 && p.idleSize !== Size.None && lvl(p.unlocked) < cap;
}

/** Movement delay: 1500 ms − 100 ms per Swiftness level (spec), Swiftness at most 10. */
export function moveDelayMs(swiftness: number): number {
  return MOVE_DELAY_BASE_MS - MOVE_DELAY_PER_LEVEL_MS * Math.min(10, lvl(swiftness));
}

/** View radius: Perception + 1 (spec), Perception at most 5. */
export function viewRadius(perception: number): number {
  return Math.min(5, lvl(perception)) + 1;
}

/** Treasure multiplier: +1% per Treasure level (spec). */
export function treasureMultiplier(treasure: number): number {
  return 1 + 0.01 * lvl(treasure);
}

/** Dungeon Points for completing a dungeon by size (our design: larger pays more per tick). */
export const COMPLETION_POINTS: Readonly<Record<DungeonSize, number>> = { 1: 10, 2: 25, 3: 45 };
/** Mana Dust for completing a dungeon, per size step (our design). */
export const COMPLETION_DUST = 500;

/** Chance of each orb when a dungeon completes, by size (our design). */
export const COMPLETION_ORBS: ReadonlyArray<{
  readonly lootId: LootId;
  readonly chance: Readonly<Record<DungeonSize, number>>;
}> = [
  { lootId: LootId.OrbOfPower, chance: { 1: 0.05, 2: 0.12, 3: 0.2 } },
  { lootId: LootId.OrbOfChaos, chance: { 1: 0.01, 2: 0.03, 3: 0.06 } },
  { lootId: LootId.OrbOfDivinity, chance: { 1: 0.002, 2: 0.006, 3: 0.012 } },
];

/**
 * The treasure of a completed dungeon (idle or by hand, not a speedrun): Dungeon Points and
 * Mana Dust times the Treasure multiplier (rounded down), and a roll for each orb whose chance
 * the multiplier raises too. Always three rng draws.
 */
export function completionTreasure(
  size: DungeonSize,
  treasure: number,
  rng: Rng,
): Record<number, number> {
  const m = treasureMultiplier(treasure);
  const out: Record<number, number> = {
    [LootId.DungeonPoints]: Math.floor(COMPLETION_POINTS[size] * m),
    [LootId.ManaDust]: Math.floor(COMPLETION_DUST * size * m),
  };
  for (const orb of COMPLETION_ORBS) {
    if (rng.next() < orb.chance[size] * m) out[orb.lootId] = 1;
  }
  return out;
}

/** Flavour quotes shown when the idle dungeons are finished (spec: "a flavour quote shows"). */
export const FINISHED_QUOTES: readonly string[] = [
  "The torches gutter out. Every corridor is quiet, every chest is empty.",
  "Your familiar curls up by the exit, dust on its whiskers: nothing left to explore.",
  "The knights salute you and go home. Unlock more dungeons to send them back.",
  "Silence in the halls. The dungeon master wants more dust.",
];

/** The quote for a player (stable per completed count, so it does not flicker). */
export function finishedQuote(completed: number): string {
  return FINISHED_QUOTES[lvl(completed) % FINISHED_QUOTES.length] as string;
}
