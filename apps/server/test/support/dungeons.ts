import { type DungeonMap, type DungeonRun, doorToward, type MapRoom } from "@manaspire/game";
import { mapOf } from "../../src/world/dungeon-run-view";
import type { LoadedPlayer } from "../../src/world/loaded-player";

/** The steps (cells) from the run's room to `target` through doors, ignoring locks. */
export function pathTo(map: DungeonMap, from: number, target: number): number[] {
  const prev = new Map<number, number>([[from, -1]]);
  const queue = [from];
  while (queue.length > 0) {
    const c = queue.shift() as number;
    if (c === target) break;
    const room = map.rooms[c] as MapRoom;
    for (const [dx, dy] of [
      [0, -1],
      [1, 0],
      [0, 1],
      [-1, 0],
    ] as const) {
      if ((room.doors & doorToward(dx, dy)) === 0) continue;
      const next = c + dy * map.side + dx;
      if (prev.has(next)) continue;
      prev.set(next, c);
      queue.push(next);
    }
  }
  const path: number[] = [];
  for (let c = target; c !== from; c = prev.get(c) as number) path.unshift(c);
  return path;
}

/** The run and map of a loaded player in a dungeon. */
export function runAndMap(p: LoadedPlayer): { run: DungeonRun; map: DungeonMap } {
  const run = p.dungeon.run;
  if (!run) throw new Error("no dungeon in progress");
  return { run, map: mapOf(run) };
}

/** The run's current cell. */
export function cellOf(run: DungeonRun, map: DungeonMap): number {
  return run.y * map.side + run.x;
}
