import { bigint, bigserial, boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per running server process: its id is the fencing token it writes players with
 * (`players.owner_id`), renewed by a heartbeat. A process whose heartbeat is older than the
 * lease is removed by any other process, and its players are free to be taken; a process that
 * finds its own row gone has lost them and must not write again. See docs/core/processes.md
 * "Ownership of players".
 */
export const serverProcesses = pgTable("server_processes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** Host and pid, for people reading the table. */
  name: text("name").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
  /** Players with a socket on this process, as of its last heartbeat (the Online count). */
  online: integer("online").notNull().default(0),
  /** Players this process ticked in its last tick (the Active count). */
  active: integer("active").notNull().default(0),
  /**
   * The process holds its liveness lock (a session-level advisory lock keyed by its id, on a
   * connection of its own) for as long as it lives: PostgreSQL frees it the moment the process
   * dies, and the others remove its row then rather than a lease later (world/ownership.ts).
   * False for a process that does not (PGlite, or a version before it): only its lease counts.
   */
  livenessLock: boolean("liveness_lock").notNull().default(false),
});

/**
 * Jobs that must run once per world (chat pruning; later the event scheduler, leaderboard
 * refresh, market candles): the process whose id is `holder` runs them. The lock is free when
 * its holder's `server_processes` row is gone (its lease expired), so it lasts exactly as long
 * as the holder's heartbeat and needs no lease of its own.
 */
export const worldLocks = pgTable("world_locks", {
  name: text("name").primaryKey(),
  holder: bigint("holder", { mode: "number" }).notNull(),
  takenAt: timestamp("taken_at", { withTimezone: true }).notNull().defaultNow(),
});
