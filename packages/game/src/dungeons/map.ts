/**
 * Dungeon maps, generated from a seed (the same seed always gives the same map): a maze of
 * rooms on a square grid (a spanning tree, so a locked room can only be reached through its
 * door), with the start in the middle, the exit at the room farthest from it, locks on the way
 * to the exit whose keys lie in chests before them, treasure chests and occupants (knights to
 * fight; rocks, water and trees to clear). Spec 001 "Room flags": bit 1 exit, bit 2 chest,
 * bit 4 chest opened, bits 3-5 (value 1-6) the occupant.
 */
import { createRng, type Rng } from "../rng";
import type { DungeonSize } from "./rules";

export const RoomFlag = { Exit: 1, Chest: 2, Opened: 4 } as const;
export const OCCUPANT_SHIFT = 3;
export const OCCUPANT_MASK = 7 << OCCUPANT_SHIFT;
export const Occupant = {
  None: 0,
  RedKnight: 1,
  BlueKnight: 2,
  GreenKnight: 3,
  Rock: 4,
  Water: 5,
  Tree: 6,
} as const;
export const OCCUPANT_NAMES = [
  "",
  "Red Knight",
  "Blue Knight",
  "Green Knight",
  "Rock",
  "Water",
  "Tree",
];
/** At most this many keys (spec: 36 possible keys). */
export const MAX_KEYS = 36;

/** Doors of a room, one bit per side (our "children" field). */
export const Door = { North: 1, East: 2, South: 4, West: 8 } as const;
const SIDES = [
  { bit: Door.North, dx: 0, dy: -1, back: Door.South },
  { bit: Door.East, dx: 1, dy: 0, back: Door.West },
  { bit: Door.South, dx: 0, dy: 1, back: Door.North },
  { bit: Door.West, dx: -1, dy: 0, back: Door.East },
] as const;

export interface MapRoom {
  readonly x: number;
  readonly y: number;
  flags: number;
  /** The key (1-36) its door needs, 0 when open. */
  lock: number;
  /** Doors (Door bits). */
  doors: number;
  /** The key its chest holds (0: treasure). */
  key: number;
}

export interface DungeonMap {
  readonly size: DungeonSize;
  /** Width and height of the grid (the map is square). */
  readonly side: number;
  /** Rooms by cell (y × side + x). */
  readonly rooms: MapRoom[];
  readonly start: number;
  readonly exit: number;
}

/** What a map holds: grid side, locks, treasure chests, knights, rocks/water/trees. */
export interface MapShape {
  readonly side: number;
  readonly locks: number;
  readonly chests: number;
  readonly knights: number;
  readonly nature: number;
}

/** Grid side, locks, treasure chests and occupants by size (our design). */
export const MAP_SHAPES: Readonly<Record<DungeonSize, MapShape>> = {
  1: { side: 7, locks: 1, chests: 4, knights: 3, nature: 3 },
  2: { side: 9, locks: 2, chests: 7, knights: 5, nature: 5 },
  3: { side: 11, locks: 3, chests: 10, knights: 8, nature: 7 },
};

export function occupantOf(flags: number): number {
  return (flags & OCCUPANT_MASK) >> OCCUPANT_SHIFT;
}

export function withOccupant(flags: number, occupant: number): number {
  return (flags & ~OCCUPANT_MASK) | (occupant << OCCUPANT_SHIFT);
}

export function isKnight(occupant: number): boolean {
  return occupant >= Occupant.RedKnight && occupant <= Occupant.GreenKnight;
}

/** The door bit from one cell to its neighbour at (dx, dy), or 0 when not a side step. */
export function doorToward(dx: number, dy: number): number {
  return SIDES.find((s) => s.dx === dx && s.dy === dy)?.bit ?? 0;
}

/**
 * Generates the map of a seed and size (`shape` defaults to the size's; guild dungeons pass
 * their larger one).
 */
