/**
 * Boost (stat) catalogue. Ids follow the live game's public API (live-game-facts.md).
 * A player's TotalBoosts is a map boost id -> value combining research, stat drops and gear.
 * `percent: true` means one point is +1% (display the value with a % sign).
 */

export const BoostId = {
  BaseSpellpower: 1,
  BaseWard: 2,
  Intellect: 3,
  Stamina: 4,
  Focus: 5,
  Spirit: 6,
  Mana: 7,
  SpellpowerValue: 8,
  WardValue: 9,
  FireMastery: 10,
  WaterMastery: 11,
  NatureMastery: 12,
  FireSpellRank: 21,
  WaterSpellRank: 22,
  NatureSpellRank: 23,
  ManaShieldRank: 24,
  FireTomeDropAmount: 25,
  WaterTomeDropAmount: 26,
  NatureTomeDropAmount: 27,
  Mining: 30,
  Fishing: 31,
  Woodcutting: 32,
  MiningXp: 33,
  FishingXp: 34,
  WoodcuttingXp: 35,
  Damage: 40,
  Multicast: 41,
  CritChance: 42,
  CritDamage: 43,
  Haste: 44,
  Health: 45,
  Ward: 46,
  FocusPercent: 47,
  ManaPercent: 48,
  Overload: 49,
  TimeDilation: 50,
  InfernoRank: 60,
  TidalWrathRank: 61,
  WildheartRank: 62,
  FireResistanceRank: 63,
  WaterResistanceRank: 64,
  NatureResistanceRank: 65,
  InsightRank: 66,
  BountifulHarvestRank: 67,
  ProsperityRank: 68,
  FortuneRank: 69,
  GrowthRank: 70,
  VitalityRank: 71,
  Inferno: 80,
  TidalWrath: 81,
  Wildheart: 82,
  FireResistance: 83,
  WaterResistance: 84,
  NatureResistance: 85,
  Vitality: 86,
  BaseExperience: 100,
  BaseManaDust: 101,
  DropBoost: 102,
  Multistat: 103,
  Actions: 105,
  BaseResource: 106,
  QuestBoost: 107,
  PotionBoost: 108,
  Ascension: 109,
  BattleExperience: 120,
  ManaDustBoost: 121,
  ElementalShardBoost: 122,
  StatDrop: 123,
  BaseResourceAmount: 124,
  FarmHarvestGolem: 130,
  FarmFertilizer: 131,
  FarmPlots: 132,
  PotionBelt: 133,
  DungeonUnlocked: 140,
  DungeonIdle: 141,
  DungeonQueue: 142,
  DungeonMovement: 143,
  DungeonView: 144,
  DungeonTreasure: 145,
  DungeonAutoLoot: 146,
} as const;
export type BoostId = (typeof BoostId)[keyof typeof BoostId];

export interface BoostDef {
  readonly id: BoostId;
  readonly key: string;
  readonly name: string;
  readonly description: string;
  readonly percent?: boolean;
}

function b(id: BoostId, key: string, name: string, description: string, percent = false): BoostDef {
  return percent ? { id, key, name, description, percent } : { id, key, name, description };
}

