import {
  type DungeonMap,
  type DungeonRun,
  discover,
  doorToward,
  Occupant,
  runFlags,
  withOccupant,
} from "@manaspire/game";
import type { GameServer } from "../apps/server/src/server";
import { dungeonStateOf } from "../apps/server/src/world/dungeon-run-view";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
import { Col, markDirty } from "../apps/server/src/world/player-columns";

/**
 * What the dungeon specs share: a signed-in page of a new player of the spec's own world, and
 * the walk to a room done in memory (the step into it is the browser's).
 */

/** The four doors of a room: the step each way and the arrow key that takes it. */
export const SIDES = [
  [0, -1, "ArrowUp"],
  [1, 0, "ArrowRight"],
  [0, 1, "ArrowDown"],
  [-1, 0, "ArrowLeft"],
] as const;

/**
 * Puts the player (in memory) in the room beside `cell` that has a door into it, clears the
 * occupant of `cell`, gives the key of its lock, and tells the browser; returns the key that
 * steps into `cell`.
 */
export function standBeside(
  server: GameServer,
  p: LoadedPlayer,
  run: DungeonRun,
  map: DungeonMap,
  cell: number,
): string {
  const room = map.rooms[cell]!;
  const side = SIDES.find(([dx, dy]) => room.doors & doorToward(dx, dy))!;
  run.x = room.x + side[0];
  run.y = room.y + side[1];
  run.flags[cell] = withOccupant(runFlags(map, run, cell), Occupant.None);
  if (room.lock > 0 && !run.keys.includes(room.lock)) run.keys.push(room.lock);
  run.movedAt = 0;
  discover(map, run, 0);
  markDirty(p, Col.dungeon);
  server.sessions.send(p.id, "dungeonState", { state: dungeonStateOf(p, run) });
  // Back from the neighbour into the cell: the opposite of the side.
  const back = SIDES.find(([dx, dy]) => dx === -side[0] && dy === -side[1])!;
  return back[2];
}
