/**
 * Guild dungeon floors (docs/game-rules.md "Guild dungeons"): one map per guild and
 * DungeonLevel, generated from a seed of the two, larger than a large solo dungeon, and its
 * objectives, read off the map (every member's copy of the floor has the same ones).
 */
import { seedFrom } from "../rng";
import {
  type DungeonMap,
  doorToward,
  generateMap,
  isKnight,
  type MapRoom,
  type MapShape,
  OCCUPANT_NAMES,
  occupantOf,
  RoomFlag,
} from "./map";
import type { DungeonSize } from "./rules";

/** A guild floor: 13 × 13 rooms, 3 locks, 12 treasure chests, 12 knights, 8 rocks/water/trees. */
export const GUILD_MAP_SHAPE: MapShape = { side: 13, locks: 3, chests: 12, knights: 12, nature: 8 };
/** A guild floor counts as a large dungeon where a size matters (the knights' size step). */
export const GUILD_DUNGEON_SIZE: DungeonSize = 3;

/** The seed of a guild's floor: the same guild and level always give the same map. */
export function guildDungeonSeed(guildId: number, level: number): number {
  return seedFrom(guildId, level, 0x6d1d);
}

export function generateGuildMap(seed: number): DungeonMap {
  return generateMap(seed, GUILD_DUNGEON_SIZE, GUILD_MAP_SHAPE);
}

export const ObjectiveKind = { Knight: 1, Vault: 2, Exit: 3 } as const;
export type ObjectiveKindValue = (typeof ObjectiveKind)[keyof typeof ObjectiveKind];

export interface GuildObjective {
  /** 1-5, stable for a floor. */
  readonly id: number;
  readonly kind: ObjectiveKindValue;
  readonly cell: number;
  readonly x: number;
  readonly y: number;
}

/** Boss knights and vaults a floor names (our design): 2 + 2 + the exit = 5 objectives. */
export const GUILD_BOSSES = 2;
export const GUILD_VAULTS = 2;

/** Steps from the start to every cell through doors (locks ignored). */
function distances(map: DungeonMap): Int32Array {
  const dist = new Int32Array(map.rooms.length).fill(-1);
  dist[map.start] = 0;
  const queue = [map.start];
  for (let i = 0; i < queue.length; i++) {
    const c = queue[i] as number;
    const room = map.rooms[c] as MapRoom;
    for (const [dx, dy] of [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const) {
      if ((room.doors & doorToward(dx, dy)) === 0) continue;
      const next = c + dy * map.side + dx;
      if ((dist[next] as number) >= 0) continue;
      dist[next] = (dist[c] as number) + 1;
      queue.push(next);
    }
  }
  return dist;
}

/**
 * The floor's objectives: the two knights farthest from the start are its bosses (ids 1, 2),
 * the treasure chest nearest the start and the one farthest are its vaults (ids 3, 4), and
 * reaching the exit is id 5. Ties go to the lower cell. Pure: every process derives the same.
 */
export function guildObjectives(map: DungeonMap): GuildObjective[] {
  const dist = distances(map);
  const byDistance = (a: number, b: number) => (dist[a] as number) - (dist[b] as number) || a - b;
  const knights: number[] = [];
  const vaults: number[] = [];
  map.rooms.forEach((room, cell) => {
    if (isKnight(occupantOf(room.flags))) knights.push(cell);
    else if ((room.flags & RoomFlag.Chest) !== 0 && room.key === 0) vaults.push(cell);
  });
  knights.sort(byDistance);
  vaults.sort(byDistance);
  const bosses = knights.slice(-GUILD_BOSSES).reverse();
  const chosen = vaults.length > 1 ? [vaults[0], vaults[vaults.length - 1]] : vaults;
  const at = (id: number, kind: ObjectiveKindValue, cell: number): GuildObjective => ({
    id,
    kind,
    cell,
    x: cell % map.side,
    y: Math.floor(cell / map.side),
  });
  const out: GuildObjective[] = [];
  bosses.forEach((cell, i) => {
    out.push(at(1 + i, ObjectiveKind.Knight, cell));
  });
  chosen.slice(0, GUILD_VAULTS).forEach((cell, i) => {
    out.push(at(1 + GUILD_BOSSES + i, ObjectiveKind.Vault, cell as number));
  });
  out.push(at(1 + GUILD_BOSSES + GUILD_VAULTS, ObjectiveKind.Exit, map.exit));
  return out;
}

/** What an objective asks, e.g. "Defeat the Red Knight at (3, 9)". */
export function objectiveText(map: DungeonMap, o: GuildObjective): string {
  const where = `(${o.x}, ${o.y})`;
  if (o.kind === ObjectiveKind.Knight) {
    const room = map.rooms[o.cell] as MapRoom;
    return `Defeat the ${OCCUPANT_NAMES[occupantOf(room.flags)] ?? "Knight"} at ${where}`;
  }
  if (o.kind === ObjectiveKind.Vault) return `Open the vault at ${where}`;
  return `Reach the exit at ${where}`;
}

/** The objective a room's event completes, if any. */
export function objectiveAt(
  objectives: readonly GuildObjective[],
  kind: ObjectiveKindValue,
  cell: number,
): GuildObjective | undefined {
  return objectives.find((o) => o.kind === kind && o.cell === cell);
}
