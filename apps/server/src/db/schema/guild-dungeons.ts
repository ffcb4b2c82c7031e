import {
  bigint,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { guilds } from "./guilds";

/**
 * Completed objectives of guild dungeon floors (docs/features/guild-dungeons.md "Guild dungeons"): one
 * row per (guild, level, objective), so a second completion of the same objective (another
 * member, another process) inserts nothing. Written under the guild row's lock.
 */
export const guildDungeonObjectives = pgTable(
  "guild_dungeon_objectives",
  {
    guildId: bigint("guild_id", { mode: "number" })
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    level: integer("level").notNull(),
    objective: smallint("objective").notNull(),
    /** Who completed it (no reference: the row outlives the player for the history). */
    playerId: bigint("player_id", { mode: "number" }).notNull(),
    playerName: text("player_name").notNull(),
    completedAt: timestamp("completed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.level, t.objective] })],
);
