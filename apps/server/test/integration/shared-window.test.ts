import { Redis } from "ioredis";
import { afterAll, describe, expect, it } from "vitest";
import { PROCESS_LIMITS, SharedWindowLimiter } from "../../src/services/shared-window";
import { freePort } from "../support/child";
import { redisReachable, TEST_REDIS_URL } from "../support/redis";

const redisUp = await redisReachable();
const connections: Redis[] = [];
afterAll(() => {
  for (const r of connections) r.disconnect();
});

/** A connection as a server process holds one (HttpLimits' settings), ready for commands. */
async function connection(url = TEST_REDIS_URL): Promise<Redis> {
  const redis = new Redis(url, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  connections.push(redis);
  if (url === TEST_REDIS_URL) await redis.ping();
  return redis;
}

/** A world prefix of its own, so runs and stores never share counts. */
const world = () => `manaspire-test:${Math.random().toString(36).slice(2)}`;

// Runs once (in the PGlite project): it needs Redis, not a store.
describe.runIf(redisUp && process.env.TEST_STORE !== "postgres")(
  "a sliding window shared through Redis",
  () => {
    it("is one count for every process, and an undone event gives its place back", async () => {
      const prefix = world();
      const one = new SharedWindowLimiter<number>(
        { redis: await connection(), prefix },
        "t",
        3,
        60_000,
      );
      const two = new SharedWindowLimiter<number>(
        { redis: await connection(), prefix },
        "t",
        3,
        60_000,
      );
      const now = Date.now();
      expect((await one.take(7, now)).ok).toBe(true);
      const second = await two.take(7, now + 1);
      expect((await one.take(7, now + 2)).ok).toBe(true);
      const refused = await two.take(7, now + 3);
      expect(refused).toEqual({ ok: false, retryInMs: 60_000 - 3 });
      // Another key, and another limiter's name, have their own counts.
      expect((await two.take(8, now + 3)).ok).toBe(true);
      const other = new SharedWindowLimiter<number>(
        { redis: await connection(), prefix },
        "u",
        1,
        60_000,
      );
      expect((await other.take(7, now + 3)).ok).toBe(true);
      // A refused event is not counted, an undone one is taken back.
      if (!second.ok) throw new Error("room expected");
      second.undo();
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect((await one.take(7, now + 4)).ok).toBe(true);
      expect((await one.take(7, now + 5)).ok).toBe(false);
      // Once the oldest event has left the window there is room again.
      expect((await two.take(7, now + 60_001)).ok).toBe(true);
      one.forget(7);
      expect((await two.take(7, now + 60_002)).ok).toBe(true);
    });

    it("falls back to this process's own count when Redis does not answer", async () => {
      const down = await connection(`redis://127.0.0.1:${await freePort()}`);
      const limiter = new SharedWindowLimiter<number>(
        { redis: down, prefix: world() },
        "t",
        2,
        60_000,
      );
      expect((await limiter.take(1)).ok).toBe(true);
      expect((await limiter.take(1)).ok).toBe(true);
      expect((await limiter.take(1)).ok).toBe(false);
    });
  },
);

describe("a sliding window without Redis", () => {
  it("counts in this process", async () => {
    const limiter = new SharedWindowLimiter<string>(PROCESS_LIMITS, "t", 1, 1000);
    const first = await limiter.take("a", 0);
    expect(first.ok).toBe(true);
    expect(await limiter.take("a", 10)).toEqual({ ok: false, retryInMs: 990 });
    if (first.ok) first.undo();
    expect((await limiter.take("a", 20)).ok).toBe(true);
  });
});