export const BOOSTS: readonly BoostDef[] = [
  b(1, "base_spellpower", "Base Spellpower", "+1 base spellpower per point."),
  b(2, "base_ward", "Base Ward", "+1 base ward per point."),
  b(3, "intellect", "Intellect", "Increases spell damage (and spell cost)."),
  b(4, "stamina", "Stamina", "Increases health."),
  b(5, "focus", "Focus", "Decreases enemy ward strength."),
  b(6, "spirit", "Spirit", "Increases mana regeneration."),
  b(7, "mana", "Mana", "Increases the mana pool."),
  b(8, "spellpower_value", "Spellpower", "Flat spellpower from equipment."),
  b(9, "ward_value", "Ward", "Flat ward from equipment."),
  b(10, "fire_mastery", "Fire Mastery", "+1% fire spell damage per point.", true),
  b(11, "water_mastery", "Water Mastery", "+1% water spell damage per point.", true),
  b(12, "nature_mastery", "Nature Mastery", "+1% nature spell damage per point.", true),
  b(21, "fire_spell_rank", "Fire Spell Rank", "+10% fire spell damage per rank."),
  b(22, "water_spell_rank", "Water Spell Rank", "+10% water spell damage per rank."),
  b(23, "nature_spell_rank", "Nature Spell Rank", "+10% nature spell damage per rank."),
  b(24, "mana_shield_rank", "Mana Shield Rank", "Turns 0.5% of max mana per rank into health."),
  b(25, "fire_tome_drop", "Fire Tome Drop Amount", "+1% Tome of Fire drop amount.", true),
  b(26, "water_tome_drop", "Water Tome Drop Amount", "+1% Tome of Water drop amount.", true),
  b(27, "nature_tome_drop", "Nature Tome Drop Amount", "+1% Tome of Nature drop amount.", true),
  b(30, "mining", "Mining", "+1% iron per mining action.", true),
  b(31, "fishing", "Fishing", "+1% fish per fishing action.", true),
  b(32, "woodcutting", "Woodcutting", "+1% wood per woodcutting action.", true),
  b(33, "mining_xp", "Mining Experience", "+1% mining experience.", true),
  b(34, "fishing_xp", "Fishing Experience", "+1% fishing experience.", true),
  b(35, "woodcutting_xp", "Woodcutting Experience", "+1% woodcutting experience.", true),
  b(40, "damage", "Damage", "+1% spell damage.", true),
  b(41, "multicast", "Multicast", "+1% chance to cast an extra spell.", true),
  b(42, "crit_chance", "Crit Chance", "+1% critical chance (base 5%).", true),
  b(43, "crit_damage", "Crit Damage", "+1% critical damage (base 50%).", true),
  b(44, "haste", "Haste", "+1% spells cast per enemy attack.", true),
  b(45, "health", "Health", "+1% max health.", true),
  b(46, "ward", "Ward", "+1% total ward.", true),
  b(47, "focus_percent", "Focus", "+1% focus.", true),
  b(48, "mana_percent", "Mana", "+1% max mana.", true),
  b(49, "overload", "Overload", "+1% damage and +2% spell cost.", true),
  b(50, "time_dilation", "Time Dilation", "Enemy attacks 1% slower.", true),
  b(60, "inferno_rank", "Inferno Rank", "Enchanting skill: Inferno."),
  b(61, "tidal_wrath_rank", "Tidal Wrath Rank", "Enchanting skill: Tidal Wrath."),
  b(62, "wildheart_rank", "Wildheart Rank", "Enchanting skill: Wildheart."),
  b(63, "fire_resistance_rank", "Fire Resistance Rank", "Enchanting skill: Fire Resistance."),
  b(64, "water_resistance_rank", "Water Resistance Rank", "Enchanting skill: Water Resistance."),
  b(65, "nature_resistance_rank", "Nature Resistance Rank", "Enchanting skill: Nature Resistance."),
  b(66, "insight", "Insight", "+2% experience per rank."),
  b(67, "bountiful_harvest", "Bountiful Harvest", "+2% gathered resources per rank."),
  b(68, "prosperity", "Prosperity", "+2% mana dust per rank."),
  b(69, "fortune", "Fortune", "+2% rare drop chance per rank."),
  b(70, "growth", "Growth", "+2% multistat per rank."),
  b(71, "vitality_rank", "Vitality Rank", "Enchanting skill: Vitality."),
  b(80, "inferno", "Inferno", "+1% fire spell damage.", true),
  b(81, "tidal_wrath", "Tidal Wrath", "+1% water spell damage.", true),
  b(82, "wildheart", "Wildheart", "+1% nature spell damage.", true),
  b(83, "fire_resistance", "Fire Resistance", "Reduces fire damage taken: 1 - 0.99^value."),
  b(84, "water_resistance", "Water Resistance", "Reduces water damage taken: 1 - 0.99^value."),
  b(85, "nature_resistance", "Nature Resistance", "Reduces nature damage taken: 1 - 0.99^value."),
  b(86, "vitality", "Vitality", "+1% max health.", true),
  b(100, "base_experience", "Base Experience", "+1% experience in all skills.", true),
  b(101, "base_mana_dust", "Base Mana Dust", "+1% mana dust.", true),
  b(102, "drop_boost", "Drop Boost", "+1% chance of rare drops.", true),
  b(103, "multistat", "Multistat", "+1% chance of an extra stat drop.", true),
  b(105, "actions", "Actions", "+5 max actions per point (one Codex each)."),
  b(106, "base_resource", "Base Resource", "+0.1 base resources per gathering action."),
  b(107, "quest_boost", "Quest Boost", "Quests need 1% fewer actions per point (divides).", true),
  b(108, "potion_boost", "Potion Boost", "+1% potion effect.", true),
  b(109, "ascension", "Ascension", "Ascension points; unlock chat titles."),
  b(120, "battle_experience", "Battle Experience", "+1% battle experience.", true),
  b(121, "mana_dust_boost", "Mana Dust", "+1% mana dust.", true),
  b(122, "elemental_shard_boost", "Elemental Shards", "+1% elemental shards.", true),
  b(123, "stat_drop", "Stat Drop", "+1% stat drop amount.", true),
  b(124, "base_resource_amount", "Base Resource Amount", "Added to the base resource amount."),
  b(130, "farm_harvest_golem", "Harvest Golem", "+1% farm yield (exponent 0.9).", true),
  b(131, "farm_fertilizer", "Fertilizer", "+1% farm yield (exponent 0.9).", true),
  b(132, "farm_plots", "Plots", "+1% farm yield (exponent 0.9).", true),
  b(133, "potion_belt", "Potion Belt", "+10 potions in the potion belt per level."),
  b(140, "dungeon_unlocked", "Dungeons Unlocked", "Idle dungeons unlocked."),
  b(141, "dungeon_idle", "Idle Speed", "Cuts idle dungeon time 0.833% per level."),
  b(142, "dungeon_queue", "Queue", "Idle dungeon queue size."),
  b(143, "dungeon_movement", "Swiftness", "Movement delay -100 ms per level."),
  b(144, "dungeon_view", "Perception", "View radius +1 per level."),
  b(145, "dungeon_treasure", "Treasure", "+1% dungeon treasure per level.", true),
  b(146, "dungeon_auto_loot", "Auto Loot", "Loots chests automatically."),
];

const BOOST_BY_ID: ReadonlyMap<number, BoostDef> = new Map(BOOSTS.map((x) => [x.id, x]));

/** The boost definition, or undefined for an unknown id (the UI shows the raw value then). */
export function boostById(id: number): BoostDef | undefined {
  return BOOST_BY_ID.get(id);
}

/** The five base stats that stat drops raise. */
export const BASE_STAT_IDS: readonly BoostId[] = [3, 4, 5, 6, 7];

/** Reads a boost value from a (possibly sparse) boosts map; missing means 0. */
export function boostValue(boosts: Readonly<Record<number, number>>, id: number): number {
  const v = boosts[id];
  return v === undefined || !Number.isFinite(v) ? 0 : v;
}

/** Adds `add` into `into` (mutating `into`), e.g. stat drops into a player's boosts. */
export function addBoosts(
  into: Record<number, number>,
  add: Readonly<Record<number, number>>,
): Record<number, number> {
  for (const key of Object.keys(add)) {
    const id = Number(key);
    into[id] = (into[id] ?? 0) + (add[id] ?? 0);
  }
  return into;
}
