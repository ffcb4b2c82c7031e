/** The outcome of asking the limiter for room. */
export type RateDecision = { ok: true } | { ok: false; retryInMs: number };

/**
 * A sliding-window limit per key: at most `limit` events in any `windowMs`. Keeps at most
 * `limit` timestamps per key. A key lives until its newest event has left the window: keys
 * are kept across a player's reconnects, and stale ones are dropped lazily (at most once per
 * window, on `take`), so memory holds only the keys active in about the last two windows.
 */
export class SlidingWindowLimiter<K = number> {
  private readonly events = new Map<K, number[]>();
  private lastSweep = Number.NEGATIVE_INFINITY;

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    if (!Number.isInteger(limit) || limit < 1) throw new Error("limit must be a positive integer");
    if (!(windowMs > 0)) throw new Error("windowMs must be positive");
  }

  /** Counts one event if there is room; otherwise says how long until there is. */
  take(key: K, now: number): RateDecision {
    this.sweep(now);
    const decision = this.peek(key, now);
    if (!decision.ok) return decision;
    const times = this.events.get(key);
    if (times) times.push(now);
    else this.events.set(key, [now]);
    return decision;
  }

  /** Whether `take` would count an event now, without counting it. */
  peek(key: K, now: number): RateDecision {
    const times = this.events.get(key);
    if (!times) return { ok: true };
    while (times.length > 0 && (times[0] as number) <= now - this.windowMs) times.shift();
    if (times.length >= this.limit) {
      return { ok: false, retryInMs: (times[0] as number) + this.windowMs - now };
    }
    return { ok: true };
  }

  /** Takes back the event `take` counted at `at` (e.g. an attempt that turned out fine). */
  release(key: K, at: number): void {
    const times = this.events.get(key);
    const index = times?.lastIndexOf(at) ?? -1;
    if (times && index >= 0) times.splice(index, 1);
  }

  forget(key: K): void {
    this.events.delete(key);
  }

  /** Drops the keys whose newest event has left the window; at most once per window. */
  sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    for (const [key, times] of this.events) {
      const newest = times[times.length - 1];
      if (newest === undefined || newest <= now - this.windowMs) this.events.delete(key);
    }
  }

  /** Keys currently tracked. */
  get size(): number {
    return this.events.size;
  }
}
