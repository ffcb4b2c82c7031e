import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import type { Database } from "../db/client";

export interface BackupDeps {
  database: Database;
  /** Writes every loaded player (the shutdown's save); `failed` counts those it could not. */
  flush: () => Promise<{ written: number; failed: number }>;
  log: FastifyBaseLogger;
}

/**
 * `POST /backup` on the operator's listener (never the public port), from loopback only: saves
 * every loaded player, then answers with a consistent gzipped tarball of the embedded database's
 * data directory (PGlite's `dumpDataDir`, taken with no transaction open). `npm run backup`
 * (scripts/backup.mjs) writes it to a file; `npm run restore` unpacks it into DATA_DIR.
 * PGlite allows one process per data directory, so only the running server can take it.
 * On PostgreSQL it answers 501: pg_dump does it (docs/backups.md).
 */
export function backupRoute(app: FastifyInstance, deps: BackupDeps): void {
  let running: Promise<unknown> = Promise.resolve();
  app.post("/backup", async (req, reply) => {
    // The whole database (password hashes included) leaves with it: only from this machine,
    // even when METRICS_HOST opens the listener to a private network for Prometheus.
    if (!isLoopback(req.socket.remoteAddress)) {
      return reply.code(403).send({
        error: "Backups are taken from the server's own machine (npm run backup there).",
        code: "forbidden",
      });
    }
    const dump = deps.database.dump;
    if (!dump) {
      return reply.code(501).send({
        error: "This world runs on PostgreSQL: back it up with pg_dump (docs/backups.md).",
        code: "unsupported",
      });
    }
    // One backup at a time: a second request waits for the first.
    const taking = running.then(async () => {
      const started = performance.now();
      const saved = await deps.flush();
      if (saved.failed > 0) return { saved, snapshot: undefined, ms: 0 };
      const snapshot = await dump();
      return { saved, snapshot, ms: Math.round(performance.now() - started) };
    });
    running = taking.catch(() => {});
    const { saved, snapshot, ms } = await taking;
    if (!snapshot) {
      return reply.code(503).send({
        error: `${saved.failed} players could not be saved: no backup taken.`,
        code: "unavailable",
      });
    }
    deps.log.info({ bytes: snapshot.byteLength, players: saved.written, ms }, "backup taken");
    return reply
      .header("content-type", "application/gzip")
      .header("x-players-saved", String(saved.written))
      .send(Buffer.from(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength));
  });
}

/** Whether a peer address is this machine's loopback (IPv4, IPv6, or IPv4 mapped into IPv6). */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice(7) : address;
  return address === "::1" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4);
}
