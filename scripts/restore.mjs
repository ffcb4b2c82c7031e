/**
 * `npm run restore -- <backup.tar.gz> [--data-dir <dir>] [--url <operator url>]`, with the
 * server STOPPED: unpacks a backup made by `npm run backup` into DATA_DIR (default ./data).
 * It refuses while a process holds the data directory (its server.pid names a live process on
 * this host, or a process on another host: --force after checking) or the operator listener
 * (METRICS_PORT, or --url) answers. The backup is unpacked and opened in a new directory
 * first; only when it opens and holds the game's tables is the old DATA_DIR moved aside (to <DATA_DIR>.before-restore-<UTC time>, never deleted) and the new
 * one put in its place. On PostgreSQL (DATABASE_URL set) use pg_restore: see docs/backups.md.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { hostname } from "node:os";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { dataDir, fail, fromUser, operatorUrl, parseArgs, stamp } from "./operator.mjs";

const { flags, rest } = parseArgs(process.argv.slice(2));
if (process.env.DATABASE_URL) {
  fail(
    "This world runs on PostgreSQL (DATABASE_URL is set): restore a pg_dump backup with " +
      'pg_restore, e.g.\n  pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" manaspire.dump\n' +
      "See docs/backups.md.",
    2,
  );
}
if (rest.length !== 1)
  fail("Usage: npm run restore -- <backup.tar.gz> [--data-dir <dir>] [--force]", 2);
const file = fromUser(rest[0]);
if (!existsSync(file)) fail(`No backup at ${file}.`, 2);
const target = dataDir(flags);

/**
 * Whether DATA_DIR/server.pid (db/client.ts writes "<pid> <host>" while a process has the
 * database open) names a process that may still hold it: refuses if so.
 */
function refuseIfHeld() {
  const pidFile = path.join(target, "server.pid");
  if (flags.force === "true" || !existsSync(pidFile)) return;
  const [pidText, host = ""] = readFileSync(pidFile, "utf8").trim().split(/\s+/);
  const pid = Number(pidText);
  if (!Number.isInteger(pid) || pid <= 0) return;
  if (host && host !== hostname()) {
    fail(
      `${target} was opened by pid ${pidText} on host ${host}, which this machine cannot check ` +
        "(another container?). Make sure no server runs on it, then pass --force.",
    );
  }
  let alive = false;
  try {
    process.kill(pid, 0);
    alive = true;
  } catch (err) {
    alive = err.code === "EPERM"; // alive, another user's
  }
  if (alive) {
    fail(
      `A server (pid ${pid}) has ${target} open: stop it first (SIGTERM saves and exits). ` +
        "If no such server runs (the pid is another program's now), pass --force.",
    );
  }
}

refuseIfHeld();
const url = operatorUrl(flags);
if (url) {
  const answered = await fetch(`${url}/health`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
  if (answered) fail(`A server answers at ${url}: stop it before restoring.`);
}

const when = stamp();
const staging = `${target}.restoring-${when}`;
let players;
try {
  const bytes = readFileSync(file);
  mkdirSync(staging, { recursive: true });
  const db = new PGlite(path.join(staging, "pglite"), {
    loadDataDir: new Blob([bytes], { type: "application/x-gzip" }),
  });
  await db.waitReady;
  // The backup opens and holds a world: its players (and the migrations it had).
  const { rows } = await db.query("select count(*)::int as n from players");
  players = rows[0].n;
  await db.close();
} catch (err) {
  rmSync(staging, { recursive: true, force: true });
  fail(`${file} is not a backup this can restore (${err.message}); ${target} is untouched.`);
}
let aside;
if (existsSync(target)) {
  aside = `${target}.before-restore-${when}`;
  renameSync(target, aside);
}
renameSync(staging, target);
console.log(`Restored ${file} into ${target} (${players} players).`);
if (aside) console.log(`The data directory it replaced is kept at ${aside}.`);
console.log("Start the server: it applies any migration the backup lacks.");
