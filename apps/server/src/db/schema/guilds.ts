import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * Guilds (issue 10), authoritative here for every server process: every change of funds,
 * ranks or membership is one transaction that locks the guild's row first.
 */
export const guilds = pgTable(
  "guilds",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    ownerId: bigint("owner_id", { mode: "number" }).notNull(),
    description: text("description").notNull().default(""),
    internalDescription: text("internal_description").notNull().default(""),
    motd: text("motd").notNull().default(""),
    apiKey: text("api_key"),
    /** Currency (loot id) to amount. */
    funds: jsonb("funds").$type<Record<string, number>>().notNull().default({}),
    /** Upgrade type to level. */
    upgrades: jsonb("upgrades").$type<Record<string, number>>().notNull().default({}),
    nextUpgrade: smallint("next_upgrade"),
    totalUpgrades: integer("total_upgrades").notNull().default(0),
    experience: doublePrecision("experience").notNull().default(0),
    /** The guild dungeon's floor (spec DungeonLevel): 1 at first, +1 per cleared floor. */
    dungeonLevel: integer("dungeon_level").notNull().default(1),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("guilds_name_key_idx").on(sql`lower(${t.name})`),
    index("guilds_list_idx").on(t.totalUpgrades, t.name),
  ],
);

/** A guild's ranks: lower id ranks higher; `permission` holds the 12 bits. */
export const guildRanks = pgTable(
  "guild_ranks",
  {
    guildId: bigint("guild_id", { mode: "number" })
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    rankId: smallint("rank_id").notNull(),
    name: text("name").notNull(),
    permission: integer("permission").notNull().default(0),
    /** Currency to percentage. */
    tax: jsonb("tax").$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.guildId, t.rankId] })],
);

/** One row per member (a player is in at most one guild). */
export const guildMembers = pgTable(
  "guild_members",
  {
    playerId: bigint("player_id", { mode: "number" })
      .primaryKey()
      .references(() => players.id, { onDelete: "cascade" }),
    guildId: bigint("guild_id", { mode: "number" })
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    rankId: smallint("rank_id").notNull(),
    /** Currency to amount given to the funds (withdrawals subtract). */
    contributions: jsonb("contributions").$type<Record<string, number>>().notNull().default({}),
    joinedAt: timestamp("joined_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("guild_members_guild_idx").on(t.guildId)],
);

/** Pending invitations. */
export const guildInvites = pgTable(
  "guild_invites",
  {
    guildId: bigint("guild_id", { mode: "number" })
      .notNull()
      .references(() => guilds.id, { onDelete: "cascade" }),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.guildId, t.playerId] }),
    index("guild_invites_player_idx").on(t.playerId),
  ],
);