export function generateMap(
  seed: number,
  size: DungeonSize,
  shape: MapShape = MAP_SHAPES[size],
): DungeonMap {
  const rng = createRng(seed);
  const side = shape.side;
  const n = side * side;
  const rooms: MapRoom[] = Array.from({ length: n }, (_, c) => ({
    x: c % side,
    y: Math.floor(c / side),
    flags: 0,
    lock: 0,
    doors: 0,
    key: 0,
  }));
  const start = Math.floor(side / 2) * side + Math.floor(side / 2);
  const parent = carve(rooms, side, start, rng);
  const depth = depths(parent, start);
  let exit = start;
  for (let c = 0; c < n; c++) if ((depth[c] ?? 0) > (depth[exit] ?? 0)) exit = c;
  (rooms[exit] as MapRoom).flags |= RoomFlag.Exit;

  // Locks on the path to the exit, spread along it; each key in a chest reachable before it.
  const path: number[] = [];
  for (let c = exit; c !== start; c = parent[c] as number) path.unshift(c);
  const locked: number[] = [];
  for (let i = 1; i <= shape.locks && path.length > 2; i++) {
    const at = path[Math.floor((i * (path.length - 1)) / (shape.locks + 1))] as number;
    if (at === exit || locked.includes(at)) continue;
    locked.push(at);
    (rooms[at] as MapRoom).lock = locked.length;
  }
  const used = new Set<number>([start, exit]);
  locked.forEach((lockCell, i) => {
    // Cells reachable from the start without entering this lock or any later one.
    const before = reachable(rooms, side, start, new Set(locked.slice(i)));
    const free = before.filter((c) => !used.has(c));
    const at = free.length > 0 ? (free[rng.int(free.length)] as number) : start;
    if (at === start) {
      (rooms[lockCell] as MapRoom).lock = 0; // no room for its key: no lock
      return;
    }
    used.add(at);
    const room = rooms[at] as MapRoom;
    room.flags |= RoomFlag.Chest;
    room.key = (rooms[lockCell] as MapRoom).lock;
  });
  const pick = (): number | undefined => {
    const free: number[] = [];
    for (let c = 0; c < n; c++) if (!used.has(c) && !locked.includes(c)) free.push(c);
    if (free.length === 0) return undefined;
    const c = free[rng.int(free.length)] as number;
    used.add(c);
    return c;
  };
  for (let i = 0; i < shape.chests; i++) {
    const c = pick();
    if (c !== undefined) (rooms[c] as MapRoom).flags |= RoomFlag.Chest;
  }
  for (let i = 0; i < shape.knights; i++) {
    const c = pick();
    const room = c === undefined ? undefined : rooms[c];
    if (room) room.flags = withOccupant(room.flags, Occupant.RedKnight + rng.int(3));
  }
  for (let i = 0; i < shape.nature; i++) {
    const c = pick();
    const room = c === undefined ? undefined : rooms[c];
    if (room) room.flags = withOccupant(room.flags, Occupant.Rock + rng.int(3));
  }
  return { size, side, rooms, start, exit };
}

/** A random depth-first maze from `start`; returns each cell's parent (start: -1). */
function carve(rooms: MapRoom[], side: number, start: number, rng: Rng): Int32Array {
  const parent = new Int32Array(rooms.length).fill(-2);
  parent[start] = -1;
  const stack = [start];
  while (stack.length > 0) {
    const c = stack[stack.length - 1] as number;
    const x = c % side;
    const y = Math.floor(c / side);
    const open = SIDES.filter((s) => {
      const nx = x + s.dx;
      const ny = y + s.dy;
      return nx >= 0 && ny >= 0 && nx < side && ny < side && parent[ny * side + nx] === -2;
    });
    if (open.length === 0) {
      stack.pop();
      continue;
    }
    const s = open[rng.int(open.length)] as (typeof SIDES)[number];
    const next = (y + s.dy) * side + (x + s.dx);
    parent[next] = c;
    (rooms[c] as MapRoom).doors |= s.bit;
    (rooms[next] as MapRoom).doors |= s.back;
    stack.push(next);
  }
  return parent;
}

function depths(parent: Int32Array, start: number): Int32Array {
  const depth = new Int32Array(parent.length).fill(-1);
  depth[start] = 0;
  const find = (c: number): number => {
    if ((depth[c] as number) >= 0) return depth[c] as number;
    const d = find(parent[c] as number) + 1;
    depth[c] = d;
    return d;
  };
  for (let c = 0; c < parent.length; c++) find(c);
  return depth;
}

/** Cells reachable from `from` through doors without entering a cell of `blocked`. */
export function reachable(
  rooms: readonly MapRoom[],
  side: number,
  from: number,
  blocked: ReadonlySet<number>,
): number[] {
  const seen = new Set<number>([from]);
  const queue = [from];
  while (queue.length > 0) {
    const c = queue.shift() as number;
    const room = rooms[c] as MapRoom;
    for (const s of SIDES) {
      if ((room.doors & s.bit) === 0) continue;
      const next = c + s.dy * side + s.dx;
      if (seen.has(next) || blocked.has(next)) continue;
      seen.add(next);
      queue.push(next);
    }
  }
  return [...seen];
}
