import type { FastifyBaseLogger } from "fastify";
import type { Sessions } from "../socket/sessions";
import type { Ownership } from "../world/ownership";
import type { PlayerStore } from "../world/player-store";
import type { Bus } from "./bus";

/** How long a connection waits for the owner to let its player go before it is refused. */
export const HANDOVER_TIMEOUT_MS = 5000;
/** Close code and reason for the sockets of a player taken over by another process. */
export const CLOSE_MOVED = 4009;
export const PLAYING_ELSEWHERE = "Playing in another window";

/**
 * Taking a player over from the process that owns it (several processes, docs/core/processes.md
 * "Several processes"): the process where the player connects asks the owner over the bus; the owner
 * closes the player's sockets there, saves the player whole, drops it and writes the asker as
 * the owner in the same row; then it answers, and the asker loads the player.
 */
export class Handover {
  private readonly waiting = new Map<number, Set<() => void>>();

  constructor(
    private readonly bus: Bus,
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    private readonly ownership: Ownership,
    private readonly log?: FastifyBaseLogger,
  ) {
    bus.on((msg) => {
      if (msg.k === "release") this.release(msg.playerId, msg.from);
      else if (msg.k === "released") this.settle(msg.playerId);
    });
  }

  /** Asks process `ownerId` for the player; true once it let go, false after the timeout. */
  request(playerId: number, ownerId: number): Promise<boolean> {
    if (!this.bus.distributed || ownerId === 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      let waiters = this.waiting.get(playerId);
      if (!waiters) {
        waiters = new Set();
        this.waiting.set(playerId, waiters);
      }
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        waiters.delete(done);
        if (waiters.size === 0) this.waiting.delete(playerId);
        resolve(false);
      }, HANDOVER_TIMEOUT_MS);
      waiters.add(done);
      this.bus.send(ownerId, { k: "release", playerId, from: this.ownership.id });
    });
  }

  private settle(playerId: number): void {
    const waiters = this.waiting.get(playerId);
    if (!waiters) return;
    this.waiting.delete(playerId);
    for (const done of waiters) done();
  }

  /** The owner's side. */
  private release(playerId: number, from: number): void {
    const started = performance.now();
    this.sessions.closePlayer(playerId, CLOSE_MOVED, PLAYING_ELSEWHERE);
    this.store
      .handOver(playerId, from)
      .then((released) => {
        if (!released) {
          this.log?.warn({ player: playerId, to: from }, "player busy: hand-over refused");
          return;
        }
        this.log?.info(
          { player: playerId, to: from, ms: Math.round(performance.now() - started) },
          "player handed over",
        );
        this.bus.send(from, { k: "released", playerId });
      })
      .catch((err) => this.log?.error({ err, player: playerId }, "hand-over failed"));
  }
}
