export interface FlushResult {
  /** Players whose state was written. */
  written: number;
  /** Players whose write failed even alone (they stay unsaved and are retried). */
  failed: number;
}

/** How a flush was asked for. */
export interface FlushOptions {
  /** The flush timer: leaderboard scores on their cadence (leaderboard-scores.ts). */
  timed?: boolean;
}

/**
 * The store's flushes, one at a time. Called while a flush runs, `flush` waits for that one and
 * then flushes again (what changed after the running flush took its list is written too);
 * calls meanwhile share that second flush, which is timed only if every one of them was.
 */
export class FlushQueue {
  private running: Promise<FlushResult> | undefined;
  private queued: Promise<FlushResult> | undefined;
  /** Whether every caller of the queued flush was the timer. */
  private queuedTimed = true;

  constructor(
    /** Writes every player with unsaved changes (`timed`: scores on their cadence). */
    private readonly run: (timed: boolean) => Promise<FlushResult>,
  ) {}

  flush(opts: FlushOptions = {}): Promise<FlushResult> {
    if (this.running) {
      if (!opts.timed) this.queuedTimed = false;
      const again = () => {
        const timed = this.queuedTimed;
        this.queued = undefined;
        this.queuedTimed = true;
        return this.flush({ timed });
      };
      this.queued ??= this.running.then(again, again);
      return this.queued;
    }
    this.running = this.run(opts.timed === true).finally(() => {
      this.running = undefined;
    });
    return this.running;
  }
}
