import { BoostId, ChatChannel, LogCategory } from "@manaspire/game";
import { configuredProviders } from "./auth/identity-providers";
import { PLAYER_NOT_FOUND, TokenService } from "./auth/tokens";
import { type Bus, LocalBus } from "./cluster/bus";
import { Handover } from "./cluster/handover";
import { RedisBus } from "./cluster/redis-bus";
import type { Config } from "./config";
import type { GameServer, ServerHooks } from "./game-server";
import { createHttpApp } from "./http/app";
import { MarketCache } from "./http/market-routes";
import { Metrics } from "./http/metrics";
import { HttpLimits } from "./http/shared-limits";
import { trustFunction } from "./http/trusted-proxy";
import { startParts, stopParts, whileSlow } from "./lifecycle";
import { featureHandlers } from "./server-handlers";
import { serverParts } from "./server-parts";
import { registerRoutes } from "./server-routes";
import { AccountEvents } from "./services/account-events";
import { AccountRefresh } from "./services/account-refresh";
import { AccountService } from "./services/accounts";
import { ActivityLog } from "./services/activity-log";
import { AwaySummaries } from "./services/away-summary";
import { DEFAULT_CHAT_EMOTES } from "./services/chat/limits";
import { ChatService } from "./services/chat/service";
import { createEvents } from "./services/events/setup";
import { FarmKeeper } from "./services/farm-keeper";
import { createGuildDungeons } from "./services/guild-dungeons/setup";
import { armoryCreditHook } from "./services/guilds/guild-armory-handlers";
import { GuildService } from "./services/guilds/guild-service";
import { IdentityService } from "./services/identities";
import { ItemDirectory } from "./services/items/directory";
import { LeaderboardJobs } from "./services/leaderboards/jobs";
import { Leaderboards } from "./services/leaderboards/leaderboard-service";
import { dungeonObjectiveMessage } from "./services/notifications/messages";
import { createNotifications } from "./services/notifications/setup";
import { OAuthFlows } from "./services/oauth-flows";
import { playerHasQoL } from "./services/preferences";
import { PremiumPayments, stripeClient } from "./services/premium/payments";
import { sendPremiumShop } from "./services/premium/shop-handlers";
import { ProfileReader } from "./services/profile/profile-reader";
import { StaffNames } from "./services/staff-names";
import { CLOSE_AUTH, CLOSE_RESTART } from "./socket/connection";
import { Gateway } from "./socket/gateway";
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
import { openWorld } from "./world-database";

export type { GameServer, ServerHooks };

/** Wires the database, accounts, socket gateway, world and persistence together. */
export async function createServer(config: Config, hooks: ServerHooks = {}): Promise<GameServer> {
  const trustProxy = trustFunction(config.TRUST_PROXY);
  const app = await createHttpApp(config, trustProxy);
  const cluster = config.CLUSTER || config.REDIS_URL !== undefined;
  const { database, secret, worldSeed, worldId } = await whileSlow(
    app.log,
    "opening the database",
    () => openWorld(config, app.log, cluster),
  );
  const { db } = database;
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
    // A dead process's players are free: take the acting ones over now, not at the next timer.
    onReaped: () => jobs.pickUp(),
    liveness: database.liveness, // PostgreSQL: a killed process is known dead at once
    // Presumed dead by the others, who may own our players now: write nothing more.
    onFenced: () => {
      app.log.fatal("this process lost its players to another one");
      hooks.onFenced?.();
    },
  });
  const store = new PlayerStore(db, {
    roleOf,
    log: app.log,
    ownership,
    onGone: (p) => sessions.closePlayer(p.id, CLOSE_AUTH, PLAYER_NOT_FOUND),
    onLost: (p) => sessions.closePlayer(p.id, CLOSE_RESTART, "Playing on another server"),
    scoresEveryMs: config.LEADERBOARD_MS,
  });
  const inbox = new CreditInbox(db, store, sessions, { log: app.log, bus, ownership });
  const handover = new Handover(bus, store, sessions, ownership, app.log);
  sessions.onPresence((playerId, online) => bus.setOnline(playerId, online));
  const oncePerWorld = new OncePerWorld(db, ownership, app.log);
  // Identity providers (docs/core/accounts.md "Identity providers").
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
  store.handOvers.onHandedOver = (players) => metrics.handOverBatch(players);
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
  const sharedAddresses = httpLimits.client
    ? new SharedAddressCounts(
        httpLimits.client,
        `manaspire:${worldId}`,
        () => ownership.id,
        () => ownership.others.ids,
      )
    : undefined;
  const gateway = new Gateway({
    tokens,
    store,
    sessions,
    handlers: featureHandlers({
      db,
      store,
      sessions,
      world,
      activityLog,
      inbox,
      directory,
      metrics,
      marketCache,
      guildDeps,
      chat,
      identity: { identities, flows: oauthFlows, providers, limits },
      leaderboards,
      profiles,
      farm: farmDeps,
      guildDungeons: guildDungeons.play,
      premium: premiumDeps,
      notifications: notifications.handlers,
      away,
      events,
    }),
    log: app.log,
    maxSocketsPerPlayer: config.MAX_SOCKETS_PER_PLAYER,
    takeOver: bus.distributed ? (id, ownerId) => handover.request(id, ownerId) : undefined,
    maxSocketsPerIp: config.MAX_SOCKETS_PER_IP,
    sharedAddresses,
    trustProxy,
    authTimeoutMs: config.AUTH_TIMEOUT_MS,
  });

  const operator = await registerRoutes(app, {
    config,
    database,
    accounts,
    httpLimits,
    providers,
    oauthFlows,
    identities,
    tokens,
    marketCache,
    leaderboards,
    profiles,
    worldId,
    payments,
    store,
    world,
    bus,
    metrics,
  });

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

  const parts = serverParts({
    config,
    app,
    operator,
    database,
    httpLimits,
    ownership,
    bus,
    store,
    jobs,
    world,
    gateway,
    trustProxy,
    accountEvents,
    inbox,
    itemIds,
    guilds: guildService,
    chat,
    notifier: notifications.notifier,
    activityLog,
    leaderboardJobs,
    events,
    eventScheduler,
    farmKeeper,
    oncePerWorld,
    metrics,
    listening: (url, metricsUrl) => {
      server.url = url;
      server.metricsUrl = metricsUrl;
    },
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
    accounts,
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
    start: () => startParts(parts, app.log),
    stop() {
      stopping ??= stopParts(parts, app.log);
      return stopping;
    },
  };
  return server;
}
