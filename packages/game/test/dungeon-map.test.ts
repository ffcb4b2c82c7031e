import { describe, expect, it } from "vitest";
import {
  applyMove,
  checkMove,
  chestsOpened,
  type DungeonMap,
  type DungeonRun,
  doorToward,
  generateMap,
  interact,
  interactError,
  isKnight,
  knightBeaten,
  knightEnemy,
  MAP_SHAPES,
  type MapRoom,
  Occupant,
  occupantOf,
  RoomFlag,
  reachable,
  startRun,
} from "../src";

/** Whether the exit can be reached from the start, picking up keys from chests on the way. */
function solvable(map: DungeonMap): boolean {
  const keys = new Set<number>();
  for (let round = 0; round < 40; round++) {
    const blocked = new Set(
      map.rooms.flatMap((r, c) => (r.lock > 0 && !keys.has(r.lock) ? [c] : [])),
    );
    const open = reachable(map.rooms, map.side, map.start, blocked);
    if (open.includes(map.exit)) return true;
    const before = keys.size;
    for (const c of open) if ((map.rooms[c] as MapRoom).key > 0) keys.add(map.rooms[c]!.key);
    if (keys.size === before) return false;
  }
  return false;
}

describe("dungeon map generation", () => {
  it("is deterministic per seed and differs between seeds", () => {
    expect(generateMap(42, 2)).toEqual(generateMap(42, 2));
    expect(generateMap(42, 2)).not.toEqual(generateMap(43, 2));
  });

  it("makes a connected maze with an exit, locks with reachable keys, chests and occupants", () => {
    for (const size of [1, 2, 3] as const) {
      for (let seed = 1; seed <= 40; seed++) {
        const map = generateMap(seed, size);
        const shape = MAP_SHAPES[size];
        expect(map.rooms).toHaveLength(shape.side ** 2);
        expect(reachable(map.rooms, map.side, map.start, new Set())).toHaveLength(map.rooms.length);
        expect(map.rooms.filter((r) => (r.flags & RoomFlag.Exit) !== 0)).toHaveLength(1);
        expect(map.exit).not.toBe(map.start);
        // Doors match on both sides.
        for (const [c, r] of map.rooms.entries()) {
          if (r.doors & doorToward(1, 0))
            expect(map.rooms[c + 1]!.doors & doorToward(-1, 0)).toBeTruthy();
        }
        expect(solvable(map)).toBe(true);
        const chests = map.rooms.filter((r) => (r.flags & RoomFlag.Chest) !== 0).length;
        expect(chests).toBeGreaterThanOrEqual(shape.chests);
        const occupants = map.rooms.filter((r) => occupantOf(r.flags) !== 0);
        expect(occupants.length).toBe(shape.knights + shape.nature);
        expect(occupantOf(map.rooms[map.start]!.flags)).toBe(0);
        for (const r of occupants) expect(occupantOf(r.flags)).toBeLessThanOrEqual(6);
      }
    }
  });
});

