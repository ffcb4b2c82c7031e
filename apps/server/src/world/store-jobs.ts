import type { FastifyBaseLogger } from "fastify";
import type { Metrics } from "../http/metrics";
import type { Sessions } from "../socket/sessions";
import type { PlayerStore } from "./player-store";

export interface StoreJobsDeps {
  store: PlayerStore;
  sessions: Sessions;
  metrics: Metrics;
  log: FastifyBaseLogger;
  /** "pglite" or "postgres", for the log line of the start-up load. */
  databaseKind: string;
  /** Several processes: players of a process that died are taken over every `leaseMs`. */
  cluster: boolean;
  leaseMs: number;
  flushMs: number;
}

/**
 * The player store's background work in a running server: the start-up load of the players who
 * still act, the pick-up of a dead process's players (several processes), and the timed flush
 * followed by the eviction of idle players.
 */
export class StoreJobs {
  private flushTimer: NodeJS.Timeout | undefined;
  private pickupTimer: NodeJS.Timeout | undefined;
  private pickup: Promise<void> | undefined;
  private pickUpAgain = false;
  private loading: Promise<void> | undefined;
  private stopping = false;

  constructor(private readonly deps: StoreJobsDeps) {}

  /** Resolves once the acting players loaded at start are all in memory (or loading stopped). */
  whenLoaded(): Promise<void> {
    return this.loading ?? Promise.resolve();
  }

  start(): void {
    const { store, log, cluster, leaseMs, flushMs } = this.deps;
    this.loading = this.loadActivePlayers();
    if (cluster) {
      // Players of a process that died become free when its lease expires: take them over.
      this.pickupTimer = setInterval(() => this.pickUp(), leaseMs);
    }
    this.flushTimer = setInterval(() => {
      // flush() queues at most one flush behind a running one: a slow database does not stack
      // saves, and what changed meanwhile is still written.
      this.timedFlush()
        .then(() => store.evictIdle((id) => this.deps.sessions.has(id)))
        .catch((err) => log.error({ err }, "flush failed"));
    }, flushMs);
  }

  /**
   * Loads the acting players nobody holds (a dead process's, once its lease is over): on the
   * timer, and at once when a dead process's row was removed. One pick-up at a time; a call
   * while one runs runs another after it.
   */
  pickUp(): void {
    const { store, log } = this.deps;
    if (this.stopping) return;
    if (this.pickup) {
      this.pickUpAgain = true; // it may have read the players before they were free
      return;
    }
    this.pickup = this.whenLoaded()
      .then(() => store.loadActive(undefined, () => this.stopping))
      .then((n) => {
        if (n > 0) log.info({ loaded: n }, "took over acting players of a dead process");
      })
      .catch((err) => log.warn({ err }, "taking over players failed"))
      .finally(() => {
        this.pickup = undefined;
        if (this.pickUpAgain) {
          this.pickUpAgain = false;
          this.pickUp();
        }
      });
  }

  /** Stops the timers and waits for a load in progress (it stops between batches). */
  async stop(): Promise<void> {
    this.stopping = true;
    clearInterval(this.flushTimer);
    clearInterval(this.pickupTimer);
    await this.loading;
    await this.pickup;
  }

  /**
   * Loads the players who still have actions, in batches, while the world already ticks and
   * serves: the first tick does not wait for a big world, and the log says how far it got.
   */
  private async loadActivePlayers(): Promise<void> {
    const { store, log, databaseKind } = this.deps;
    const started = Date.now();
    let lastLog = started;
    try {
      const loaded = await store.loadActive(
        (n) => {
          if (Date.now() - lastLog < 5000) return;
          lastLog = Date.now();
          log.info({ loaded: n }, "loading acting players");
        },
        () => this.stopping,
      );
      log.info(
        { loaded, ms: Date.now() - started, database: databaseKind },
        "acting players loaded",
      );
    } catch (err) {
      if (!this.stopping) log.error({ err }, "loading acting players failed");
    }
  }

  private async timedFlush(): Promise<void> {
    const started = performance.now();
    try {
      const { written, failed } = await this.deps.store.flush({ timed: true });
      this.deps.metrics.flushed((performance.now() - started) / 1000, written, failed);
    } catch (err) {
      this.deps.metrics.databaseErrors.inc();
      throw err;
    }
  }
}
