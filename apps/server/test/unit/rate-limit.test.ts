import { describe, expect, it } from "vitest";
import { SlidingWindowLimiter } from "../../src/services/rate-limit";

describe("SlidingWindowLimiter", () => {
  it("allows the limit within a window and refuses the next with the wait", () => {
    const limiter = new SlidingWindowLimiter(5, 10_000);
    for (let i = 0; i < 5; i++) expect(limiter.take(1, 1000 + i * 100)).toEqual({ ok: true });
    expect(limiter.take(1, 2000)).toEqual({ ok: false, retryInMs: 9000 });
    expect(limiter.take(1, 10_999)).toEqual({ ok: false, retryInMs: 1 });
  });

  it("frees room as old events leave the window (sliding, not fixed)", () => {
    const limiter = new SlidingWindowLimiter(2, 1000);
    expect(limiter.take(1, 0).ok).toBe(true);
    expect(limiter.take(1, 600).ok).toBe(true);
    expect(limiter.take(1, 999).ok).toBe(false);
    expect(limiter.take(1, 1000).ok).toBe(true); // the event at 0 left
    expect(limiter.take(1, 1500).ok).toBe(false);
    expect(limiter.take(1, 1600).ok).toBe(true); // the event at 600 left
  });

  it("does not count refused attempts, so a flood does not extend the wait", () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    expect(limiter.take(1, 0).ok).toBe(true);
    for (let t = 1; t < 1000; t += 10) expect(limiter.take(1, t).ok).toBe(false);
    expect(limiter.take(1, 1000).ok).toBe(true);
  });

  it("keeps keys apart and forgets them", () => {
    const limiter = new SlidingWindowLimiter(1, 1000);
    expect(limiter.take(1, 0).ok).toBe(true);
    expect(limiter.take(2, 0).ok).toBe(true);
    expect(limiter.take(1, 1).ok).toBe(false);
    limiter.forget(1);
    expect(limiter.size).toBe(1);
    expect(limiter.take(1, 2).ok).toBe(true);
  });

  it("keeps a key while its events are in the window, then drops it lazily", () => {
    const limiter = new SlidingWindowLimiter(2, 1000);
    expect(limiter.take(1, 0).ok).toBe(true);
    expect(limiter.take(1, 10).ok).toBe(true);
    expect(limiter.take(2, 600).ok).toBe(true);
    // The key's events still count: nothing resets them but time.
    expect(limiter.take(1, 900).ok).toBe(false);
    // A later take sweeps key 1 (its newest event left the window); key 2 is still live.
    expect(limiter.take(3, 1100).ok).toBe(true);
    expect(limiter.size).toBe(2);
    expect(limiter.take(3, 5000).ok).toBe(true);
    expect(limiter.size).toBe(1);
  });

  it("stays bounded under many short-lived keys", () => {
    const limiter = new SlidingWindowLimiter(5, 1000);
    for (let key = 0; key < 10_000; key++) limiter.take(key, key);
    expect(limiter.size).toBeLessThanOrEqual(2000);
  });

  it("peeks without counting, and releases a counted event", () => {
    const limiter = new SlidingWindowLimiter<string>(1, 1000);
    expect(limiter.peek("ann", 0)).toEqual({ ok: true });
    expect(limiter.take("ann", 0)).toEqual({ ok: true });
    expect(limiter.peek("ann", 100)).toEqual({ ok: false, retryInMs: 900 });
    limiter.release("ann", 0);
    expect(limiter.take("ann", 100)).toEqual({ ok: true });
  });

  it("refuses nonsense limits", () => {
    expect(() => new SlidingWindowLimiter(0, 1000)).toThrow();
    expect(() => new SlidingWindowLimiter(1.5, 1000)).toThrow();
    expect(() => new SlidingWindowLimiter(1, 0)).toThrow();
  });
});
