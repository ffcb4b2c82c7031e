import { randomBytes } from "node:crypto";
import type { Redis } from "ioredis";
import { type RateDecision, SlidingWindowLimiter } from "./rate-limit";

/** How long Redis may take before this process's own count decides. */
const ASK_TIMEOUT_MS = 500;

/**
 * One sliding window in a sorted set (score: the event's time), checked and counted in one
 * step: drops what left the window, refuses when `limit` events remain (answering the wait in
 * ms), else adds the event. Returns 0 when the event was counted.
 */
const TAKE_SCRIPT = `
local key = KEYS[1]
local now = tonumber(ARGV[1])
local window = tonumber(ARGV[2])
local limit = tonumber(ARGV[3])
redis.call('ZREMRANGEBYSCORE', key, '-inf', now - window)
if redis.call('ZCARD', key) >= limit then
  local oldest = redis.call('ZRANGE', key, 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', key, now, ARGV[4])
redis.call('PEXPIRE', key, window)
return 0
`;

type TakeCommand = (
  key: string,
  now: number,
  window: number,
  limit: number,
  id: string,
) => Promise<number>;

/** Room given by {@link SharedWindowLimiter.take}, and how to give it back. */
export type SharedDecision = { ok: true; undo(): void } | { ok: false; retryInMs: number };

/** Where a world's limiters keep their counts: Redis with REDIS_URL, else nowhere shared. */
export interface LimiterStore {
  redis: Redis | undefined;
  /** The world's key prefix (`manaspire:<world id>`). */
  prefix: string;
}

/** Counts kept by this process alone (a world without Redis; unit tests). */
export const PROCESS_LIMITS: LimiterStore = { redis: undefined, prefix: "local" };

/**
 * A sliding-window limit per key (at most `limit` events in any `windowMs`) that every process
 * of the world shares when the world has Redis: a player who moves to another process, or an
 * attacker who spreads guesses over processes, meets the same count. Without Redis, or when
 * Redis does not answer within half a second, this process's own count decides (it counts
 * every event too, so it is never empty when Redis fails).
 */
export class SharedWindowLimiter<K extends string | number = number> {
  private readonly local: SlidingWindowLimiter<K>;

  constructor(
    private readonly store: LimiterStore,
    /** Keeps this limiter's keys apart from the others' (e.g. "chat"). */
    private readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.local = new SlidingWindowLimiter<K>(limit, windowMs);
    const redis = store.redis;
    if (redis && !(redis as unknown as { manaspireTake?: TakeCommand }).manaspireTake) {
      redis.defineCommand("manaspireTake", { numberOfKeys: 1, lua: TAKE_SCRIPT });
    }
  }

  private key(key: K): string {
    return `${this.store.prefix}:window:${this.name}:${key}`;
  }

  /** Counts one event for `key` if there is room; otherwise says how long until there is. */
  async take(key: K, now = Date.now()): Promise<SharedDecision> {
    const local = this.local.take(key, now);
    const undoLocal = () => {
      if (local.ok) this.local.release(key, now);
    };
    const shared = await this.takeShared(key, now);
    const decision: RateDecision = shared?.decision ?? local;
    if (!decision.ok) {
      undoLocal();
      return decision;
    }
    return {
      ok: true,
      undo: () => {
        undoLocal();
        shared?.undo();
      },
    };
  }

  /** Forgets `key`'s events everywhere (tests; an operator's reset). */
  forget(key: K): void {
    this.local.forget(key);
    this.store.redis?.del(this.key(key)).catch(() => {});
  }

  private async takeShared(
    key: K,
    now: number,
  ): Promise<{ decision: RateDecision; undo(): void } | undefined> {
    const redis = this.store.redis;
    if (redis?.status !== "ready") return undefined;
    const take = (redis as unknown as { manaspireTake: TakeCommand }).manaspireTake.bind(redis);
    const id = `${now}:${randomBytes(6).toString("hex")}`;
    const where = this.key(key);
    const ask = take(where, now, this.windowMs, this.limit, id).then(
      (wait) => ({
        decision: wait > 0 ? ({ ok: false, retryInMs: wait } as const) : ({ ok: true } as const),
        undo: () => {
          redis.zrem(where, id).catch(() => {});
        },
      }),
      () => undefined,
    );
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<undefined>((resolve) => {
      timer = setTimeout(() => resolve(undefined), ASK_TIMEOUT_MS);
      timer.unref();
    });
    try {
      return await Promise.race([ask, late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
