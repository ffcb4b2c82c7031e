/** The four potions (spec 001 section 5): the boost each raises, its herbs and its tiers. */
import { LootId } from "./loot";

export const PotionBoost = {
  Renewal: 105,
  Wisdom: 120,
  Resonance: 122,
  Harvesting: 124,
} as const;
export type PotionBoost = (typeof PotionBoost)[keyof typeof PotionBoost];

export interface PotionDef {
  readonly boost: PotionBoost;
  readonly name: string;
  /** Herbs of one tier of one potion (each of these, once). */
  readonly herbs: readonly LootId[];
  /** Highest tier (spec: 10 for Renewal, 999,999 for the others). */
  readonly maxTier: number;
  /** What one tier does before the potion boost, for display. */
  readonly perTier: string;
}

/** The four potions in the spec's order. */
export const POTIONS: readonly PotionDef[] = [
  {
    boost: PotionBoost.Renewal,
    name: "Renewal",
    herbs: [LootId.Sunpetal],
    maxTier: 10,
    perTier: "restores 200 actions",
  },
  {
    boost: PotionBoost.Wisdom,
    name: "Wisdom",
    herbs: [LootId.Sageroot],
    maxTier: 999_999,
    perTier: "+5% battle experience for 1 hour",
  },
  {
    boost: PotionBoost.Harvesting,
    name: "Harvesting",
    herbs: [LootId.Bloomwell],
    maxTier: 999_999,
    perTier: "+0.1 base resource amount for 1 hour",
  },
  {
    boost: PotionBoost.Resonance,
    name: "Resonance",
    herbs: [LootId.Sageroot, LootId.Bloomwell],
    maxTier: 999_999,
    perTier: "+5% elemental shards for 1 hour",
  },
];

const BY_BOOST: ReadonlyMap<number, PotionDef> = new Map(POTIONS.map((p) => [p.boost, p]));

export function potionByBoost(boost: number): PotionDef | undefined {
  return BY_BOOST.get(boost);
}
