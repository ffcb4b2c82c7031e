import { OwnedElsewhereError } from "../world/player-store";

/**
 * Owners one sign-in follows the player to. After a process dies, the connection that waited
 * for its lease races the other live processes' pick-up of its acting players: when another
 * one wins, the player has a live owner again, and the connection asks that one to hand it over
 * (cluster-redis.test: a killed process's player was refused with "Playing on another server"
 * once, under load, 2026-11-29).
 */
export const TAKE_OVER_ATTEMPTS = 3;

/**
 * The player from `get`; when another process holds it, taken over (`takeOver`: a hand-over
 * from a live owner, or its lease waited out) and got again, following up to
 * {@link TAKE_OVER_ATTEMPTS} owners. Throws the last `OwnedElsewhereError` past that, or when a
 * take-over fails.
 */
export async function loadTakingOver<T>(
  id: number,
  get: (id: number) => Promise<T>,
  takeOver?: (id: number, ownerId: number) => Promise<boolean>,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await get(id);
    } catch (err) {
      if (!(err instanceof OwnedElsewhereError) || !takeOver || attempt > TAKE_OVER_ATTEMPTS) {
        throw err;
      }
      if (!(await takeOver(id, err.ownerId))) throw err;
    }
  }
}
