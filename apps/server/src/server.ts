import { randomBytes } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { BoostId, ChatChannel, LogCategory } from "@manaspire/game";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { configuredProviders } from "./auth/identity-providers";
import { PLAYER_NOT_FOUND, TokenService } from "./auth/tokens";
import { type Bus, LocalBus } from "./cluster/bus";
import { Handover } from "./cluster/handover";
import { RedisBus } from "./cluster/redis-bus";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { getOrCreateSetting, randomSecret } from "./db/settings";
import { refreshStatistics } from "./db/statistics";
import { oneErrorShape } from "./http/api-errors";
import { authRoutes } from "./http/auth-routes";
import { backupRoute } from "./http/backup-route";
import { closeHttp } from "./http/close";
import { compressResponses } from "./http/compression";
import { EmoteProxy, emoteRoutes } from "./http/emotes";
import {
  type HealthDeps,
  healthRoutes,
  operatorRoutes,
  readinessCheck,
} from "./http/health-routes";
import { loggerOptions, logRequests } from "./http/logger";
import { MarketCache } from "./http/market-routes";
import { Metrics } from "./http/metrics";
import { oauthRoutes } from "./http/oauth-routes";
import { premiumWebhookRoutes } from "./http/premium-webhook-routes";
import { publicCors } from "./http/public-api/cors";
import { publicApi } from "./http/public-api/document";
import { openApiDocument } from "./http/public-api/openapi";
import { PUBLIC_API_VERSION } from "./http/public-api-routes";
import { securityHeaders } from "./http/security-headers";
import { HttpLimits } from "./http/shared-limits";
import { serveWeb } from "./http/static-web";
import { trustFunction } from "./http/trusted-proxy";
import { AccountEvents } from "./services/account-events";
import { AccountRefresh } from "./services/account-refresh";
import { AccountService } from "./services/accounts";
import { ActivityLog } from "./services/activity-log";
import { activityLogHandlers } from "./services/activity-log-handlers";
import { AwaySummaries } from "./services/away-summary";
import { chatHandlers } from "./services/chat/handlers";
import { DEFAULT_CHAT_EMOTES } from "./services/chat/limits";
import { ChatService } from "./services/chat/service";
import { coreHandlers } from "./services/core";
import { dungeonHandlers } from "./services/dungeons/handlers";
import { eventHandlers } from "./services/events/event-handlers";
import type { EventScheduler } from "./services/events/event-scheduler";
import type { EventWorld } from "./services/events/event-world";
import { createEvents } from "./services/events/setup";
import { farmHandlers } from "./services/farm";
import { FARM_KEEPER_EVERY_MS, FarmKeeper } from "./services/farm-keeper";
import { createGuildDungeons } from "./services/guild-dungeons/setup";
import { armoryCreditHook, returnArmoryLoan } from "./services/guilds/guild-armory-handlers";
import { guildHandlers } from "./services/guilds/guild-handlers";
import { tradeGuildFunds } from "./services/guilds/guild-merchant";
import { GuildService } from "./services/guilds/guild-service";
import { IdentityService } from "./services/identities";
import { identityHandlers } from "./services/identity-handlers";
import { ItemDirectory } from "./services/items/directory";
import { itemHandlers } from "./services/items/handlers";
import { leaderboardHandlers } from "./services/leaderboards/handlers";
import { LeaderboardJobs } from "./services/leaderboards/jobs";
import { Leaderboards } from "./services/leaderboards/leaderboard-service";
import { marketHandlers } from "./services/market/handlers";
import { MarketFeed } from "./services/market/market-feed";
import { dungeonObjectiveMessage } from "./services/notifications/messages";
import type { Notifier } from "./services/notifications/notifier";
import { createNotifications } from "./services/notifications/setup";
import { OAuthFlows } from "./services/oauth-flows";
import { petHandlers } from "./services/pets";
import { potionHandlers } from "./services/potions";
import { playerHasQoL, preferenceHandlers } from "./services/preferences";
import { PremiumPayments, stripeClient } from "./services/premium/payments";
import { premiumHandlers, sendPremiumShop } from "./services/premium/shop-handlers";
import { profileHandlers } from "./services/profile/handlers";
import { ProfileReader } from "./services/profile/profile-reader";
import { StaffNames } from "./services/staff-names";
import { CLOSE_AUTH, CLOSE_RESTART } from "./socket/connection";
import { Gateway } from "./socket/gateway";
import { CLOSE_GRACE_MS } from "./socket/gateway-limits";
import { mergeHandlers } from "./socket/handlers";
import { capPendingConnections } from "./socket/pending-connections";
import { Sessions } from "./socket/sessions";
import { SharedAddressCounts } from "./socket/shared-addresses";
import { CreditInbox } from "./world/credit-inbox";
import { ItemDrops } from "./world/item-drops";
import { ItemIdPool } from "./world/item-ids";
import { Ownership } from "./world/ownership";
import { PlayerStore } from "./world/player-store";
import { StoreJobs } from "./world/store-jobs";
import { World } from "./world/world";
import { OncePerWorld } from "./world/world-lock";

