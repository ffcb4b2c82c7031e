import { sql } from "drizzle-orm";
import { resultRows } from "../world/player-writes";
import type { Database } from "./client";

/**
 * Share of a table's rows changed since its last ANALYZE past which the planner's statistics
 * count as stale (PostgreSQL's autovacuum uses the same 10% by default).
 */
const STALE_SHARE = 0.1;

/**
 * Gives the query planner statistics before the world loads its players. Without them (a new
 * or restored database, a bulk import, PGlite, which has no autovacuum) PostgreSQL guesses that
 * `owner_id = any(…)` matches half of `items` and scans the whole table for every batch of the
 * start-up load: 152 ms a batch at 800,000 items, against 7 ms after ANALYZE (issue 30).
 * PGlite: every table, each start (it has no autovacuum). PostgreSQL: only the tables never
 * analysed or changed by more than 10% since (autovacuum keeps the rest). Returns the tables.
 */
export async function refreshStatistics(database: Database): Promise<string[]> {
  const { db } = database;
  if (database.kind === "pglite") {
    await db.execute(sql`analyze`);
    return ["*"];
  }
  const stale = resultRows<{ name: string }>(
    await db.execute(sql`
      select quote_ident(s.schemaname) || '.' || quote_ident(s.relname) as name
      from pg_stat_user_tables s join pg_class c on c.oid = s.relid
      where c.reltuples < 0
        or (s.last_analyze is null and s.last_autoanalyze is null)
        or s.n_mod_since_analyze > greatest(c.reltuples, 0) * ${STALE_SHARE} + 50`),
  ).map((r) => r.name);
  if (stale.length > 0) await db.execute(sql.raw(`analyze ${stale.join(", ")}`));
  return stale;
}
