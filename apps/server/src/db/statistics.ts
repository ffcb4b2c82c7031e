import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { resultRows } from "./runner";

/** Growth past the size the statistics were taken at (10%, as autovacuum) that makes them stale. */
const STALE_GROWTH = 1.1;
/** Tables smaller than this (64 KiB) plan the same whatever the statistics say. */
const SMALL_BYTES = 65_536;

/**
 * Gives the query planner statistics before the world loads its players. Without them (a new
 * or restored database, a bulk import, and always on PGlite, which has no autovacuum)
 * PostgreSQL guesses that `owner_id = any(…)` matches half of `items` and scans the whole
 * table for every batch of the start-up load (issue 30: 25,000 players loaded in 17.8 s
 * without, 0.9 + 9.5 s with). A table is analysed when its size on disk has grown past 110%
 * of the size its statistics were taken at (`relpages`) plus 64 KiB: an empty world analyses
 * nothing, and a world that autovacuum keeps current (PostgreSQL) little. Both stores, one rule
 * (PGlite keeps no activity counters). Returns the tables analysed.
 */
export async function refreshStatistics(database: Database): Promise<string[]> {
  const stale = resultRows<{ name: string }>(
    await database.db.execute(sql`
      select quote_ident(n.nspname) || '.' || quote_ident(c.relname) as name
      from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where c.relkind = 'r' and n.nspname = 'public'
        and pg_relation_size(c.oid) > c.relpages::float8 * current_setting('block_size')::int * ${STALE_GROWTH} + ${SMALL_BYTES}`),
  ).map((r) => r.name);
  if (stale.length > 0) await database.db.execute(sql.raw(`analyze ${stale.join(", ")}`));
  return stale;
}
