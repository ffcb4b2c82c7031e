import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import type { Redis } from "ioredis";

/** Requests per minute per client address to the players, leaderboards and guilds API. */
export const PUBLIC_API_PER_MINUTE = 60;

/** Where the quotas are counted: this process alone, or Redis for every process of the world. */
export interface QuotaStore {
  redis: Redis;
  /** Keeps worlds sharing one Redis apart. */
  prefix: string;
}

/**
 * The public API's quota: {@link PUBLIC_API_PER_MINUTE} requests a minute per address (per
 * route group, named by `group`), told in the IETF draft's `RateLimit-Limit`,
 * `RateLimit-Remaining` and `RateLimit-Reset` headers on every answer; beyond it 429 with
 * `Retry-After` and the one error shape. With a {@link QuotaStore} the count is shared by
 * every process (a Redis failure lets requests through rather than refusing them).
 */
export async function publicRateLimit(
  scope: FastifyInstance,
  group: string,
  store?: QuotaStore,
): Promise<void> {
  await scope.register(rateLimit, {
    max: PUBLIC_API_PER_MINUTE,
    timeWindow: 60_000,
    enableDraftSpec: true,
    ...(store
      ? { redis: store.redis, nameSpace: `${store.prefix}:quota:${group}:`, skipOnError: true }
      : {}),
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: `Too many requests; wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
    }),
  });
}
