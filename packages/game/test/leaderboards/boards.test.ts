import { describe, expect, it } from "vitest";
import {
  BOARDS,
  boardById,
  boardByKey,
  boardScore,
  KILLS_PER_DEATH_MIN_KILLS,
  type ScoreInput,
  scoreOfKey,
  shownScore,
  sortKey,
  totalLevel,
} from "../../src/leaderboards";
import { experienceForLevel } from "../../src/levels";

const base: ScoreInput = {
  battleXp: 0,
  miningXp: 0,
  fishingXp: 0,
  woodcuttingXp: 0,
  kills: 0,
  deaths: 0,
  actionCounter: 0,
  battleQuestCompleted: 0,
  gatherQuestCompleted: 0,
  highestEnemy: 0,
  boosts: {},
  loot: {},
  sigilPoints: 0,
};

function score(key: string, input: Partial<ScoreInput>): number | undefined {
  const board = boardByKey(key);
  if (!board) throw new Error(`no board ${key}`);
  return boardScore(board, { ...base, ...input });
}

describe("the leaderboard registry", () => {
  it("lists every type of the facts file once, with stable unique ids", () => {
    const facts = [
      "battle",
      "mining",
      "fishing",
      "woodcutting",
      "total_level",
      "pet_levels",
      "base_stats",
      "highest_enemy",
      "total_actions",
      "battle_quests",
      "gather_quests",
      "farm",
      "event_points",
      ...[
        "inferno",
        "tidal_wrath",
        "wildheart",
        "fire_resistance",
        "water_resistance",
        "nature_resistance",
        "insight",
        "bountiful_harvest",
        "prosperity",
        "fortune",
        "growth",
        "vitality",
      ].map((k) => `enchant_${k}`),
      ...[
        "base_spellpower",
        "base_ward",
        "mining",
        "fishing",
        "woodcutting",
        "damage",
        "multicast",
        "crit_chance",
        "crit_damage",
        "haste",
        "health",
        "ward",
        "focus",
        "mana",
        "overload",
        "time_dilation",
        "base_res",
        "potion",
        "mana_shield",
      ].map((k) => `boost_${k}`),
      "highest_mastery",
      "highest_damage_spell_rank",
      "highest_resistance_spell_rank",
      "highest_tome_drop_boost",
      "highest_gathering_xp_boost",
      "kills_per_death",
      "deaths",
      "dungeon_completed",
      "dungeon_treasures",
      "dungeon_rooms",
      "dungeon_manual",
      "dungeon_guild_objectives",
      "dungeon_speedrun_small",
      "dungeon_speedrun_medium",
      "dungeon_speedrun_large",
    ];
    expect(BOARDS.map((b) => b.key).sort()).toEqual([...facts].sort());
    expect(new Set(BOARDS.map((b) => b.id)).size).toBe(BOARDS.length);
    for (const b of BOARDS) expect(boardById(b.id)).toBe(b);
    expect(boardByKey("nope")).toBeUndefined();
  });

  it("orders the skill boards by experience and shows the level", () => {
    const xp = experienceForLevel(10_000, 12) + 5;
    expect(score("battle", { battleXp: xp })).toBe(xp);
    expect(shownScore(boardByKey("battle")!, xp)).toBe(12);
    expect(score("mining", { miningXp: 30 })).toBe(30);
    expect(score("fishing", { fishingXp: 40 })).toBe(40);
    expect(score("woodcutting", { woodcuttingXp: 50 })).toBe(50);
    expect(score("battle", {})).toBeUndefined(); // nobody with 0 experience is listed
  });

  it("adds the four levels for total level", () => {
    const input = {
      battleXp: experienceForLevel(10_000, 7),
      miningXp: experienceForLevel(10_000, 3) - 1, // one short of 3: level 2
      fishingXp: experienceForLevel(10_000, 1),
      woodcuttingXp: 0,
    };
    expect(totalLevel({ ...base, ...input })).toBe(10);
    expect(score("total_level", input)).toBe(10);
  });

  it("scores counters, quests, the highest enemy and deaths from the player's columns", () => {
    expect(score("total_actions", { actionCounter: 1234 })).toBe(1234);
    expect(score("battle_quests", { battleQuestCompleted: 3 })).toBe(3);
    expect(score("gather_quests", { gatherQuestCompleted: 4 })).toBe(4);
    expect(score("highest_enemy", { highestEnemy: 130 })).toBe(130);
    expect(score("deaths", { deaths: 9 })).toBe(9);
  });

  it("adds the five base stats of the player's own boosts", () => {
    expect(score("base_stats", { boosts: { 3: 1, 4: 2, 5: 3, 6: 4, 7: 5, 8: 100 } })).toBe(15);
  });

  it("ranks enchanting skills, research levels and the best of three", () => {
    expect(score("enchant_inferno", { boosts: { 60: 7 } })).toBe(7);
    expect(score("enchant_vitality", { boosts: { 71: 2 } })).toBe(2);
    expect(score("boost_base_spellpower", { boosts: { 1: 40 } })).toBe(40);
    expect(score("boost_base_res", { boosts: { 106: 12 } })).toBe(12);
    expect(score("boost_potion", { boosts: { 108: 5 } })).toBe(5);
    expect(score("boost_mana_shield", { boosts: { 24: 100 } })).toBe(100);
    expect(score("boost_time_dilation", { boosts: { 50: 3 } })).toBe(3);
    expect(score("highest_mastery", { boosts: { 10: 5, 11: 9, 12: 2 } })).toBe(9);
    expect(score("highest_damage_spell_rank", { boosts: { 21: 1, 23: 4 } })).toBe(4);
    expect(score("highest_resistance_spell_rank", { boosts: { 64: 6 } })).toBe(6);
    expect(score("highest_tome_drop_boost", { boosts: { 25: 2, 26: 8 } })).toBe(8);
    expect(score("highest_gathering_xp_boost", { boosts: { 35: 11 } })).toBe(11);
  });

  it("lists kills per death only from 100K kills", () => {
    expect(score("kills_per_death", { kills: KILLS_PER_DEATH_MIN_KILLS - 1, deaths: 1 })).toBe(
      undefined,
    );
    expect(score("kills_per_death", { kills: 100_000, deaths: 8 })).toBe(12_500);
    expect(score("kills_per_death", { kills: 150_000, deaths: 0 })).toBe(150_000);
  });

  it("counts event points held and spent on sigils", () => {
    expect(score("event_points", { loot: { 43: 50 }, sigilPoints: 1000 })).toBe(1050);
  });

  it("leaves a player off the pets, farm and dungeon boards until they have a score there", () => {
    expect(score("pet_levels", {})).toBeUndefined();
    expect(score("pet_levels", { petLevels: 14 })).toBe(14);
    expect(score("farm", {})).toBeUndefined();
    expect(score("farm", { farmHarvested: 0 })).toBeUndefined();
    expect(score("farm", { farmHarvested: 250 })).toBe(250);
    expect(score("dungeon_completed", { dungeons: { completed: 3 } })).toBe(3);
    expect(score("dungeon_speedrun_small", {})).toBeUndefined();
    expect(score("dungeon_speedrun_large", { dungeons: { speedrunLarge: 93.25 } })).toBe(93.25);
  });

  it("sorts every board ascending by its key: highest first, or lowest time first", () => {
    const battle = boardByKey("battle")!;
    const speedrun = boardByKey("dungeon_speedrun_small")!;
    expect(sortKey(battle, 500)).toBeLessThan(sortKey(battle, 100));
    expect(sortKey(speedrun, 50)).toBeLessThan(sortKey(speedrun, 80));
    expect(scoreOfKey(battle, sortKey(battle, 500))).toBe(500);
    expect(scoreOfKey(speedrun, sortKey(speedrun, 50))).toBe(50);
  });

  it("ignores broken numbers", () => {
    expect(score("boost_damage", { boosts: { 40: Number.NaN } })).toBeUndefined();
    expect(score("deaths", { deaths: -3 })).toBeUndefined();
  });
});
