import { bigint, doublePrecision, integer, jsonb, smallint } from "drizzle-orm/pg-core";
import { playerPart } from "./player-part";

/**
 * The core of a player's saved state, which the world's tick changes with every action:
 * experience, where and how the player fights, the action counters and quests, boosts and loot.
 */
export const corePart = playerPart({
  name: "core",
  columns: {
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
    /** The highest enemy level the player has beaten (the Highest Enemy leaderboard). */
    highestEnemy: bigint("highest_enemy", { mode: "number" }).notNull().default(0),
  },
  // Every gathering or event action counts in the action counter too.
  dirtyWith: { gatherActions: "actionCounter", eventActions: "actionCounter" },
});
