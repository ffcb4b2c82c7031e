import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/migrations-folder";
import { resultRows } from "../db/runner";

/** How many migrations this build ships (drizzle's journal). */
function shippedMigrations(): number {
  const journal = path.join(MIGRATIONS_FOLDER, "meta/_journal.json");
  return (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries.length;
}

/** Answers within this long or the check counts as failed. */
const CHECK_TIMEOUT_MS = 2000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

/** What readiness found: each check's word ("ok" or why not) and the verdict. */
export interface Readiness {
  /**
   * `ready`; `degraded` (Redis unreachable: this process still serves its players and saves
   * to the database, but chat, presence and hand-overs between processes wait for Redis);
   * `not ready` (the database is unreachable or lacks a migration: 503).
   */
  status: "ready" | "degraded" | "not ready";
  checks: Record<string, string>;
}

export interface HealthDeps {
  db: Db;
  kind: string;
  status: () => Record<string, unknown>;
  /** Redis, when the world uses it: undefined when reachable, else why not. */
  redisProblem?: () => Promise<string | undefined>;
}

/** Runs the readiness checks (database, migrations, Redis), each within 2 s. */
export function readinessCheck(deps: HealthDeps): () => Promise<Readiness> {
  const expected = shippedMigrations();
  return async () => {
    const checks: Record<string, string> = {};
    try {
      const rows = resultRows<{ n: number }>(
        await withTimeout(
          deps.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`),
        ),
      );
      const applied = Number(rows[0]?.n ?? 0);
      checks.database = "ok";
      checks.migrations =
        applied >= expected ? "ok" : `${applied} of ${expected} migrations applied`;
    } catch (err) {
      checks.database = `unreachable: ${(err as Error).message}`;
    }
    if (deps.redisProblem) {
      const problem = await withTimeout(deps.redisProblem()).catch((err: Error) => err.message);
      checks.redis = problem ?? "ok";
    }
    const databaseOk = checks.database === "ok" && checks.migrations === "ok";
    const status = !databaseOk
      ? "not ready"
      : checks.redis && checks.redis !== "ok"
        ? "degraded"
        : "ready";
    return { status, checks };
  };
}

/**
 * The public `/api/health` (liveness: `{ ok: true }`) and `/api/ready` (readiness as one word:
 * 200 `{ ready: true, status: "ready" | "degraded" }`, 503 `{ ready: false, status: "not
 * ready" }`), for load balancers. What the process holds and why a check failed are on the
 * operator's listener only (`operatorRoutes`, METRICS_HOST/METRICS_PORT).
 */
export function healthRoutes(app: FastifyInstance, readiness: () => Promise<Readiness>): void {
  app.get("/api/health", async () => ({ ok: true }));
  app.get("/api/ready", async (_req, reply) => {
    const { status } = await readiness();
    const ready = status !== "not ready";
    if (ready) return { ready, status };
    // The API's one error shape (error, code); why is on the operator's listener only.
    return reply.code(503).send({ error: "Not ready.", code: "unavailable", ready, status });
  });
}

/**
 * The operator's listener: `/metrics` (Prometheus), `/health` (what the process holds:
 * database kind, loaded and online players, the last tick) and `/ready` (each check's word).
 */
export function operatorRoutes(
  app: FastifyInstance,
  deps: HealthDeps,
  readiness: () => Promise<Readiness>,
): void {
  app.get("/health", async () => ({ ok: true, database: deps.kind, ...deps.status() }));
  app.get("/ready", async (_req, reply) => {
    const result = await readiness();
    const ready = result.status !== "not ready";
    return reply.code(ready ? 200 : 503).send({ ready, ...result });
  });
}
