/**
 * Every leaderboard the game keeps (live-game-facts.md "Leaderboard types"), each with the rule
 * that scores a player. The server computes the scores from a player's state whenever it saves
 * the player and keeps them in an indexed table; the browser reads names and formats from here.
 *
 * A feature that is not built yet (pets, farm, events, dungeons) already has its boards: their
 * score reads a field of {@link ScoreInput} that the feature fills once it lands, so adding a
 * score source is one entry here (or one field there), nothing else.
 */
import { BATTLE_XP_BASE, GATHER_XP_BASE, levelFromExperience } from "../levels";
import { LootId } from "../loot";

import type { BoardDef, BoardGroup, DungeonScores, ScoreInput } from "./board-types";

/** Bump when a score rule changes: the server then rescores every saved player once. */
export const LEADERBOARD_VERSION = 2;

/** Kills a player needs before the Kills per Death board lists them (spec 001 section 9). */
export const KILLS_PER_DEATH_MIN_KILLS = 100_000;

const b = (s: ScoreInput, id: number): number => {
  const v = s.boosts[id];
  return v !== undefined && Number.isFinite(v) ? v : 0;
};
const max = (s: ScoreInput, ids: readonly number[]): number =>
  Math.max(...ids.map((id) => b(s, id)));
const battleLevel = (xp: number) => levelFromExperience(BATTLE_XP_BASE, xp);
const gatherLevel = (xp: number) => levelFromExperience(GATHER_XP_BASE, xp);

/** Total level: the four skill levels added up. */
export function totalLevel(s: ScoreInput): number {
  return (
    battleLevel(s.battleXp) +
    gatherLevel(s.miningXp) +
    gatherLevel(s.fishingXp) +
    gatherLevel(s.woodcuttingXp)
  );
}

/** Kills per death, for players with at least 100,000 kills (a player without deaths: kills). */
export function killsPerDeath(s: ScoreInput): number | undefined {
  if (!(s.kills >= KILLS_PER_DEATH_MIN_KILLS)) return undefined;
  return s.kills / Math.max(1, s.deaths);
}

function def(
  id: number,
  key: string,
  name: string,
  group: BoardGroup,
  description: string,
  score: BoardDef["score"],
  extra: Partial<Pick<BoardDef, "order" | "format" | "shown">> = {},
): BoardDef {
  return { id, key, name, group, description, order: "desc", format: "number", score, ...extra };
}

const ENCHANTS: ReadonlyArray<[number, string, string]> = [
  [60, "inferno", "Inferno"],
  [61, "tidal_wrath", "Tidal Wrath"],
  [62, "wildheart", "Wildheart"],
  [63, "fire_resistance", "Fire Resistance"],
  [64, "water_resistance", "Water Resistance"],
  [65, "nature_resistance", "Nature Resistance"],
  [66, "insight", "Insight"],
  [67, "bountiful_harvest", "Bountiful Harvest"],
  [68, "prosperity", "Prosperity"],
  [69, "fortune", "Fortune"],
  [70, "growth", "Growth"],
  [71, "vitality", "Vitality"],
];

/** Research boards: `boost_<key>` ranks by the researched level of that boost. */
const RESEARCH: ReadonlyArray<[number, string, string]> = [
  [1, "base_spellpower", "Base Spellpower"],
  [2, "base_ward", "Base Ward"],
  [30, "mining", "Mining"],
  [31, "fishing", "Fishing"],
  [32, "woodcutting", "Woodcutting"],
  [40, "damage", "Damage"],
  [41, "multicast", "Multicast"],
  [42, "crit_chance", "Crit Chance"],
  [43, "crit_damage", "Crit Damage"],
  [44, "haste", "Haste"],
  [45, "health", "Health"],
  [46, "ward", "Ward"],
  [47, "focus", "Focus"],
  [48, "mana", "Mana"],
  [49, "overload", "Overload"],
  [50, "time_dilation", "Time Dilation"],
  [106, "base_res", "Base Resource"],
  [108, "potion", "Potion Boost"],
  [24, "mana_shield", "Mana Shield"],
];

const dungeon = (k: keyof DungeonScores) => (s: ScoreInput) => s.dungeons?.[k];

