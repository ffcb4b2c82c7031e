/** A dungeon played by hand (/dungeon): what changed from its generated map. */

import { type Enemy, enemyStatsForLevel } from "../enemies";
import { Element, Zone } from "../enums";
import { generateGuildMap } from "./guild-map";
import {
  type DungeonMap,
  doorToward,
  generateMap,
  isKnight,
  MAX_KEYS,
  type MapRoom,
  OCCUPANT_NAMES,
  Occupant,
  occupantOf,
  RoomFlag,
  withOccupant,
} from "./map";
import type { DungeonSize } from "./rules";
import { INTERACT_THROTTLE_MS, MOVE_TOLERANCE_MS, moveDelayMs, viewRadius } from "./rules";

export interface DungeonRun {
  /** The map's seed (dungeons/map.ts generates the same map from it). */
  seed: number;
  size: DungeonSize;
  /** Speedrun mode: no treasure, not counted, only the time recorded. */
  speedrun: boolean;
  startedAt: number;
  x: number;
  y: number;
  /** Room flags that differ from the generated map (chest opened, occupant gone), by cell. */
  flags: Record<number, number>;
  /** Health left of wounded knights, by cell. */
  wounds: Record<number, number>;
  /** Cells discovered, in the order found. */
  discovered: number[];
  /** Keys held (1-36). */
  keys: number[];
  /** Treasure picked up so far: granted when leaving through the exit, lost when abandoning. */
  loot: Record<number, number>;
  movedAt: number;
  interactedAt: number;
  /** A guild dungeon run: the guild and the floor (its DungeonLevel) it copies. */
  guild?: GuildRunOf;
}

export interface GuildRunOf {
  readonly guildId: number;
  readonly level: number;
}

/** The map of a run (solo: its seed and size; guild: the guild map of its seed). */
export function mapOfRun(run: Pick<DungeonRun, "seed" | "size" | "guild">): DungeonMap {
  return run.guild ? generateGuildMap(run.seed) : generateMap(run.seed, run.size);
}

/** A new run of a map: at its start, the rooms around it discovered. */
export function startRun(
  seed: number,
  size: DungeonSize,
  speedrun: boolean,
  now: number,
  perception: number,
  guild?: GuildRunOf,
): { run: DungeonRun; map: DungeonMap } {
  const map = mapOfRun({ seed, size, guild });
  const run: DungeonRun = {
    seed,
    size,
    speedrun,
    startedAt: now,
    x: map.start % map.side,
    y: Math.floor(map.start / map.side),
    flags: {},
    wounds: {},
    discovered: [],
    keys: [],
    loot: {},
    movedAt: 0,
    interactedAt: 0,
    ...(guild ? { guild: { guildId: guild.guildId, level: guild.level } } : {}),
  };
  discover(map, run, perception);
  return { run, map };
}

/** A room's flags in this run (the map's, or what the run changed). */
export function runFlags(map: DungeonMap, run: DungeonRun, cell: number): number {
  return run.flags[cell] ?? (map.rooms[cell] as MapRoom).flags;
}

/** Discovers the rooms within the view radius (Perception + 1, square); returns how many. */
export function discover(map: DungeonMap, run: DungeonRun, perception: number): number {
  const r = viewRadius(perception);
  const known = new Set(run.discovered);
  let found = 0;
  for (let y = Math.max(0, run.y - r); y <= Math.min(map.side - 1, run.y + r); y++) {
    for (let x = Math.max(0, run.x - r); x <= Math.min(map.side - 1, run.x + r); x++) {
      const c = y * map.side + x;
      if (known.has(c)) continue;
      run.discovered.push(c);
      found++;
    }
  }
  return found;
}

export type MoveOutcome =
  | { readonly kind: "moved"; readonly discovered: number }
  | { readonly kind: "fight"; readonly cell: number; readonly occupant: number }
  | { readonly kind: "clear"; readonly cell: number; readonly occupant: number };

/**
 * Checks a move to (x, y) (spec: a neighbouring cell only, no faster than the movement delay)
 * and makes it: into an empty room it moves and discovers; a knight there is fought (the caller
 * resolves the battle with `knightEnemy` and calls `knightBeaten` or `knightWounded`); a rock,
 * water or tree is cleared (the caller pays its resources). Throws nothing: returns a refusal.
 */