export interface GameServer {
  app: FastifyInstance;
  database: Database;
  store: PlayerStore;
  world: World;
  sessions: Sessions;
  chat: ChatService;
  activityLog: ActivityLog;
  /** Item ids reserved from the database sequence. */
  itemIds: ItemIdPool;
  /** Applies credits (value sent by other players) to the players held here. */
  inbox: CreditInbox;
  /** Bans and deletions of accounts, applied to loaded players. */
  accountEvents: AccountEvents;
  /** Leaderboard pages and searches, and their background jobs (anchors, rescore). */
  leaderboards: Leaderboards;
  leaderboardJobs: LeaderboardJobs;
  /** Guild membership cache and pushes (guilds themselves live in the database). */
  guilds: GuildService;
  /** Unattended farm collection (Quality of Life's auto-collect). */
  farmKeeper: FarmKeeper;
  /** Push notifications: every feature's events for players with no socket open. */
  notifier: Notifier;
  /** The world's events as this process sees them, and their once-per-world scheduler. */
  events: EventWorld;
  eventScheduler: EventScheduler;
  /** The address it listens on, once started. */
  url: string;
  /** The operator's listener (metrics, detailed health), once started; "" without METRICS_PORT. */
  metricsUrl: string;
  /** Starts serving and ticking at once; the acting players load in the background. */
  start(): Promise<void>;
  /** Resolves once the acting players loaded at start are all in memory (or loading stopped). */
  whenLoaded(): Promise<void>;
  /**
   * Stops ticking, flushes every player, closes sockets with 1012 and the database. Every step
   * runs even if one fails; it rejects (naming the failed steps) when something was not saved.
   */
  stop(): Promise<void>;
}

