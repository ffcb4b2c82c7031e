import Fastify, { type FastifyInstance } from "fastify";
import { TokenService } from "./auth/tokens";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { getOrCreateSetting, randomSecret } from "./db/settings";
import { authRoutes } from "./http/auth-routes";
import { serveWeb } from "./http/static-web";
import { AccountService } from "./services/accounts";
import { ActivityLog, activityLogHandlers } from "./services/activity-log";
import { chatHandlers } from "./services/chat/handlers";
import { DEFAULT_CHAT_EMOTES } from "./services/chat/limits";
import { ChatService } from "./services/chat/service";
import { coreHandlers } from "./services/core";
import { noGuild } from "./services/guild-of";
import { ItemDirectory } from "./services/items/directory";
import { itemHandlers } from "./services/items/handlers";
import { StaffNames } from "./services/staff-names";
import { CLOSE_RESTART } from "./socket/connection";
import { Gateway } from "./socket/gateway";
import { mergeHandlers } from "./socket/handlers";
import { Sessions } from "./socket/sessions";
import { ItemDrops } from "./world/item-drops";
import { ItemIdPool } from "./world/item-ids";
import { PlayerStore } from "./world/player-store";
import { World } from "./world/world";

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
  /** The address it listens on, once started. */
  url: string;
  start(): Promise<void>;
  /** Stops ticking, flushes every player, closes sockets with 1012 and the database. */
  stop(): Promise<void>;
}

/** Wires the database, accounts, socket gateway, world and persistence together. */
export async function createServer(config: Config): Promise<GameServer> {
  const app = Fastify({
    logger: { level: config.LOG_LEVEL },
    trustProxy: config.TRUST_PROXY,
    bodyLimit: 16 * 1024,
  });
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
  });
  const { db } = database;
  const secret = config.JWT_SECRET ?? (await getOrCreateSetting(db, "jwt_secret", randomSecret));
  const worldSeed = Number(
    await getOrCreateSetting(db, "world_seed", () => String(Math.floor(Math.random() * 2 ** 31))),
  );
  const tokens = new TokenService(secret, config.TOKEN_TTL_DAYS * 86_400);
  const activityLog = new ActivityLog(db, { log: app.log });
  const accounts = new AccountService(db, tokens, (playerId, kind, meta) =>
    activityLog.recordSignIn(playerId, kind, meta.userAgent),
  );
  const staffNames = new StaffNames(config.ADMIN_NAMES, config.MODERATOR_NAMES);
  const roleOf = (name: string, storedRole: number) => staffNames.roleOf(name, storedRole);
  const store = new PlayerStore(db, roleOf);
  const sessions = new Sessions();
  const itemIds = ItemIdPool.forDatabase(db, app.log);
  const world = new World(store, sessions, {
    tickMs: config.TICK_MS,
    worldSeed,
    log: app.log,
    onLevelUp: (p, up, now) => activityLog.recordLevelUp(p.id, up.skill, up.level, now),
    drops: new ItemDrops(store, itemIds, sessions),
    itemDropRate: config.ITEM_DROP_RATE,
  });
  const guildOf = noGuild;
  const directory = new ItemDirectory(db, store);
  const chat = new ChatService(db, sessions, activityLog, {
    emotes: new Set(config.CHAT_EMOTES ?? DEFAULT_CHAT_EMOTES),
    guildOf,
    itemLookup: (ids, sender) => directory.names(ids, sender),
    roleOf,
    log: app.log,
  });
  const gateway = new Gateway({
    tokens,
    store,
    sessions,
    handlers: mergeHandlers(
      coreHandlers(world),
      itemHandlers({ db, store, sessions, activityLog, directory }),
      chatHandlers(chat),
      activityLogHandlers(activityLog, guildOf),
    ),
    log: app.log,
  });

  await authRoutes(app, accounts);
  app.get("/api/health", async () => ({
    ok: true,
    database: database.kind,
    loaded: store.loaded.size,
    ...world.counts(),
    tick: world.lastTick,
  }));
  await serveWeb(app, config.WEB_DIST);

  let flushTimer: NodeJS.Timeout | undefined;
  let stopping: Promise<void> | undefined;

  const server: GameServer = {
    app,
    database,
    store,
    world,
    sessions,
    chat,
    activityLog,
    itemIds,
    url: "",
    async start() {
      const loaded = await store.loadActive();
      await itemIds.start();
      await chat.start();
      activityLog.start();
      app.log.info({ loaded, database: database.kind }, "players loaded");
      gateway.attach(app.server);
      await app.listen({ port: config.PORT, host: config.HOST });
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : config.PORT;
      server.url = `http://${config.HOST === "0.0.0.0" ? "127.0.0.1" : config.HOST}:${port}`;
      world.start();
      flushTimer = setInterval(() => {
        store.flush().catch((err) => app.log.error({ err }, "flush failed"));
        store.evictIdle((id) => sessions.has(id));
      }, config.FLUSH_MS);
    },
    stop() {
      stopping ??= (async () => {
        world.stop();
        clearInterval(flushTimer);
        gateway.closeAll(CLOSE_RESTART, "Server restarting");
        await store.flush();
        await chat.stop();
        await activityLog.stop();
        await app.close();
        await database.close();
      })();
      return stopping;
    },
  };
  return server;
}