export function checkMove(
  map: DungeonMap,
  run: DungeonRun,
  x: number,
  y: number,
  now: number,
  swiftness: number,
): { ok: true; cell: number } | { ok: false; error: string } {
  const dx = x - run.x;
  const dy = y - run.y;
  if (Math.abs(dx) + Math.abs(dy) !== 1) {
    return { ok: false, error: "You can only move to a neighbouring room." };
  }
  if (x < 0 || y < 0 || x >= map.side || y >= map.side) {
    return { ok: false, error: "There is no room there." };
  }
  const here = map.rooms[run.y * map.side + run.x] as MapRoom;
  if ((here.doors & doorToward(dx, dy)) === 0)
    return { ok: false, error: "A wall blocks the way." };
  const cell = y * map.side + x;
  const target = map.rooms[cell] as MapRoom;
  if (target.lock > 0 && !run.keys.includes(target.lock)) {
    return { ok: false, error: `That door is locked: it needs key ${target.lock}.` };
  }
  if (now - run.movedAt < moveDelayMs(swiftness) - MOVE_TOLERANCE_MS) {
    return { ok: false, error: "Not so fast: wait for your movement delay." };
  }
  return { ok: true, cell };
}

/** Makes a checked move (see {@link checkMove}). */
export function applyMove(
  map: DungeonMap,
  run: DungeonRun,
  cell: number,
  now: number,
  perception: number,
): MoveOutcome {
  run.movedAt = now;
  const occupant = occupantOf(runFlags(map, run, cell));
  if (isKnight(occupant)) return { kind: "fight", cell, occupant };
  if (occupant !== Occupant.None) {
    run.flags[cell] = withOccupant(runFlags(map, run, cell), Occupant.None);
    return { kind: "clear", cell, occupant };
  }
  run.x = cell % map.side;
  run.y = Math.floor(cell / map.side);
  return { kind: "moved", discovered: discover(map, run, perception) };
}

/** Knight elements: red fire, blue water, green nature. */
const KNIGHT_ELEMENT: Readonly<Record<number, Element>> = {
  [Occupant.RedKnight]: Element.Fire,
  [Occupant.BlueKnight]: Element.Water,
  [Occupant.GreenKnight]: Element.Nature,
};

/**
 * A knight of a dungeon (our design): the enemy of the player's battle level, 25% stronger per
 * size step, of its colour's element; `health` its health left when wounded before.
 */
export function knightEnemy(
  occupant: number,
  playerLevel: number,
  size: DungeonSize,
  health?: number,
): Enemy {
  const level = Math.max(1, Math.round(Math.max(1, playerLevel) * (1 + 0.25 * (size - 1))));
  const stats = enemyStatsForLevel(level);
  return {
    zone: Zone.RadiantGrove,
    number: 0,
    name: OCCUPANT_NAMES[occupant] ?? "Knight",
    level,
    element: KNIGHT_ELEMENT[occupant] ?? Element.Fire,
    health: health !== undefined && health > 0 ? Math.min(health, stats.health) : stats.health,
    ward: stats.ward,
    damage: stats.damage,
  };
}

/** The knight of a cell fell: its room is free (the player stays and moves in next). */
export function knightBeaten(map: DungeonMap, run: DungeonRun, cell: number): void {
  run.flags[cell] = withOccupant(runFlags(map, run, cell), Occupant.None);
  delete run.wounds[cell];
}

export type InteractOutcome =
  | { readonly kind: "chest"; readonly key: number }
  | { readonly kind: "exit" }
  | { readonly kind: "nothing" };

/** Checks the interaction throttle (spec: 500 ms). */
export function interactError(run: DungeonRun, now: number): string | null {
  return now - run.interactedAt < INTERACT_THROTTLE_MS
    ? "Not so fast: one interaction every half second."
    : null;
}

/**
 * Interacts with the player's own room: opens its chest (a key goes to the keys; treasure is
 * the caller's to roll), or at the exit leaves (the caller completes the run).
 */
export function interact(map: DungeonMap, run: DungeonRun, now: number): InteractOutcome {
  run.interactedAt = now;
  const cell = run.y * map.side + run.x;
  const flags = runFlags(map, run, cell);
  if ((flags & RoomFlag.Chest) !== 0 && (flags & RoomFlag.Opened) === 0) {
    run.flags[cell] = flags | RoomFlag.Opened;
    const key = (map.rooms[cell] as MapRoom).key;
    if (key > 0 && key <= MAX_KEYS && !run.keys.includes(key)) run.keys.push(key);
    return { kind: "chest", key };
  }
  if ((flags & RoomFlag.Exit) !== 0) return { kind: "exit" };
  return { kind: "nothing" };
}

/** Chests opened in this run. */
export function chestsOpened(run: DungeonRun): number {
  let n = 0;
  for (const key in run.flags) if (((run.flags[key] ?? 0) & RoomFlag.Opened) !== 0) n++;
  return n;
}
