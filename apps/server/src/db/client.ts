import { existsSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import type { PGlite } from "@electric-sql/pglite";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import { MIGRATIONS_FOLDER } from "./migrations-folder";
import { compiledPGlite, type PGliteModules, RemotePGlite } from "./pglite-remote";
import * as schema from "./schema";

export type Schema = typeof schema;
/** The database handle every service uses, whichever store is behind it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /**
   * PostgreSQL only: a connection of its own holding process `processId`'s liveness lock
   * (world/ownership.ts) until closed, or until the process dies and PostgreSQL frees it.
   */
  liveness?: (processId: number) => Promise<LivenessSession>;
  /** PGlite only: a consistent gzipped tarball of the data directory (a backup). */
  dump?: () => Promise<Uint8Array>;
  close(): Promise<void>;
}

/** A session holding a process's liveness lock. */
export interface LivenessSession {
  /** Settles if the session ends or fails while held (not after `close`). */
  lost: Promise<Error>;
  close(): Promise<void>;
}

/** The advisory lock class of processes' liveness locks (the object id is the process's). */
export const LIVENESS_LOCK_CLASS = 0x4d53_4c56; // "MSLV"

/** Process ids are taken modulo this for the lock's int4 object id (SQL does the same). */
export const LIVENESS_KEYS = 2_147_483_647;

/** A process id as the lock's int4 object id. */
export function livenessKey(processId: number): number {
  return processId % LIVENESS_KEYS;
}

async function livenessSession(url: string, processId: number): Promise<LivenessSession> {
  const client = new pg.Client({ connectionString: url, keepAlive: true });
  let closing = false;
  const lost = new Promise<Error>((resolve) => {
    client.on("error", (err) => {
      if (!closing) resolve(err);
    });
    client.on("end", () => {
      if (!closing) resolve(new Error("the liveness session ended"));
    });
  });
  await client.connect();
  await client.query("select pg_advisory_lock($1, $2)", [
    LIVENESS_LOCK_CLASS,
    livenessKey(processId),
  ]);
  return {
    lost,
    close: async () => {
      closing = true;
      await client.end().catch(() => {});
    },
  };
}

const migrationsFolder = MIGRATIONS_FOLDER;
/**
 * The file in DATA_DIR naming the process that has its embedded database open (its pid and
 * host name), removed when it closes: `npm run restore` (scripts/restore.mjs) refuses while that process
 * lives. PGlite's own postmaster.pid stays behind a killed process and names no real process.
 */
export const HOLDER_FILE = "server.pid";
/** The advisory lock key migrations run under ("manaspir" in ASCII). */
const MIGRATION_LOCK = "7881702187702708594";

/**
 * Opens PostgreSQL when `databaseUrl` is set, otherwise PGlite in `dataDir`
 * (created if missing), and applies the checked-in migrations.
 */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir: string;
  /** PGlite only: its page cache, PostgreSQL's shared_buffers (default 16MB, pglite-worker.ts). */
  pgliteSharedBuffers?: string | undefined;
  /**
   * PostgreSQL ends a transaction whose client has been silent this long inside it, and so
   * frees its row locks. Several processes set it to their lease: a process paused in the
   * middle of a flush (SIGSTOP, a frozen VM) would otherwise keep its players' rows locked,
   * and the others, which claim with SKIP LOCKED, could never take those players over.
   */
  idleInTransactionMs?: number | undefined;
  /** Hears a connection that broke outside a query (the server ended it): logged, not fatal. */
  onConnectionError?: (err: Error) => void;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: 10,
      ...(opts.idleInTransactionMs
        ? { idle_in_transaction_session_timeout: opts.idleInTransactionMs }
        : {}),
    });
    // pool.end() resolves before its connections have closed; close() waits for them, so the
    // database can be dropped or the process end right after.
    const open = new Set<pg.PoolClient>();
    const onError = opts.onConnectionError ?? (() => {});
    pool.on("error", onError); // an idle connection the server ended
    pool.on("connect", (client) => {
      open.add(client);
      client.on("error", onError); // one checked out, between its queries
      client.once("end", () => open.delete(client));
    });
    const db = drizzleNodePg(pool, { schema });
    // Several processes may start at once on a fresh database: one migrates, the others wait
    // for it (then find nothing to do) instead of racing to create the same tables.
    const lock = await pool.connect();
    try {
      await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migrateNodePg(db, { migrationsFolder });
    } finally {
      await lock.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      lock.release();
    }
    const close = async () => {
      const closing = [...open].map((c) => new Promise((resolve) => c.once("end", resolve)));
      await pool.end();
      await Promise.all(closing);
    };
    const url = opts.databaseUrl;
    return {
      db: db as unknown as Db,
      kind: "postgres",
      close,
      liveness: (processId) => livenessSession(url, processId),
    };
  }
  mkdirSync(opts.dataDir, { recursive: true });
  const pgliteDir = path.resolve(opts.dataDir, "pglite");
  const compiling = compiledPGlite();
  if (!existsSync(path.join(pgliteDir, "PG_VERSION"))) {
    // A new world: initdb and the first migrations run in a child process, ended before the
    // world opens. WebAssembly memory never shrinks, and PGlite's initdb runs a second
    // PostgreSQL beside the first and copies the new data directory through memory: in the
    // world's own thread, that kept ~500 MB resident for the life of the process (and in a
    // thread of its own, its allocator still kept ~70 MB after the thread ended).
    const setup = await openRemote(pgliteDir, "process", opts.pgliteSharedBuffers);
    try {
      await migratePglite(drizzlePglite(setup as unknown as PGlite, { schema }), {
        migrationsFolder,
      });
    } finally {
      await setup.close();
    }
  }
  // PGlite runs in a worker thread: its work never holds the game loop (pglite-remote.ts).
  const client = await openRemote(pgliteDir, await compiling, opts.pgliteSharedBuffers);
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  await migratePglite(db, { migrationsFolder });
  // Who holds the directory: `npm run restore` refuses while this process lives.
  const holder = path.join(opts.dataDir, HOLDER_FILE);
  writeFileSync(holder, `${process.pid} ${hostname()}\n`);
  return {
    db: db as unknown as Db,
    kind: "pglite",
    dump: () => client.dump(),
    close: async () => {
      try {
        await client.close();
      } finally {
        rmSync(holder, { force: true });
      }
    },
  };
}

/** PGlite in `dir` in a worker thread of its own, once it is ready. */
async function openRemote(
  dir: string,
  modules: PGliteModules | "process",
  sharedBuffers: string | undefined,
): Promise<RemotePGlite> {
  const client = new RemotePGlite(dir, modules, sharedBuffers);
  try {
    await client.waitReady;
  } catch (err) {
    await client.close().catch(() => {});
    throw err;
  }
  return client;
}
