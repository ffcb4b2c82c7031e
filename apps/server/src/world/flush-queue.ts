export interface FlushResult {
  /** Players whose state was written. */
  written: number;
  /** Players whose write failed even alone (they stay unsaved and are retried). */
  failed: number;
}

/** How a flush was asked for. */
export interface FlushOptions {
  /** The flush timer: leaderboard scores only when `scoresEveryMs` has passed. */
  timed?: boolean;
}

/**
 * The store's flushes, one at a time. Called while a flush runs, `flush` waits for that one and
 * then flushes again (what changed after the running flush took its list is written too);
 * calls meanwhile share that second flush. A timed flush writes the leaderboard scores only
 * every `scoresEveryMs`; any other (shutdown, a backup, a test) writes them all.
 */
export class FlushQueue {
  private running: Promise<FlushResult> | undefined;
  private queued: Promise<FlushResult> | undefined;
  /** The queued flush writes every pending score (one of its callers was not the timer). */
  private queuedScores = false;
  /** When a flush last wrote the leaderboard scores (performance.now()). */
  private scoresAt = Number.NEGATIVE_INFINITY;

  constructor(
    /** Writes every player with unsaved changes; with `scores`, pending scores too. */
    private readonly run: (scores: boolean) => Promise<FlushResult>,
    private readonly scoresEveryMs: number,
  ) {}

  flush(opts: FlushOptions = {}): Promise<FlushResult> {
    if (this.running) {
      if (!opts.timed) this.queuedScores = true;
      const again = () => {
        const timed = !this.queuedScores;
        this.queued = undefined;
        this.queuedScores = false;
        return this.flush({ timed });
      };
      this.queued ??= this.running.then(again, again);
      return this.queued;
    }
    const now = performance.now();
    const scores = !opts.timed || now - this.scoresAt >= this.scoresEveryMs;
    if (scores) this.scoresAt = now;
    this.running = this.run(scores).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
