/**
 * The 50 fungible currencies and materials ("loot"). Ids follow the live game's public API
 * (shared/reference/live-game-facts.md) so community tools can read ours.
 */
import { Rarity } from "./enums";

export const LootId = {
  ManaDust: 1,
  ElementalShards: 2,
  Codex: 3,
  FireEssence: 4,
  WaterEssence: 5,
  NatureEssence: 6,
  Fish: 7,
  Wood: 8,
  Iron: 9,
  Asbestos: 10,
  Ironbark: 11,
  FishScales: 12,
  TomeOfFire: 13,
  TomeOfWater: 14,
  TomeOfNature: 15,
  TomeOfManaShield: 16,
  FireResistanceFormula: 17,
  WaterResistanceFormula: 18,
  NatureResistanceFormula: 19,
  InfernoFormula: 20,
  TidalWrathFormula: 21,
  WildheartFormula: 22,
  InsightFormula: 23,
  BountifulHarvestFormula: 24,
  ProsperityFormula: 25,
  FortuneFormula: 26,
  GrowthFormula: 27,
  VitalityFormula: 28,
  Elderwood: 29,
  Lodestone: 30,
  WhitePearl: 31,
  FourLeafClover: 32,
  EnchantedDroplet: 33,
  InfernalHeart: 34,
  OrbOfPower: 35,
  OrbOfChaos: 36,
  OrbOfDivinity: 37,
  BoundCodex: 38,
  Sunpetal: 39,
  Sageroot: 40,
  Bloomwell: 41,
  GuildBattleXp: 42,
  EventPoints: 43,
  CrystallizedMana: 44,
  OrbOfLegacy: 45,
  Elementium: 46,
  DivineEssence: 47,
  DungeonPoints: 48,
  Egg: 49,
  OrbOfPerfection: 50,
} as const;
export type LootId = (typeof LootId)[keyof typeof LootId];

export interface LootDef {
  readonly id: LootId;
  /** snake_case key, stable. */
  readonly key: string;
  readonly name: string;
  /** Colour class of the material (see RARITY_CLASSES). */
  readonly rarity: Rarity;
  /** False for bound codex, event points, dungeon points and egg: no market link. */
  readonly tradeable: boolean;
  readonly description?: string;
}

const R = Rarity;

function def(
  id: LootId,
  key: string,
  name: string,
  rarity: Rarity,
  description?: string,
  tradeable = true,
): LootDef {
  return description === undefined
    ? { id, key, name, rarity, tradeable }
    : { id, key, name, rarity, tradeable, description };
}

