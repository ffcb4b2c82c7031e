/** The outcome of asking the limiter for room. */
export type RateDecision = { ok: true } | { ok: false; retryInMs: number };

/**
 * A sliding-window limit per key: at most `limit` events in any `windowMs`. Keeps at most
 * `limit` timestamps per key; `forget` drops a key (e.g. when its player goes offline).
 */
export class SlidingWindowLimiter {
  private readonly events = new Map<number, number[]>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error("limit must be a positive integer");
    if (!(windowMs > 0)) throw new Error("windowMs must be positive");
  }

  /** Counts one event if there is room; otherwise says how long until there is. */
  take(key: number, now: number): RateDecision {
    let times = this.events.get(key);
    if (!times) {
      times = [];
      this.events.set(key, times);
    }
    while (times.length > 0 && (times[0] as number) <= now - this.windowMs) times.shift();
    if (times.length >= this.limit) {
      return { ok: false, retryInMs: (times[0] as number) + this.windowMs - now };
    }
    times.push(now);
    return { ok: true };
  }

  forget(key: number): void {
    this.events.delete(key);
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.events.size;
  }
}
