import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * The activity log: what happened to a player (level-ups, whispers, account events and, with
 * later issues, transfers, market and events) or to a guild. Written in batches by the
 * activity log service; read newest first by id.
 */
export const activityLog = pgTable(
  "activity_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The player whose log this is; null for guild-only entries. */
    playerId: bigint("player_id", { mode: "number" }).references(() => players.id, {
      onDelete: "cascade",
    }),
    /** The guild whose log this is (guilds arrive with their own issue; no foreign key yet). */
    guildId: bigint("guild_id", { mode: "number" }),
    /** LogCategory from packages/game (1 level … 11 guild rank). */
    category: smallint("category").notNull(),
    text: text("text").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("activity_log_player_idx").on(t.playerId, t.id),
    index("activity_log_player_category_idx").on(t.playerId, t.category, t.id),
    index("activity_log_guild_idx").on(t.guildId, t.id).where(sql`${t.guildId} is not null`),
  ],
);

/** The coarse devices (browser and system) a player has signed in from. */
export const signInDevices = pgTable(
  "sign_in_devices",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    device: text("device").notNull(),
    firstSeenAt: timestamp("first_seen_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.device] })],
);