export const LOOT: readonly LootDef[] = [
  def(
    1,
    "mana_dust",
    "Mana Dust",
    R.Common,
    "The common currency; market prices are in mana dust.",
  ),
  def(2, "elemental_shards", "Elemental Shards", R.Uncommon),
  def(3, "codex", "Codex", R.Legendary, "Spent on codex research."),
  def(4, "fire_essence", "Fire Essence", R.Uncommon),
  def(5, "water_essence", "Water Essence", R.Uncommon),
  def(6, "nature_essence", "Nature Essence", R.Uncommon),
  def(7, "fish", "Fish", R.Common),
  def(8, "wood", "Wood", R.Common),
  def(9, "iron", "Iron", R.Common),
  def(10, "asbestos", "Asbestos", R.Uncommon),
  def(11, "ironbark", "Ironbark", R.Uncommon),
  def(12, "fish_scales", "Fish Scales", R.Uncommon),
  def(13, "tome_of_fire", "Tome of Fire", R.Rare),
  def(14, "tome_of_water", "Tome of Water", R.Rare),
  def(15, "tome_of_nature", "Tome of Nature", R.Rare),
  def(16, "tome_of_mana_shield", "Tome of Mana Shield", R.Rare),
  def(17, "fire_resistance_formula", "Formula: Fire Resistance", R.Epic),
  def(18, "water_resistance_formula", "Formula: Water Resistance", R.Epic),
  def(19, "nature_resistance_formula", "Formula: Nature Resistance", R.Epic),
  def(20, "inferno_formula", "Formula: Inferno", R.Epic),
  def(21, "tidal_wrath_formula", "Formula: Tidal Wrath", R.Epic),
  def(22, "wildheart_formula", "Formula: Wildheart", R.Epic),
  def(23, "insight_formula", "Formula: Insight", R.Epic),
  def(24, "bountiful_harvest_formula", "Formula: Bountiful Harvest", R.Epic),
  def(25, "prosperity_formula", "Formula: Prosperity", R.Epic),
  def(26, "fortune_formula", "Formula: Fortune", R.Epic),
  def(27, "growth_formula", "Formula: Growth", R.Epic),
  def(28, "vitality_formula", "Formula: Vitality", R.Epic),
  def(29, "elderwood", "Elderwood", R.Rare),
  def(30, "lodestone", "Lodestone", R.Rare),
  def(31, "white_pearl", "White Pearl", R.Rare),
  def(32, "four_leaf_clover", "Four Leaf Clover", R.Rare),
  def(33, "enchanted_droplet", "Enchanted Droplet", R.Rare),
  def(34, "infernal_heart", "Infernal Heart", R.Rare),
  def(35, "orb_of_power", "Orb of Power", R.Epic, "Rerolls an item's values, keeping only higher."),
  def(36, "orb_of_chaos", "Orb of Chaos", R.Epic, "Rerolls all modifiers of an item."),
  def(37, "orb_of_divinity", "Orb of Divinity", R.Legendary, "Turns an Epic item Legendary."),
  def(38, "bound_codex", "Bound Codex", R.Legendary, "A codex that cannot be traded.", false),
  def(39, "sunpetal", "Sunpetal", R.Uncommon, "Herb for Renewal potions."),
  def(40, "sageroot", "Sageroot", R.Uncommon, "Herb for Wisdom and Resonance potions."),
  def(41, "bloomwell", "Bloomwell", R.Uncommon, "Herb for Harvesting and Resonance potions."),
  def(42, "guild_battle_xp", "Guild Battle XP", R.Common),
  def(43, "event_points", "Event Points", R.Rare, "Upgrade sigils.", false),
  def(44, "crystallized_mana", "Crystallized Mana", R.Mythic, "Premium features such as titles."),
  def(
    45,
    "orb_of_legacy",
    "Orb of Legacy",
    R.Heirloom,
    "Turns a Legendary item Heirloom: halves power, removes the level requirement.",
  ),
  def(46, "elementium", "Elementium", R.Legendary, "Upgrades high-level gear."),
  def(47, "divine_essence", "Divine Essence", R.Heirloom, "Upgrades high-level gear."),
  def(48, "dungeon_points", "Dungeon Points", R.Rare, "Upgrade dungeon boosts.", false),
  def(49, "egg", "Egg", R.Epic, "Unlocks or levels pets.", false),
  def(
    50,
    "orb_of_perfection",
    "Orb of Perfection",
    R.Mythic,
    "Raises all rolls to the best roll on the item.",
  ),
];

const LOOT_BY_ID: ReadonlyMap<number, LootDef> = new Map(LOOT.map((l) => [l.id, l]));

export function lootById(id: number): LootDef | undefined {
  return LOOT_BY_ID.get(id);
}

export function isLootId(id: number): id is LootId {
  return LOOT_BY_ID.has(id);
}

/** Essence dropped by an enemy of the given element (1 Fire, 2 Water, 3 Nature). */
export const ESSENCE_BY_ELEMENT: Readonly<Record<1 | 2 | 3, LootId>> = {
  1: LootId.FireEssence,
  2: LootId.WaterEssence,
  3: LootId.NatureEssence,
};

/** Spell tome per element (1 Fire, 2 Water, 3 Nature). */
export const TOME_BY_ELEMENT: Readonly<Record<1 | 2 | 3, LootId>> = {
  1: LootId.TomeOfFire,
  2: LootId.TomeOfWater,
  3: LootId.TomeOfNature,
};

export const REAGENT_IDS: readonly LootId[] = [29, 30, 31, 32, 33, 34];
export const FORMULA_IDS: readonly LootId[] = [17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28];
export const HERB_IDS: readonly LootId[] = [39, 40, 41];
