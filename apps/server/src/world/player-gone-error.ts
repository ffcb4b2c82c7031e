import type { LoadedPlayer } from "./loaded-player";

/** A player's row vanished (or went to another process) under a move: nothing was written. */
export class PlayerGoneError extends Error {
  override name = "PlayerGoneError";
  constructor(readonly missing: readonly LoadedPlayer[] = []) {
    super("a player's row is gone");
  }
}
