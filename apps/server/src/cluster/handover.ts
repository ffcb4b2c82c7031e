import type { FastifyBaseLogger } from "fastify";
import type { Sessions } from "../socket/sessions";
import type { Ownership } from "../world/ownership";
import type { PlayerStore } from "../world/player-store";
import type { Bus } from "./bus";

/** How long a connection waits for the owner to answer before it is refused. */
export const HANDOVER_TIMEOUT_MS = 5000;
/**
 * How long it waits once the owner said it is saving the player (`releasing`): a busy owner
 * (thousands of hand-overs at once, a long flush ahead of them) is slow, not gone.
 */
export const HANDOVER_SAVING_MS = 20_000;
/** How often a connection whose owner is silent checks whether that owner's lease is over. */
const GONE_POLL_MS = 250;
/** Past the lease: a heartbeat's lateness that still does not make a process dead. */
const LEASE_SLACK_MS = 2000;
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
  /** Per player, the connections waiting for its owner: each one's `done` and `saving`. */
  private readonly waiting = new Map<number, Map<() => void, () => void>>();
  /** Owners nobody hears on the bus, each watched until its lease is over (or it renews). */
  private readonly silent = new Map<number, Promise<boolean>>();

  constructor(
    private readonly bus: Bus,
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    private readonly ownership: Ownership,
    private readonly log?: FastifyBaseLogger,
  ) {
    bus.on((msg) => {
      if (msg.k === "release") this.release(msg.playerId, msg.from);
      else if (msg.k === "releasing") this.saving(msg.playerId);
      else if (msg.k === "released") this.settle(msg.playerId);
    });
  }

  /**
   * Asks process `ownerId` for the player; true once it let go, or once it is known dead and
   * its lease is over (the player is free to claim); false after the timeout.
   */
  request(playerId: number, ownerId: number): Promise<boolean> {
    if (!this.bus.distributed || ownerId === 0) return Promise.resolve(false);
    return new Promise((resolve) => {
      let waiters = this.waiting.get(playerId);
      if (!waiters) {
        waiters = new Map();
        this.waiting.set(playerId, waiters);
      }
      let timer: NodeJS.Timeout | undefined;
      const giveUp = () => {
        waiters.delete(done);
        if (waiters.size === 0 && this.waiting.get(playerId) === waiters) {
          this.waiting.delete(playerId);
        }
        resolve(false);
      };
      const wait = (ms: number) => {
        clearTimeout(timer);
        timer = setTimeout(giveUp, ms);
      };
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      wait(HANDOVER_TIMEOUT_MS);
      waiters.set(done, () => wait(HANDOVER_SAVING_MS));
      void this.bus
        .send(ownerId, { k: "release", playerId, from: this.ownership.id })
        .then(async (heard) => {
          if (heard) return;
          // Nobody listens on the owner's channel: it died (or lost Redis). Rather than wait
          // for an answer that cannot come, wait for its lease to run out, then claim.
          clearTimeout(timer);
          const free = await this.afterLease(ownerId);
          waiters.delete(done);
          if (waiters.size === 0 && this.waiting.get(playerId) === waiters) {
            this.waiting.delete(playerId);
          }
          resolve(free);
        });
    });
  }

  /**
   * True once process `ownerId` is gone (its lease over, its row removed); false if it still
   * renews its row a lease and a heartbeat later (alive, only cut off from Redis).
   */
  private afterLease(ownerId: number): Promise<boolean> {
    // One watch per silent owner, whatever the number of its players' sockets waiting on it.
    let watch = this.silent.get(ownerId);
    if (!watch) {
      watch = this.watchLease(ownerId).finally(() => this.silent.delete(ownerId));
      this.silent.set(ownerId, watch);
    }
    return watch;
  }

  private async watchLease(ownerId: number): Promise<boolean> {
    const deadline = performance.now() + this.ownership.leaseMs + LEASE_SLACK_MS;
    for (;;) {
      try {
        if (await this.ownership.gone(ownerId)) return true;
      } catch (err) {
        this.log?.warn({ err, owner: ownerId }, "reading a silent owner's lease failed");
      }
      if (performance.now() > deadline) return false;
      await new Promise((r) => setTimeout(r, GONE_POLL_MS));
    }
  }

  private settle(playerId: number): void {
    const waiters = this.waiting.get(playerId);
    if (!waiters) return;
    this.waiting.delete(playerId);
    for (const done of waiters.keys()) done();
  }

  /** The owner is saving the player: its connections wait longer for the answer. */
  private saving(playerId: number): void {
    for (const extend of this.waiting.get(playerId)?.values() ?? []) extend();
  }

  /** The owner's side. */
  private release(playerId: number, from: number): void {
    const started = performance.now();
    this.sessions.closePlayer(playerId, CLOSE_MOVED, PLAYING_ELSEWHERE);
    // Heard: the asker waits for the save, however long the batches ahead of it take.
    void this.bus.send(from, { k: "releasing", playerId });
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
