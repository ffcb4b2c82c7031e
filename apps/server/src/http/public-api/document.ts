import Fastify, { type FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import type { Db } from "../../db/client";
import type { Leaderboards } from "../../services/leaderboards/leaderboard-service";
import { MarketFeed } from "../../services/market/market-feed";
import type { ProfileReader } from "../../services/profile/profile-reader";
import { guildApiRoutes } from "../guild-api-routes";
import { MarketCache, marketRoutes } from "../market-routes";
import { PUBLIC_API_VERSION, publicApiRoutes } from "../public-api-routes";
import { marketStreamRoute } from "./market-stream";
import { openApiDocument } from "./openapi";
import type { QuotaStore } from "./rate-limit";

/** What the public routes read; only their handlers use it, so a document needs none of it. */
export interface PublicApiDeps {
  db: Db;
  marketCache: MarketCache;
  leaderboards: Leaderboards;
  profiles: ProfileReader;
  marketFeed: MarketFeed;
  /** The world's Redis, when it has one: the quotas are then shared by its processes. */
  redis?: { url: string; prefix: string };
}

/** Every public read route (the server calls it after `openApiDocument` and `publicCors`). */
export async function publicApi(app: FastifyInstance, deps: PublicApiDeps): Promise<void> {
  let quota: QuotaStore | undefined;
  if (deps.redis) {
    const redis = new Redis(deps.redis.url, { lazyConnect: true, maxRetriesPerRequest: 1 });
    redis.on("error", () => {}); // a quota without Redis lets requests through (skipOnError)
    app.addHook("onClose", async () => {
      await redis.quit().catch(() => redis.disconnect());
    });
    quota = { redis, prefix: deps.redis.prefix };
  }
  await marketRoutes(app, deps.db, deps.marketCache);
  await marketStreamRoute(app, deps.marketFeed, quota);
  await publicApiRoutes(app, {
    leaderboards: deps.leaderboards,
    profiles: deps.profiles,
    quota,
  });
  await guildApiRoutes(app, deps.db, quota);
}

/**
 * The OpenAPI document without a database: the same routes registered on a bare instance,
 * their handlers never called. `packages/api-client` is generated from it (`npm run generate
 * -w @manaspire/api-client`), and a test checks it is what a running server serves.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const app = Fastify();
  await openApiDocument(app, PUBLIC_API_VERSION);
  const none = undefined as never;
  await publicApi(app, {
    db: none,
    marketCache: new MarketCache(),
    marketFeed: new MarketFeed(none),
    leaderboards: none,
    profiles: none,
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
