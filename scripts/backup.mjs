/**
 * `npm run backup [-- --to <file>] [--url <operator url>]`: a consistent backup of a RUNNING
 * world on the embedded database. PGlite allows one process per data directory, so the server
 * takes it: `POST /backup` on its operator listener (METRICS_PORT; apps/server/src/http/
 * backup-route.ts) saves every loaded player, then sends a gzipped tarball of the data
 * directory, written here to `--to` (default ./manaspire-backup-<UTC time>.tar.gz).
 * On PostgreSQL (DATABASE_URL set) use pg_dump: see docs/backups.md.
 */
import { renameSync, rmSync, writeFileSync } from "node:fs";
import { fail, fromUser, operatorUrl, parseArgs, stamp } from "./operator.mjs";

const { flags } = parseArgs(process.argv.slice(2));
if (process.env.DATABASE_URL && !flags.url) {
  fail(
    "This world runs on PostgreSQL (DATABASE_URL is set): back it up with pg_dump, e.g.\n" +
      '  pg_dump --format=custom --file=manaspire.dump "$DATABASE_URL"\n' +
      "See docs/backups.md.",
    2,
  );
}
const url = operatorUrl(flags);
if (!url) {
  fail(
    "The backup is taken by the running server on its operator listener: set METRICS_PORT " +
      "(and METRICS_HOST) as the server has them, or pass --url http://127.0.0.1:<port>.",
    2,
  );
}
const to = fromUser(flags.to ?? `manaspire-backup-${stamp()}.tar.gz`);

let res;
try {
  res = await fetch(`${url}/backup`, { method: "POST" });
} catch (err) {
  fail(`No server answers at ${url} (${err.cause?.code ?? err.message}): is the world running?`);
}
if (!res.ok) {
  const body = await res.text();
  let message = body;
  try {
    message = JSON.parse(body).error ?? body;
  } catch {}
  fail(`The server refused the backup (${res.status}): ${message}`);
}
const bytes = Buffer.from(await res.arrayBuffer());
// Written beside its name, then renamed: a file by that name is always a whole backup.
const partial = `${to}.partial`;
try {
  writeFileSync(partial, bytes);
  renameSync(partial, to);
} catch (err) {
  rmSync(partial, { force: true });
  fail(`Writing ${to} failed: ${err.message}`);
}
const players = res.headers.get("x-players-saved");
console.log(
  `Backup written: ${to} (${bytes.length} bytes; ${players} players saved just before it).`,
);
