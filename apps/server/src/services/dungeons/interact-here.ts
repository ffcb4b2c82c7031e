import { type DungeonRun, interact, interactError } from "@manaspire/game";
import { GameError } from "../../socket/handlers";
import { mapOf } from "../../world/dungeon-run-view";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";

/**
 * E or Space in the player's room of a run, solo or guild: the 500 ms throttle checked (a
 * refusal is a GameError, nothing changed), then the room's interaction (a chest, the exit).
 * Returns what happened and the room's cell; what it means is the caller's.
 */
export function interactHere(p: LoadedPlayer, run: DungeonRun, now: number) {
  const error = interactError(run, now);
  if (error) throw new GameError(error);
  const map = mapOf(run);
  const cell = run.y * map.side + run.x;
  const result = interact(map, run, now);
  markDirty(p, Col.dungeon);
  return { result, cell };
}
