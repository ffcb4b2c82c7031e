import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";

/** Requests per minute per client address to the players, leaderboards and guilds API. */
export const PUBLIC_API_PER_MINUTE = 60;

/**
 * The public API's quota: {@link PUBLIC_API_PER_MINUTE} requests a minute per address, told in
 * the IETF draft's `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` headers on
 * every answer; beyond it 429 with `Retry-After` and the one error shape.
 */
export async function publicRateLimit(scope: FastifyInstance): Promise<void> {
  await scope.register(rateLimit, {
    max: PUBLIC_API_PER_MINUTE,
    timeWindow: 60_000,
    enableDraftSpec: true,
    errorResponseBuilder: (_req, context) => ({
      statusCode: 429,
      error: `Too many requests; wait ${Math.ceil(context.ttl / 1000)} s and try again.`,
    }),
  });
}