/** Every board, in the picker's order. */
export const BOARDS: readonly BoardDef[] = [
  def(1, "battle", "Battle", "Skills", "Battle level (ordered by experience).", (s) => s.battleXp, {
    format: "level",
    shown: battleLevel,
  }),
  def(2, "mining", "Mining", "Skills", "Mining level (ordered by experience).", (s) => s.miningXp, {
    format: "level",
    shown: gatherLevel,
  }),
  def(
    3,
    "fishing",
    "Fishing",
    "Skills",
    "Fishing level (ordered by experience).",
    (s) => s.fishingXp,
    { format: "level", shown: gatherLevel },
  ),
  def(
    4,
    "woodcutting",
    "Woodcutting",
    "Skills",
    "Woodcutting level (ordered by experience).",
    (s) => s.woodcuttingXp,
    { format: "level", shown: gatherLevel },
  ),
  def(
    5,
    "total_level",
    "Total Level",
    "Skills",
    "Battle, mining, fishing and woodcutting levels added up.",
    totalLevel,
  ),
  def(6, "pet_levels", "Pet Levels", "Pets & farm", "All pet levels added up.", (s) => s.petLevels),
  def(
    7,
    "base_stats",
    "Base Stats",
    "Progress",
    "Intellect, stamina, focus, spirit and mana from stat drops, added up.",
    (s) => b(s, 3) + b(s, 4) + b(s, 5) + b(s, 6) + b(s, 7),
  ),
  def(
    8,
    "highest_enemy",
    "Highest Enemy",
    "Combat",
    "Level of the strongest enemy beaten.",
    (s) => s.highestEnemy,
  ),
  def(
    9,
    "total_actions",
    "Total Actions",
    "Progress",
    "Actions taken (battle and gathering).",
    (s) => s.actionCounter,
  ),
  def(
    10,
    "battle_quests",
    "Battle Quests",
    "Progress",
    "Battle quests completed.",
    (s) => s.battleQuestCompleted,
  ),
  def(
    11,
    "gather_quests",
    "Gather Quests",
    "Progress",
    "Gathering quests completed.",
    (s) => s.gatherQuestCompleted,
  ),
  def(12, "farm", "Farm", "Pets & farm", "Herbs harvested from the farm.", (s) => s.farmHarvested),
  def(
    13,
    "event_points",
    "Event Points",
    "Progress",
    "Event points earned (held and spent on sigils).",
    (s) => (s.loot[LootId.EventPoints] ?? 0) + s.sigilPoints,
  ),
  ...ENCHANTS.map(([boost, key, name], i) =>
    def(20 + i, `enchant_${key}`, name, "Enchanting", `${name} enchanting skill rank.`, (s) =>
      b(s, boost),
    ),
  ),
  ...RESEARCH.map(([boost, key, name], i) =>
    def(40 + i, `boost_${key}`, name, "Research", `${name} research level.`, (s) => b(s, boost)),
  ),
  def(
    70,
    "highest_mastery",
    "Highest Mastery",
    "Best of",
    "Best of fire, water and nature mastery.",
    (s) => max(s, [10, 11, 12]),
  ),
  def(
    71,
    "highest_damage_spell_rank",
    "Highest Spell Rank",
    "Best of",
    "Best of the fire, water and nature spell ranks.",
    (s) => max(s, [21, 22, 23]),
  ),
  def(
    72,
    "highest_resistance_spell_rank",
    "Highest Resistance Rank",
    "Best of",
    "Best of the fire, water and nature resistance enchanting ranks.",
    (s) => max(s, [63, 64, 65]),
  ),
  def(
    73,
    "highest_tome_drop_boost",
    "Highest Tome Drop",
    "Best of",
    "Best of the fire, water and nature tome drop research.",
    (s) => max(s, [25, 26, 27]),
  ),
  def(
    74,
    "highest_gathering_xp_boost",
    "Highest Gathering XP",
    "Best of",
    "Best of the mining, fishing and woodcutting experience research.",
    (s) => max(s, [33, 34, 35]),
  ),
  def(
    75,
    "kills_per_death",
    "Kills per Death",
    "Combat",
    "Kills divided by deaths; needs at least 100K kills.",
    killsPerDeath,
    { format: "ratio" },
  ),
  def(76, "deaths", "Deaths", "Combat", "Battles lost.", (s) => s.deaths),
  def(
    80,
    "dungeon_completed",
    "Dungeons Completed",
    "Dungeons",
    "Dungeons completed.",
    dungeon("completed"),
  ),
  def(
    81,
    "dungeon_treasures",
    "Dungeon Treasures",
    "Dungeons",
    "Dungeon chests opened.",
    dungeon("treasures"),
  ),
  def(
    82,
    "dungeon_rooms",
    "Dungeon Rooms",
    "Dungeons",
    "Dungeon rooms explored.",
    dungeon("rooms"),
  ),
  def(
    83,
    "dungeon_manual",
    "Manual Dungeons",
    "Dungeons",
    "Dungeons completed by hand.",
    dungeon("manual"),
  ),
  def(
    84,
    "dungeon_guild_objectives",
    "Guild Dungeon Objectives",
    "Dungeons",
    "Guild dungeon objectives reached.",
    dungeon("guildObjectives"),
  ),
  ...(
    [
      [85, "small", "Small", "speedrunSmall"],
      [86, "medium", "Medium", "speedrunMedium"],
      [87, "large", "Large", "speedrunLarge"],
    ] as const
  ).map(([id, key, name, field]) =>
    def(
      id,
      `dungeon_speedrun_${key}`,
      `Speedrun (${name})`,
      "Dungeons",
      `Fastest ${name.toLowerCase()} dungeon speedrun, in seconds.`,
      dungeon(field),
      { order: "asc", format: "seconds" },
    ),
  ),
];

const BY_KEY: ReadonlyMap<string, BoardDef> = new Map(BOARDS.map((d) => [d.key, d]));
const BY_ID: ReadonlyMap<number, BoardDef> = new Map(BOARDS.map((d) => [d.id, d]));

/** The board of a type name (`battle`, `enchant_inferno`…), or undefined. */
export function boardByKey(key: string): BoardDef | undefined {
  return BY_KEY.get(key);
}

export function boardById(id: number): BoardDef | undefined {
  return BY_ID.get(id);
}

/**
 * The player's score on a board, or undefined when not on it (no score yet, below a
 * threshold, or the feature that fills it is not built).
 */
export function boardScore(board: BoardDef, input: ScoreInput): number | undefined {
  const v = board.score(input);
  return v !== undefined && Number.isFinite(v) && v > 0 ? v : undefined;
}

/** The score a row shows: the level for experience boards, else the score itself. */
export function shownScore(board: BoardDef, score: number): number {
  return board.shown ? board.shown(score) : score;
}

/**
 * The value stored for ordering: every board sorts ascending by it (then by player id), so
 * a descending board stores the negated score. Lets one index serve every board and lets a
 * page continue from a (key, player id) pair.
 */
export function sortKey(board: BoardDef, score: number): number {
  return board.order === "desc" ? -score : score;
}

/** The score back from a stored sort key. */
export function scoreOfKey(board: BoardDef, key: number): number {
  return board.order === "desc" ? -key : key;
}
