import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Config } from "./config";
import { type Database, openDatabase } from "./db/client";
import { getOrCreateSetting, randomSecret } from "./db/settings";
import { refreshStatistics } from "./db/statistics";

/** The world's database, opened, and the settings stored in it once per world. */
export interface OpenedWorld {
  database: Database;
  /** Signs sign-in tokens (JWT_SECRET, or one made at the first start). */
  secret: string;
  /** Seeds every player's randomness (made at the first start). */
  worldSeed: number;
  /** Keeps worlds sharing one Redis apart (each database is one world). */
  worldId: string;
}

/** Opens the database (migrating it), refreshes its statistics and reads the world's settings. */
export async function openWorld(
  config: Config,
  log: FastifyBaseLogger,
  cluster: boolean,
): Promise<OpenedWorld> {
  const database = await openDatabase({
    databaseUrl: config.DATABASE_URL,
    dataDir: config.DATA_DIR,
    pgliteSharedBuffers: config.PGLITE_SHARED_BUFFERS,
    idleInTransactionMs: cluster ? config.LEASE_MS : undefined,
    onConnectionError: (err) => log.warn({ err }, "database connection ended"),
  });
  const { db } = database;
  // Before the start-up load: without statistics its queries scan whole tables (issue 30).
  const statsStarted = performance.now();
  await refreshStatistics(database).then(
    (tables) =>
      tables.length > 0 &&
      log.info(
        { tables: tables.length, ms: Math.round(performance.now() - statsStarted) },
        "planner statistics refreshed",
      ),
    (err) => log.warn({ err }, "refreshing the planner's statistics failed"),
  );
  const secret = config.JWT_SECRET ?? (await getOrCreateSetting(db, "jwt_secret", randomSecret));
  const worldSeed = Number(
    await getOrCreateSetting(db, "world_seed", () => String(Math.floor(Math.random() * 2 ** 31))),
  );
  // Worlds sharing one Redis keep apart by this id (each database is one world).
  const worldId = await getOrCreateSetting(db, "world_id", () => randomBytes(6).toString("hex"));
  return { database, secret, worldSeed, worldId };
}