/** Wires the database, accounts, socket gateway, world and persistence together. */
export async function createServer(config: Config): Promise<GameServer> {
  const trustProxy = trustFunction(config.TRUST_PROXY);
  const app = Fastify({
    logger: loggerOptions(config),
    // logRequests writes one line per request instead, quiet for health checks and files.
    logController: new LogController({ disableRequestLogging: true }),
    // The client is the right-most X-Forwarded-For address that is not a trusted proxy.
    trustProxy: config.TRUST_PROXY === false ? false : trustProxy,
    bodyLimit: 16 * 1024,
  });
  oneErrorShape(app);
  logRequests(app);
  const indexFile = config.WEB_DIST ? path.join(config.WEB_DIST, "index.html") : "";
  await securityHeaders(app, {
    indexHtml: indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined,
    publicUrl: config.PUBLIC_URL,
  });
  await compressResponses(app);
  await publicCors(app);
  await openApiDocument(app, PUBLIC_API_VERSION);
  const cluster = config.CLUSTER || config.REDIS_URL !== undefined;
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    idleInTransactionMs: cluster ? config.LEASE_MS : undefined,
    onConnectionError: (err) => app.log.warn({ err }, "database connection ended"),
  });
  const { db } = database;
  // Before the start-up load: without statistics its queries scan whole tables (issue 30).
  const statsStarted = performance.now();
  await refreshStatistics(database).then(
    (tables) =>
      tables.length > 0 &&
      app.log.info(
        { tables: tables.length, ms: Math.round(performance.now() - statsStarted) },
        "planner statistics refreshed",
      ),
    (err) => app.log.warn({ err }, "refreshing the planner's statistics failed"),
  );
  const secret = config.JWT_SECRET ?? (await getOrCreateSetting(db, "jwt_secret", randomSecret));
  const worldSeed = Number(
    await getOrCreateSetting(db, "world_seed", () => String(Math.floor(Math.random() * 2 ** 31))),
  );
  // Worlds sharing one Redis keep apart by this id (each database is one world).
  const worldId = await getOrCreateSetting(db, "world_id", () => randomBytes(6).toString("hex"));
  const bus: Bus = config.REDIS_URL
    ? new RedisBus(config.REDIS_URL, `manaspire:${worldId}`, app.log, () =>
        metrics.redisErrors.inc(),
      )
    : new LocalBus();
  const tokens = new TokenService(secret, config.TOKEN_TTL_DAYS * 86_400);
  // Quotas and message limits: in Redis with REDIS_URL, so every process counts the same.
  const httpLimits = new HttpLimits(config.REDIS_URL, `manaspire:${worldId}`, app.log);
  const limits = httpLimits.windows;
  const activityLog = new ActivityLog(db, { log: app.log });
  const accounts = new AccountService(
    db,
    tokens,
    (playerId, kind, meta) => activityLog.recordSignIn(playerId, kind, meta.userAgent),
    limits,
  );
  const staffNames = new StaffNames(config.ADMIN_NAMES, config.MODERATOR_NAMES);
  const roleOf = (name: string, storedRole: number) => staffNames.roleOf(name, storedRole);
  const sessions = new Sessions();
  const ownership = new Ownership(db, {
    leaseMs: config.LEASE_MS,
    cluster,
    log: app.log,
    counts: (): { online: number; active: number } => ({
      online: sessions.onlinePlayers,
      active: world.active,
    }),
    onOthersChanged: () => world.countsChanged(),
    // Presumed dead by the others, which may own our players now: this process must not write
    // again. It stops at once; its process manager starts a fresh one.
    onFenced: () => {
      app.log.fatal("this process lost its players to another one; exiting");
      process.exit(1);
    },
  });
  const store = new PlayerStore(db, {
    roleOf,
    log: app.log,
    ownership,
    onGone: (p) => sessions.closePlayer(p.id, CLOSE_AUTH, PLAYER_NOT_FOUND),
    onLost: (p) => sessions.closePlayer(p.id, CLOSE_RESTART, "Playing on another server"),
  });
  const inbox = new CreditInbox(db, store, sessions, { log: app.log, bus, ownership });
  const handover = new Handover(bus, store, sessions, ownership, app.log);
  sessions.onPresence((playerId, online) => bus.setOnline(playerId, online));
  const oncePerWorld = new OncePerWorld(db, ownership, app.log);
  // Identity providers (docs/architecture.md "Identity providers").
  const providers = configuredProviders(config, config.OIDC_PROVIDERS);
  const providerNames = new Map(providers.map((p) => [p.id, p.name]));
  const oauthFlows = new OAuthFlows(db);
  const identities: IdentityService = new IdentityService(db, accounts, {
    onChanged: (accountId): Promise<void> => accountRefresh.refresh(accountId),
    record: (playerId, text) => activityLog.record(playerId, LogCategory.Account, text),
    providerName: (id) => providerNames.get(id) ?? id,
  });
  const accountRefresh: AccountRefresh = new AccountRefresh(
    db,
    store,
    sessions,
    (): IdentityService => identities,
  );
  const accountEvents = new AccountEvents(db, store, sessions, {
    log: app.log,
    onAccountChanged: (accountId) => accountRefresh.refresh(accountId),
  });
  const itemIds = ItemIdPool.forDatabase(db, app.log);
  const metrics = new Metrics({
    sockets: () => sessions.sockets,
    online: () => sessions.onlinePlayers,
    loaded: () => store.loaded.size,
  });
  const notifications = await createNotifications(db, config, {
    sessions,
    isOnline: (playerId) => chat.isOnline(playerId),
    log: app.log,
  });
  const {
    events,
    scheduler: eventScheduler,
    tickHooks,
  } = createEvents({
    db,
    store,
    sessions,
    config,
    worldSeed,
    activityLog,
    notifier: notifications.notifier,
    inbox,
    bus,
    log: app.log,
  });
  const world = new World(store, sessions, {
    events: tickHooks,
    onTick: (stats) => {
      metrics.tickSeconds.observe(stats.durationMs / 1000);
      metrics.tickSliceSeconds.observe(stats.longestSliceMs / 1000);
    },
    tickMs: config.TICK_MS,
    worldSeed,
    log: app.log,
    onLevelUp: (p, up, now) => activityLog.recordLevelUp(p.id, up.skill, up.level, now),
    drops: new ItemDrops(store, itemIds, sessions),
    itemDropRate: config.ITEM_DROP_RATE,
    eggDropRate: config.EGG_DROP_RATE,
    otherCounts: () => ownership.others,
    onMilestone: (p, milestone) => notifications.onMilestone(p, milestone),
    guildTax: (playerId) => guildService.taxRule(playerId),
  });
  const away = new AwaySummaries(db, store, activityLog, config.AWAY_SUMMARY_MS);
  sessions.onPresence((playerId, online) => {
    if (!online) away.left(playerId);
  });
  const guildService = new GuildService(db, store, sessions, bus, app.log);
  const guildOf = guildService.guildOf;
  const guilds = guildService.directory;
  const leaderboards = new Leaderboards(db, guilds);
  const leaderboardJobs = new LeaderboardJobs(db, app.log);
  const profiles = new ProfileReader(db, store, guilds);
  const farmDeps = { sessions, growthRate: config.FARM_GROWTH_RATE };
  // Quality of Life's auto-collect: loaded players every minute, offline ones once per world.
  const farmKeeper = new FarmKeeper(store, farmDeps, { hasQoL: playerHasQoL, log: app.log });
  const directory = new ItemDirectory(db, store);
  const marketCache = new MarketCache();
  const chat = new ChatService(db, sessions, activityLog, {
    emotes: new Set(config.CHAT_EMOTES ?? DEFAULT_CHAT_EMOTES),
    guildOf,
    itemLookup: (ids, sender) => directory.names(ids, sender),
    roleOf,
    log: app.log,
    bus,
    limits,
    otherProcesses: () => ownership.others.ids,
    onOfflineWhisper: (...args) => notifications.onOfflineWhisper(...args),
    oncePerWorld: (name, everyMs, job, otherwise) =>
      oncePerWorld.every(name, everyMs, job, otherwise),
  });
  const guildDeps = { db, store, inbox, guilds: guildService };
  const guildDungeons = createGuildDungeons({
    db,
    store,
    sessions,
    guilds: guildService,
    inbox,
    bus,
    ownership,
    notifyOffline: (playerId, text, key) =>
      notifications.notifier.notify(playerId, dungeonObjectiveMessage(text), key),
    log: app.log,
  });
  const payments = new PremiumPayments(db, stripeClient(config), config.STRIPE_WEBHOOK_SECRET, {
    publicUrl: config.PUBLIC_URL,
    log: app.log,
    limits,
    onSettled: async (settled) => {
      for (const credit of settled.credits) await inbox.arrived(credit.playerId);
      const who = settled.anonymous || !settled.buyer ? "A mage" : settled.buyer.name;
      await chat
        .postSystem(
          ChatChannel.Global,
          `${who} supported Manaspire with ${settled.crystallizedMana} Crystallized Mana. Thank you!`,
        )
        .catch((err) => app.log.warn({ err }, "posting the purchase thank-you failed"));
    },
  });
  const premiumDeps = {
    db,
    store,
    sessions,
    activityLog,
    payments,
    isStaffName: (name: string) => staffNames.listed(name),
  };
  const armoryHook = armoryCreditHook(guildDeps);
  inbox.onApplied = (p, credit, applied) => {
    // A recalled guild loan applied here: its holder is written at once (the armory sees it back).
    armoryHook(p, credit);
    // A purchase's Ascension points: the shop's titles change.
    if (applied.boostIds?.includes(BoostId.Ascension)) {
      sendPremiumShop(premiumDeps, p).catch((err) =>
        app.log.warn({ err }, "sending the premium shop failed"),
      );
    }
  };
  guildService.onMembershipChanged = (playerId) => {
    guildDungeons.guildDungeons.membershipChanged(playerId);
    chat
      .guildChanged(playerId)
      .catch((err) => app.log.warn({ err }, "guild channel update failed"));
  };
  const redisForLimits = httpLimits.client;
  const sharedAddresses = redisForLimits
    ? new SharedAddressCounts(
        redisForLimits,
        `manaspire:${worldId}`,
        () => ownership.id,
        () => ownership.others.ids,
      )
    : undefined;
  const gateway = new Gateway({
    tokens,
    store,
    sessions,
    handlers: mergeHandlers(
      coreHandlers(world, store),
      itemHandlers({
        db,
        store,
        sessions,
        activityLog,
        directory,
        inbox,
        armoryReturn: (p, itemId) => returnArmoryLoan(guildDeps, p, itemId),
        hasQoL: playerHasQoL,
      }),
      marketHandlers({
        db,
        store,
        sessions,
        activityLog,
        inbox,
        onBookChanged: (lootId) => marketCache.changed(lootId),
        onTrades: (market, count) => metrics.marketTrades.inc({ market }, count),
        guildMerchant: (p, source, amount, target) =>
          tradeGuildFunds(db, guildService, p, source, amount, target),
      }),
      chatHandlers(chat),
      guildHandlers(guildDeps),
      activityLogHandlers(activityLog, guildOf),
      identityHandlers({ identities, flows: oauthFlows, providers, limits }),
      leaderboardHandlers(leaderboards, guilds),
      profileHandlers({ db, store, sessions, activityLog, directory, inbox }, profiles),
      farmHandlers(farmDeps),
      potionHandlers(),
      petHandlers(),
      dungeonHandlers(guildDungeons.play),
      preferenceHandlers({ sessions, hasQoL: playerHasQoL }),
      premiumHandlers(premiumDeps),
      notifications.handlers,
      away.handlers(),
      eventHandlers({ db, sessions, events }),
    ),
    log: app.log,
    maxSocketsPerPlayer: config.MAX_SOCKETS_PER_PLAYER,
    takeOver: bus.distributed ? (id, ownerId) => handover.request(id, ownerId) : undefined,
    maxSocketsPerIp: config.MAX_SOCKETS_PER_IP,
    sharedAddresses,
    trustProxy,
  });

  await authRoutes(app, accounts, httpLimits);
  await oauthRoutes(app, {
    db,
    providers,
    flows: oauthFlows,
    identities,
    tokens,
    publicUrl: config.PUBLIC_URL,
    limits: httpLimits,
  });
  const marketFeed = new MarketFeed(db, {
    onError: (err) => app.log.warn({ err }, "market feed read failed"),
  });
  await publicApi(app, {
    db,
    marketCache,
    leaderboards,
    profiles,
    marketFeed,
    redis: config.REDIS_URL ? { url: config.REDIS_URL, prefix: `manaspire:${worldId}` } : undefined,
  });
  await premiumWebhookRoutes(app, payments);
  emoteRoutes(
    app,
    config.EMOTE_SET_URL === "none" ? undefined : new EmoteProxy(config.EMOTE_SET_URL, app.log),
  );
  const healthDeps: HealthDeps = {
    db,
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
    metrics.route(operator);
    operatorRoutes(operator, healthDeps, readiness);
    backupRoute(operator, { database, flush: () => store.flush(), log: app.log });
  }
  await serveWeb(app, config.WEB_DIST);

  let stopping: Promise<void> | undefined;
  const jobs = new StoreJobs({
    store,
    sessions,
    metrics,
    log: app.log,
    databaseKind: database.kind,
    cluster,
    leaseMs: config.LEASE_MS,
    flushMs: config.FLUSH_MS,
  });

  const server: GameServer = {
    app,
    database,
    store,
    world,
    sessions,
    chat,
    activityLog,
    itemIds,
    inbox,
    accountEvents,
    leaderboards,
    leaderboardJobs,
    guilds: guildService,
    farmKeeper,
    notifier: notifications.notifier,
    events,
    eventScheduler,
    url: "",
    metricsUrl: "",
    whenLoaded() {
      return jobs.whenLoaded();
    },
    async start() {
      await ownership.start();
      await bus.start(ownership.id);
      await accountEvents.start();
      inbox.start();
      await itemIds.start();
      await guildService.start();
      await chat.start();
      await notifications.notifier.start();
      oncePerWorld.every("push-prune", 3_600_000, () => notifications.notifier.prune());
      oncePerWorld.every("farm-offline", FARM_KEEPER_EVERY_MS, () => farmKeeper.sweepOffline(db));
      activityLog.start();
      leaderboardJobs.start(oncePerWorld);
      await events.start();
      oncePerWorld.every("events", events.pollMs, () => eventScheduler.run());
      gateway.attach(app.server);
      capPendingConnections(app.server, trustProxy, {
        max: config.MAX_PENDING_CONNECTIONS_PER_IP,
      });
      await app.listen({ port: config.PORT, host: config.HOST });
      if (operator) {
        await operator.listen({ port: config.METRICS_PORT, host: config.METRICS_HOST });
        const at = operator.server.address();
        const port = typeof at === "object" && at ? at.port : config.METRICS_PORT;
        server.metricsUrl = `http://${config.METRICS_HOST}:${port}`;
      }
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : config.PORT;
      server.url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
      world.start();
      farmKeeper.start();
      jobs.start();
    },
    stop() {
      stopping ??= (async () => {
        const jobsStopped = jobs.stop(); // the start-up load stops between batches
        world.stop();
        farmKeeper.stop();
        await events.stop();
        accountEvents.stop();
        inbox.stop();
        guildService.stop();
        await jobsStopped;
        // Each step runs even when one before it failed: a database that went away must not
        // keep the sockets open, and a socket that hangs must not keep players unsaved.
        const problems: string[] = [];
        const step = async (name: string, work: () => Promise<unknown>) => {
          try {
            await work();
          } catch (err) {
            app.log.error({ err }, `shutdown: ${name} failed`);
            problems.push(name);
          }
        };
        // Sockets get 1012 and CLOSE_GRACE_MS to answer; saving does not wait for them.
        const socketsClosed = gateway.closeAll(CLOSE_RESTART, "Server restarting");
        await step("saving players", async () => {
          const { written, failed } = await store.flush();
          app.log.info({ written, failed }, "shutdown: players saved");
          if (failed > 0) throw new Error(`${failed} players could not be saved`);
        });
        await step("saving chat", () => chat.stop());
        await step("saving the activity log", () => activityLog.stop());
        await step("finishing push notifications", () => notifications.notifier.stop());
        await step("finishing world jobs", () => oncePerWorld.stop());
        await step("releasing players", () => ownership.stop());
        await step("closing redis", () => bus.stop());
        // HTTP close waits for every socket, so a peer that ignores the close frame is cut.
        await step("closing sockets", () => socketsClosed);
        await step("closing HTTP", () => closeHttp(app, CLOSE_GRACE_MS));
        if (operator) await step("closing the metrics listener", () => operator.close());
        await step("closing the rate limits' Redis", () => httpLimits.close());
        await step("closing the database", () => database.close());
        if (problems.length > 0) throw new Error(`shutdown incomplete: ${problems.join(", ")}`);
      })();
      return stopping;
    },
  };
  return server;
}
