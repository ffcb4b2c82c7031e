import Fastify, { type FastifyInstance } from "fastify";
import type { IdentityProvider } from "./auth/identity-providers";
import type { TokenService } from "./auth/tokens";
import type { Bus } from "./cluster/bus";
import type { Config } from "./config";
import type { Database } from "./db/client";
import { authRoutes } from "./http/auth-routes";
import { backupRoute } from "./http/backup-route";
import { compressResponses } from "./http/compression";
import { EmoteProxy, emoteRoutes } from "./http/emotes";
import {
  type HealthDeps,
  healthRoutes,
  operatorRoutes,
  readinessCheck,
} from "./http/health-routes";
import type { MarketCache } from "./http/market-routes";
import type { Metrics } from "./http/metrics";
import { oauthRoutes } from "./http/oauth-routes";
import { premiumWebhookRoutes } from "./http/premium-webhook-routes";
import { publicApi } from "./http/public-api/document";
import type { HttpLimits } from "./http/shared-limits";
import { serveWeb } from "./http/static-web";
import type { AccountService } from "./services/accounts";
import type { IdentityService } from "./services/identities";
import type { Leaderboards } from "./services/leaderboards/leaderboard-service";
import { MarketFeed } from "./services/market/market-feed";
import type { OAuthFlows } from "./services/oauth-flows";
import type { PremiumPayments } from "./services/premium/payments";
import type { ProfileReader } from "./services/profile/profile-reader";
import type { PlayerStore } from "./world/player-store";
import type { World } from "./world/world";

/** What the HTTP routes read and call (built by createServer). */
export interface RouteDeps {
  config: Config;
  database: Database;
  accounts: AccountService;
  httpLimits: HttpLimits;
  providers: IdentityProvider[];
  oauthFlows: OAuthFlows;
  identities: IdentityService;
  tokens: TokenService;
  marketCache: MarketCache;
  leaderboards: Leaderboards;
  profiles: ProfileReader;
  /** Keeps worlds sharing one Redis apart. */
  worldId: string;
  payments: PremiumPayments;
  store: PlayerStore;
  world: World;
  bus: Bus;
  metrics: Metrics;
}

/**
 * Registers every HTTP route on the public listener (sign-in, OAuth, the public API, the
 * payment webhook, emotes, health, the web client) and builds the operator's listener (metrics,
 * detailed health, backups; loopback by default, never public), returned when METRICS_PORT is
 * set. Neither listens yet: server-parts.ts starts them.
 */
export async function registerRoutes(
  app: FastifyInstance,
  d: RouteDeps,
): Promise<FastifyInstance | undefined> {
  const { config, database, store, world, bus, httpLimits } = d;
  await authRoutes(app, d.accounts, httpLimits);
  await oauthRoutes(app, {
    db: database.db,
    providers: d.providers,
    flows: d.oauthFlows,
    identities: d.identities,
    tokens: d.tokens,
    publicUrl: config.PUBLIC_URL,
    limits: httpLimits,
  });
  const marketFeed = new MarketFeed(database.db, {
    onError: (err) => app.log.warn({ err }, "market feed read failed"),
  });
  await publicApi(app, {
    db: database.db,
    marketCache: d.marketCache,
    leaderboards: d.leaderboards,
    profiles: d.profiles,
    marketFeed,
    redis: config.REDIS_URL
      ? { url: config.REDIS_URL, prefix: `manaspire:${d.worldId}` }
      : undefined,
  });
  await premiumWebhookRoutes(app, d.payments);
  emoteRoutes(
    app,
    config.EMOTE_SET_URL === "none" ? undefined : new EmoteProxy(config.EMOTE_SET_URL, app.log),
  );
  const healthDeps: HealthDeps = {
    db: database.db,
    kind: database.kind,
    status: () => ({ loaded: store.loaded.size, ...world.counts(), tick: world.lastTick }),
    redisProblem: bus.distributed ? () => bus.problem() : undefined,
  };
  const readiness = readinessCheck(healthDeps);
  healthRoutes(app, readiness);
  // Metrics and the detailed health on their own listener (loopback by default), never public.
  const operator =
    config.METRICS_PORT === undefined ? undefined : Fastify({ logger: false, bodyLimit: 1024 });
  if (operator) {
    await compressResponses(operator);
    d.metrics.route(operator);
    operatorRoutes(operator, healthDeps, readiness);
    backupRoute(operator, { database, flush: () => store.flush(), log: app.log });
  }
  await serveWeb(app, config.WEB_DIST);
  return operator;
}
