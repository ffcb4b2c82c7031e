import { readFileSync } from "node:fs";
import path from "node:path";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../db/client";
import { MIGRATIONS_FOLDER } from "../db/migrations-folder";
import { resultRows } from "../world/player-writes";

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

/**
 * `/api/health` (liveness: the process answers, with what it holds) and `/api/ready`
 * (readiness: the database answers and has every migration this build ships, and Redis answers
 * when the world uses it; 503 with the
 * failing check otherwise), for load balancers and orchestrators.
 */
export function healthRoutes(
  app: FastifyInstance,
  deps: {
    db: Db;
    kind: string;
    status: () => Record<string, unknown>;
    /** Redis, when the world uses it: undefined when reachable, else why not. */
    redisProblem?: () => Promise<string | undefined>;
  },
): void {
  const expected = shippedMigrations();

  app.get("/api/health", async () => ({ ok: true, database: deps.kind, ...deps.status() }));

  app.get("/api/ready", async (_req, reply) => {
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
    const ready = Object.values(checks).every((c) => c === "ok");
    if (ready) return { ready, checks };
    const failing = Object.entries(checks).filter(([, c]) => c !== "ok");
    const error = `Not ready: ${failing.map(([name, c]) => `${name} ${c}`).join("; ")}`;
    return reply.code(503).send({ error, code: "unavailable", ready, checks });
  });
}