describe("a run by hand", () => {
  const open = (map: DungeonMap, run: DungeonRun) => {
    const here = map.rooms[run.y * map.side + run.x]!;
    for (const [dx, dy] of [
      [1, 0],
      [-1, 0],
      [0, 1],
      [0, -1],
    ] as const) {
      if (here.doors & doorToward(dx, dy)) return { x: run.x + dx, y: run.y + dy };
    }
    throw new Error("no door");
  };

  it("starts in the middle with the view radius discovered (Perception + 1)", () => {
    const { run, map } = startRun(5, 1, false, 1000, 0);
    expect([run.x, run.y]).toEqual([3, 3]);
    expect(run.discovered).toHaveLength(9);
    expect(startRun(5, 3, false, 1000, 2).run.discovered).toHaveLength(49);
    expect(map.side).toBe(7);
  });

  it("moves one neighbouring room through a door, no faster than the delay", () => {
    const { run, map } = startRun(11, 2, false, 0, 0);
    const far = checkMove(map, run, run.x + 2, run.y, 10_000, 0);
    expect(far).toEqual({ ok: false, error: "You can only move to a neighbouring room." });
    expect(checkMove(map, run, run.x + 1, run.y + 1, 10_000, 0).ok).toBe(false);
    const to = open(map, run);
    const ok = checkMove(map, run, to.x, to.y, 10_000, 0);
    expect(ok.ok).toBe(true);
    if (!ok.ok) return;
    const occupant = occupantOf(map.rooms[ok.cell]!.flags);
    const moved = applyMove(map, run, ok.cell, 10_000, 0);
    if (occupant === 0) expect([run.x, run.y]).toEqual([to.x, to.y]);
    else expect(moved.kind).not.toBe("moved");
    const back = open(map, run);
    expect(checkMove(map, run, back.x, back.y, 11_000, 0)).toEqual({
      ok: false,
      error: "Not so fast: wait for your movement delay.",
    });
    expect(checkMove(map, run, back.x, back.y, 11_000, 10).ok).toBe(true); // 500 ms with Swiftness 10
  });

  it("refuses walls and locked doors without their key", () => {
    const map = generateMap(3, 3);
    const locked = map.rooms.findIndex((r) => r.lock > 0);
    expect(locked).toBeGreaterThanOrEqual(0);
    const { run } = startRun(3, 3, false, 0, 0);
    const room = map.rooms[locked]!;
    // Stand next to the locked room, on the side of its door.
    const side = [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ].find(([dx, dy]) => room.doors & doorToward(dx!, dy!))!;
    run.x = room.x + side[0]!;
    run.y = room.y + side[1]!;
    expect(checkMove(map, run, room.x, room.y, 5000, 0)).toEqual({
      ok: false,
      error: `That door is locked: it needs key ${room.lock}.`,
    });
    run.keys.push(room.lock);
    expect(checkMove(map, run, room.x, room.y, 5000, 0).ok).toBe(true);
    // A wall: some neighbour without a door.
    const here = map.rooms[run.y * map.side + run.x]!;
    const wall = [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ].find(
      ([dx, dy]) =>
        !(here.doors & doorToward(dx!, dy!)) &&
        run.x + dx! >= 0 &&
        run.y + dy! >= 0 &&
        run.x + dx! < map.side &&
        run.y + dy! < map.side,
    );
    if (wall) {
      expect(checkMove(map, run, run.x + wall[0]!, run.y + wall[1]!, 5000, 0)).toEqual({
        ok: false,
        error: "A wall blocks the way.",
      });
    }
  });

  it("opens a chest once (a key chest gives its key), leaves at the exit, throttles interactions", () => {
    const { run, map } = startRun(8, 2, false, 0, 0);
    const keyCell = map.rooms.findIndex((r) => r.key > 0);
    run.x = keyCell % map.side;
    run.y = Math.floor(keyCell / map.side);
    expect(interact(map, run, 1000)).toEqual({ kind: "chest", key: map.rooms[keyCell]!.key });
    expect(run.keys).toEqual([map.rooms[keyCell]!.key]);
    expect(interactError(run, 1200)).toMatch(/Not so fast/);
    expect(interactError(run, 1500)).toBeNull();
    expect(interact(map, run, 1500)).toEqual({ kind: "nothing" });
    expect(chestsOpened(run)).toBe(1);
    run.x = map.exit % map.side;
    run.y = Math.floor(map.exit / map.side);
    expect(interact(map, run, 3000).kind).toBe(
      map.rooms[map.exit]!.flags & RoomFlag.Chest ? "chest" : "exit",
    );
  });

  it("knights: stronger per size, wounds kept, gone once beaten", () => {
    expect(knightEnemy(Occupant.RedKnight, 40, 1).level).toBe(40);
    expect(knightEnemy(Occupant.BlueKnight, 40, 3).level).toBe(60);
    expect(knightEnemy(Occupant.GreenKnight, 40, 1, 5).health).toBe(5);
    const { run, map } = startRun(9, 1, false, 0, 0);
    const cell = map.rooms.findIndex((r) => isKnight(occupantOf(r.flags)));
    run.wounds[cell] = 3;
    knightBeaten(map, run, cell);
    expect(occupantOf(run.flags[cell]!)).toBe(0);
    expect(run.wounds[cell]).toBeUndefined();
  });
});
