import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import type { AwayMark } from "../../services/away-mark";
import { accounts } from "./accounts";

/** The game state of one player; written in batches by the player store. */
export const players = pgTable(
  "players",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    battleXp: doublePrecision("battle_xp").notNull().default(0),
    miningXp: doublePrecision("mining_xp").notNull().default(0),
    fishingXp: doublePrecision("fishing_xp").notNull().default(0),
    woodcuttingXp: doublePrecision("woodcutting_xp").notNull().default(0),
    zone: smallint("zone").notNull().default(1),
    enemy: bigint("enemy", { mode: "number" }).notNull().default(1),
    magicType: smallint("magic_type").notNull().default(1),
    actionType: smallint("action_type").notNull().default(1),
    actions: integer("actions").notNull(),
    kills: bigint("kills", { mode: "number" }).notNull().default(0),
    deaths: bigint("deaths", { mode: "number" }).notNull().default(0),
    currentEnemyKills: bigint("current_enemy_kills", { mode: "number" }).notNull().default(0),
    currentEnemyDeaths: bigint("current_enemy_deaths", { mode: "number" }).notNull().default(0),
    battleQuestProgress: integer("battle_quest_progress").notNull().default(0),
    battleQuestCompleted: integer("battle_quest_completed").notNull().default(0),
    gatherQuestProgress: integer("gather_quest_progress").notNull().default(0),
    gatherQuestCompleted: integer("gather_quest_completed").notNull().default(0),
    /** Counts every action taken; seeds that action's random source. */
    actionCounter: bigint("action_counter", { mode: "number" }).notNull().default(0),
    /** The gathering actions among them (the profile's Gather Actions). */
    gatherActions: bigint("gather_actions", { mode: "number" }).notNull().default(0),
    /** The actions that went to an event (a rift's fight or gathering, a siphon). */
    eventActions: bigint("event_actions", { mode: "number" }).notNull().default(0),
    /** Boost id to value: research, stat drops, purchases. */
    boosts: jsonb("boosts").$type<Record<number, number>>().notNull().default({}),
    /** Loot id to amount. */
    loot: jsonb("loot").$type<Record<number, number>>().notNull().default({}),
    /** The personal guild tax: loot id to percent (applies where the rank's is lower). */
    taxes: jsonb("taxes").$type<Record<number, number>>().notNull().default({}),
    preferences: jsonb("preferences").$type<Record<string, unknown>>().notNull().default({}),
    /** Sigils: event points spent on the sigil level and the active sigil (its boost id, 0 none). */
    sigil: jsonb("sigil")
      .$type<{ points: number; active: number }>()
      .notNull()
      .default({ points: 0, active: 0 }),
    /** The highest enemy level the player has beaten (the Highest Enemy leaderboard). */
    highestEnemy: bigint("highest_enemy", { mode: "number" }).notNull().default(0),
    /** Farm: when the herbs were last collected (ms since 1970); a new farm is planted at sign-up. */
    farmHarvestAt: doublePrecision("farm_harvest_at")
      .notNull()
      .default(sql`(extract(epoch from now()) * 1000)`),
    /** Farm: herbs collected in all (the Farm leaderboard), counted since migration 0021. */
    farmHarvested: doublePrecision("farm_harvested").notNull().default(0),
    /** Active potions and the belt (packages/game potions.ts `PotionState`). */
    potions: jsonb("potions")
      .$type<{ active: unknown[]; belt: unknown[] }>()
      .notNull()
      .default({ active: [], belt: [] }),
    /** Owned pets, the dungeon skin and bought skins (packages/game pets `PetState`). */
    pets: jsonb("pets")
      .$type<{ pets: unknown[]; dungeonSkin: unknown; skins: unknown[] }>()
      .notNull()
      .default({ pets: [], dungeonSkin: null, skins: [] }),
    /**
     * Dungeons (packages/game dungeons `DungeonState`: idle size and ticks, counters, presets,
     * the dungeon under way by hand); null until the player first touches dungeons.
     */
    dungeon: jsonb("dungeon").$type<Record<string, unknown>>(),
    title: text("title").notNull().default(""),
    /**
     * "While you were away" (issue 14): the counters when the player's last socket closed,
     * compared with the state at the next connection (`services/away-summary.ts`);
     * `{"since":0}` or null when there is none.
     */
    away: jsonb("away").$type<AwayMark>(),
    titleColor: text("title_color").notNull().default(""),
    /** Quality of Life lasts until this time (ms since 1970); 0 never bought. */
    qolEnd: doublePrecision("qol_end").notNull().default(0),
    /**
     * The world event the player joined (services/events): which one, the rift action picked,
     * the siphon and its successes, and the player's totals so far; null when none.
     */
    event: jsonb("event").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /**
     * The server process that holds this player in memory (`server_processes.id`, its fencing
     * token), or null. Writes of the player's state require it to be the writer's id.
     */
    ownerId: bigint("owner_id", { mode: "number" }),
  },
  (t) => [
    uniqueIndex("players_name_lower_uq").on(sql`lower(${t.name})`),
    /**
     * Names by prefix (Rankings' Find a player, issue 31): `lower(name) collate "C" like 'bob%'`
     * is a range of this index in any database collation, walked in its order.
     */
    index("players_name_prefix_idx").on(sql`lower(${t.name}) collate "C"`),
    uniqueIndex("players_account_uq").on(t.accountId),
    /**
     * The players with an action chosen, by id (the start-up load and the cluster's pick-up walk
     * it). Not on `actions`: a column an index names or filters on makes every update of it
     * write all the indexes anew (no HOT update), and `actions` changes with every action.
     */
    index("players_acting_idx").on(t.id).where(sql`${t.actionType} <> 0`),
    index("players_owner_idx").on(t.ownerId).where(sql`${t.ownerId} is not null`),
  ],
);

export type PlayerRow = typeof players.$inferSelect;
export type NewPlayerRow = typeof players.$inferInsert;
