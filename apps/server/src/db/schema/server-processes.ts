import { bigserial, pgTable, text, timestamp } from "drizzle-orm/pg-core";

/**
 * One row per running server process: its id is the fencing token it writes players with
 * (`players.owner_id`), renewed by a heartbeat. A process whose heartbeat is older than the
 * lease is removed by any other process, and its players are free to be taken; a process that
 * finds its own row gone has lost them and must not write again. See docs/architecture.md
 * "Ownership of players".
 */
export const serverProcesses = pgTable("server_processes", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  /** Host and pid, for people reading the table. */
  name: text("name").notNull(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
  heartbeatAt: timestamp("heartbeat_at", { withTimezone: true }).notNull().defaultNow(),
});
