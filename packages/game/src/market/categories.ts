import { LootId, lootById } from "../loot";

/**
 * The market's category tabs (spec 001 section 2: item groups from a catalogue): every loot
 * that trades on the order book, each in one group. Mana Dust is the currency every price is
 * in, so it has no book; untradeable loot (bound codex, event points, dungeon points, egg)
 * has no market link anywhere.
 */
export interface MarketCategory {
  key: string;
  name: string;
  lootIds: readonly number[];
}

export const MARKET_CATEGORIES: readonly MarketCategory[] = [
  {
    key: "resources",
    name: "Resources",
    lootIds: [
      LootId.Fish,
      LootId.Wood,
      LootId.Iron,
      LootId.Asbestos,
      LootId.Ironbark,
      LootId.FishScales,
    ],
  },
  {
    key: "essences",
    name: "Essences",
    lootIds: [
      LootId.FireEssence,
      LootId.WaterEssence,
      LootId.NatureEssence,
      LootId.Elementium,
      LootId.DivineEssence,
    ],
  },
  {
    key: "tomes",
    name: "Tomes",
    lootIds: [LootId.TomeOfFire, LootId.TomeOfWater, LootId.TomeOfNature, LootId.TomeOfManaShield],
  },
  { key: "formulas", name: "Formulas", lootIds: range(17, 28) },
  { key: "reagents", name: "Reagents", lootIds: range(29, 34) },
  {
    key: "orbs",
    name: "Orbs",
    lootIds: [
      LootId.OrbOfPower,
      LootId.OrbOfChaos,
      LootId.OrbOfDivinity,
      LootId.OrbOfLegacy,
      LootId.OrbOfPerfection,
    ],
  },
  { key: "herbs", name: "Herbs", lootIds: [LootId.Sunpetal, LootId.Sageroot, LootId.Bloomwell] },
  {
    key: "other",
    name: "Other",
    lootIds: [LootId.ElementalShards, LootId.Codex, LootId.CrystallizedMana, LootId.GuildBattleXp],
  },
];

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/** Whether a loot has an order book (tradeable, and not the currency itself). */
export function hasMarket(lootId: number): boolean {
  return lootId !== LootId.ManaDust && lootById(lootId)?.tradeable === true;
}

/** The category a loot is listed under, if it has a market. */
export function marketCategoryOf(lootId: number): MarketCategory | undefined {
  return MARKET_CATEGORIES.find((c) => c.lootIds.includes(lootId));
}
