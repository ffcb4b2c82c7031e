/**
 * `npm run memory` (issue 27, not in CI): the resident memory of one built server process
 * (`apps/server/dist/main.js`: run `npm run build` first) on each store, with nobody playing.
 * For each store (PGlite in a temporary DATA_DIR; PostgreSQL in a database of its own on
 * MEMORY_DATABASE_URL's server, default the local one, skipped when unreachable):
 * - an empty world: first start (the server creates and migrates the store), then a restart;
 * - N loaded players for each N in MEMORY_PLAYERS (default 1000,10000): N played accounts
 *   (bench's seed, no items) written into a fresh store, then the server started on it,
 *   which loads them all.
 * Each figure is VmRSS from /proc once `/health` counts every player loaded and the process
 * has idled MEMORY_IDLE_S (default 30) seconds, with VmHWM (the peak) beside it. Linux only.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client";
import { seedPlayers } from "../apps/server/test/support/seed";
import { freePort } from "./free-port";

const STEPS = (process.env.MEMORY_PLAYERS ?? "1000,10000").split(",").map(Number);
const IDLE_MS = Number(process.env.MEMORY_IDLE_S ?? 30) * 1000;
const PG_SERVER = process.env.MEMORY_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const MAIN = path.resolve(import.meta.dirname, "../apps/server/dist/main.js");

interface Store {
  kind: "pglite" | "postgres";
  env: Record<string, string>;
  open: () => ReturnType<typeof openDatabase>;
  drop: () => Promise<void>;
}

function memoryMb(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`${key}:\\s+(\\d+)`).exec(status)?.[1] ?? 0);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

async function adminQuery(sql: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: PG_SERVER });
  try {
    await client.connect();
  } catch {
    return false;
  }
  try {
    await client.query(sql);
    return true;
  } finally {
    await client.end();
  }
}

async function newStore(kind: Store["kind"]): Promise<Store | null> {
  if (kind === "pglite") {
    const dir = mkdtempSync(path.join(tmpdir(), "manaspire-memory-"));
    return {
      kind,
      env: { DATA_DIR: dir },
      open: () => openDatabase({ dataDir: dir }),
      drop: async () => rmSync(dir, { recursive: true, force: true }),
    };
  }
  const name = `manaspire_memory_${process.pid}_${Date.now().toString(36)}`;
  if (!(await adminQuery(`CREATE DATABASE "${name}"`))) return null;
  const url = new URL(PG_SERVER);
  url.pathname = `/${name}`;
  const dir = mkdtempSync(path.join(tmpdir(), "manaspire-memory-"));
  return {
    kind,
    env: { DATABASE_URL: url.toString(), DATA_DIR: dir },
    open: () => openDatabase({ databaseUrl: url.toString(), dataDir: dir }),
    drop: async () => {
      await adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Starts the built server on `store`, waits for `players` loaded and the idle time, measures. */
async function measure(store: Store, players: number): Promise<{ rss: number; peak: number }> {
  const metricsPort = await freePort();
  const { DATABASE_URL: _inherited, ...inherited } = process.env;
  const child: ChildProcess = spawn(process.execPath, [MAIN], {
    env: {
      ...inherited,
      ...store.env,
      PORT: String(await freePort()),
      HOST: "127.0.0.1",
      METRICS_PORT: String(metricsPort),
      LOG_LEVEL: "warn",
    },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  try {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error("the server exited early");
      if (Date.now() > deadline) throw new Error("the server did not load within 300 s");
      const health = await fetch(`http://127.0.0.1:${metricsPort}/health`)
        .then((r) => (r.ok ? (r.json() as Promise<{ loaded?: number }>) : undefined))
        .catch(() => undefined);
      if (health && (health.loaded ?? 0) >= players) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    await new Promise((r) => setTimeout(r, IDLE_MS));
    return memoryMb(child.pid as number);
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

function line(label: string, figure: { rss: number; peak: number }): void {
  console.log(
    `${label.padEnd(40)} ${`${Math.round(figure.rss)} MB`.padStart(8)} (peak ${Math.round(figure.peak)} MB)`,
  );
}

if (!existsSync(MAIN)) {
  console.error("No built server: run 'npm run build' first.");
  process.exit(1);
}
console.log(`Resident memory of one idle server process (after ${IDLE_MS / 1000} s idle)`);
for (const kind of ["pglite", "postgres"] as const) {
  const empty = await newStore(kind);
  if (!empty) {
    console.log(`${kind}: skipped, no server at MEMORY_DATABASE_URL`);
    continue;
  }
  try {
    line(`${kind}: empty world, first start`, await measure(empty, 0));
    line(`${kind}: empty world, restart`, await measure(empty, 0));
  } finally {
    await empty.drop();
  }
  for (const n of STEPS) {
    const store = (await newStore(kind)) as Store;
    try {
      const db = await store.open();
      for (let done = 0; done < n; done += 20_000)
        await seedPlayers(db.db, Math.min(20_000, n - done));
      await db.close();
      line(`${kind}: ${n.toLocaleString("en")} loaded players`, await measure(store, n));
    } finally {
      await store.drop();
    }
  }
}
