import type { RateLimitPluginOptions } from "@fastify/rate-limit";
import type { FastifyBaseLogger } from "fastify";
import { Redis } from "ioredis";
import type { LimiterStore } from "../services/shared-window";

/**
 * Where the HTTP quotas (@fastify/rate-limit) keep their counts: in this process's memory, or
 * with REDIS_URL in Redis, so every process of the world spends the same quota (an 11th guest
 * sign-up is refused whichever process it reaches). When Redis does not answer, requests are
 * let through (skipOnError) rather than refused: sign-in stays possible, and the log says so.
 */
export class HttpLimits {
  private readonly redis: Redis | undefined;

  constructor(
    redisUrl: string | undefined,
    private readonly prefix: string,
    log: FastifyBaseLogger,
  ) {
    if (!redisUrl) return;
    this.redis = new Redis(redisUrl, { connectTimeout: 2000, maxRetriesPerRequest: 1 });
    let warned = false;
    this.redis.on("error", (err) => {
      if (!warned) log.warn({ err }, "rate limits: Redis unreachable; quotas are not enforced");
      warned = true;
    });
    this.redis.on("ready", () => {
      warned = false;
    });
  }

  /** The Redis connection the counts are kept in (with REDIS_URL). */
  get client(): Redis | undefined {
    return this.redis;
  }

  /** Where the socket message limits (SharedWindowLimiter) keep their counts. */
  get windows(): LimiterStore {
    return { redis: this.redis, prefix: this.prefix };
  }

  /** Whether the counts are shared through Redis. */
  get shared(): boolean {
    return this.redis !== undefined;
  }

  /** The store options of one quota (`name` keeps its counts apart from the others'). */
  store(name: string): Pick<RateLimitPluginOptions, "redis" | "nameSpace" | "skipOnError"> {
    if (!this.redis) return {};
    return { redis: this.redis, nameSpace: `${this.prefix}:limit:${name}:`, skipOnError: true };
  }

  async close(): Promise<void> {
    if (this.redis && this.redis.status !== "end") await this.redis.quit().catch(() => {});
  }
}
