/**
 * Enchanting (see docs/game-rules.md "Upgrades"). The twelve enchants are researched as skills
 * (ranks 60-71, paid with their formulas); an enchanter puts one enchant on an item at a rank up
 * to their skill, paying 3 reagent units per rank (spec). One enchant per item (our design).
 */

import { LootId } from "../../loot";
import { isEnchantBoost } from "../assemble";
import type { Wallet } from "../types";
import { type Item, isGearSlot, type LootAmount, missingCost, type UpgradeResult } from "../types";

export interface EnchantDef {
  /** The enchant's rank boost id (60-71), also its skill id in research. */
  readonly rankId: number;
  readonly name: string;
  /** Value boost (80-86) the item gets, valuePerRank per rank; without one the rank is the effect. */
  readonly valueId?: number;
  readonly valuePerRank: number;
  /** Formula (17-28) that buys skill ranks in research. */
  readonly formula: LootId;
  /** Reagent (29-34) spent when enchanting (our design mapping). */
  readonly reagent: LootId;
}

const L = LootId;
function e(
  rankId: number,
  name: string,
  formula: LootId,
  reagent: LootId,
  valueId?: number,
  valuePerRank = 1,
): EnchantDef {
  return valueId === undefined
    ? { rankId, name, valuePerRank, formula, reagent }
    : { rankId, name, valueId, valuePerRank, formula, reagent };
}

/** The twelve enchants (value per rank and reagent: our design). */
export const ENCHANTS: readonly EnchantDef[] = [
  e(60, "Inferno", L.InfernoFormula, L.InfernalHeart, 80, 1),
  e(61, "Tidal Wrath", L.TidalWrathFormula, L.EnchantedDroplet, 81, 1),
  e(62, "Wildheart", L.WildheartFormula, L.Elderwood, 82, 1),
  e(63, "Fire Resistance", L.FireResistanceFormula, L.InfernalHeart, 83, 2),
  e(64, "Water Resistance", L.WaterResistanceFormula, L.EnchantedDroplet, 84, 2),
  e(65, "Nature Resistance", L.NatureResistanceFormula, L.Elderwood, 85, 2),
  e(66, "Insight", L.InsightFormula, L.WhitePearl),
  e(67, "Bountiful Harvest", L.BountifulHarvestFormula, L.Lodestone),
  e(68, "Prosperity", L.ProsperityFormula, L.Lodestone),
  e(69, "Fortune", L.FortuneFormula, L.FourLeafClover),
  e(70, "Growth", L.GrowthFormula, L.FourLeafClover),
  e(71, "Vitality", L.VitalityFormula, L.WhitePearl, 86, 1),
];

export function enchantById(rankId: number): EnchantDef | undefined {
  return ENCHANTS.find((x) => x.rankId === rankId);
}

/** Reagent units per enchant rank (from the spec). */
export const ENCHANT_REAGENT_PER_RANK = 3;
/** Enchanting skill cap in the epoch week (spec: 22, +1 each Monday). */
export const ENCHANTING_BASE_CAP = 22;
/** Monday 16 November 2026 00:00 UTC: the week the cap is 22 (our design epoch). */
export const ENCHANTING_CAP_EPOCH_MS = Date.UTC(2026, 10, 16);
export const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/** The enchanting skill cap at `dateMs`: 22 + one per Monday 00:00 UTC since the epoch. */
export function enchantingSkillCap(dateMs: number): number {
  if (!Number.isFinite(dateMs)) return ENCHANTING_BASE_CAP;
  const weeks = Math.floor((dateMs - ENCHANTING_CAP_EPOCH_MS) / WEEK_MS);
  return ENCHANTING_BASE_CAP + Math.max(0, weeks);
}

/** Boosts an enchant of `rank` puts on an item: its rank id, and its value id if it has one. */
export function enchantBoosts(rankId: number, rank: number): Record<number, number> {
  const def = enchantById(rankId);
  if (def === undefined || !(rank > 0)) return {};
  const out: Record<number, number> = { [rankId]: rank };
  if (def.valueId !== undefined) out[def.valueId] = rank * def.valuePerRank;
  return out;
}

/** The item's enchant, or null. */
export function itemEnchant(
  item: Item,
): { readonly enchant: EnchantDef; readonly rank: number } | null {
  for (const def of ENCHANTS) {
    const rank = item.boosts[def.rankId];
    if (rank !== undefined && rank > 0) return { enchant: def, rank };
  }
  return null;
}

/** Reagents to enchant at `rank`: 3 per rank, only the new ranks when raising the same enchant. */
export function enchantCost(item: Item, rankId: number, rank: number): LootAmount[] {
  const def = enchantById(rankId);
  if (def === undefined) return [];
  const current = itemEnchant(item);
  const from = current !== null && current.enchant.rankId === rankId ? current.rank : 0;
  const ranks = Math.max(0, rank - from);
  return [{ lootId: def.reagent, amount: ENCHANT_REAGENT_PER_RANK * ranks }];
}

export interface EnchantContext {
  /** The enchanter's research rank of this enchant (their own or, with QoL, a guild member's). */
  readonly skillRank: number;
  readonly wallet?: Wallet;
  /** When given, the rank must also be within enchantingSkillCap(dateMs). */
  readonly dateMs?: number;
}

export const ERR_ENCHANT_SIGIL = "Sigils cannot be enchanted.";
export const ERR_ENCHANT_UNKNOWN = "Unknown enchant.";
export const ERR_ENCHANT_RANK = "Enchant rank must be a whole number of at least 1.";

/** Puts enchant `rankId` at `rank` on the item, replacing any other enchant. */
export function enchantItem(
  item: Item,
  rankId: number,
  rank: number,
  ctx: EnchantContext,
): UpgradeResult {
  if (!isGearSlot(item.slot)) return ERR_ENCHANT_SIGIL;
  const def = enchantById(rankId);
  if (def === undefined) return ERR_ENCHANT_UNKNOWN;
  if (!Number.isInteger(rank) || rank < 1) return ERR_ENCHANT_RANK;
  if (ctx.dateMs !== undefined && rank > enchantingSkillCap(ctx.dateMs)) {
    return `Enchant rank cannot exceed the enchanting cap of ${enchantingSkillCap(ctx.dateMs)}.`;
  }
  const skill = Math.max(0, Math.floor(ctx.skillRank));
  if (rank > skill) return `Rank ${rank} needs ${def.name} skill rank ${rank} (you have ${skill}).`;
  const current = itemEnchant(item);
  if (current !== null && current.enchant.rankId === rankId && current.rank >= rank) {
    return `The item already has ${def.name} at rank ${current.rank}.`;
  }
  const cost = enchantCost(item, rankId, rank);
  const missing = ctx.wallet === undefined ? null : missingCost(cost, ctx.wallet);
  if (missing !== null) return missing;
  const boosts: Record<number, number> = {};
  for (const key of Object.keys(item.boosts)) {
    const id = Number(key);
    if (!isEnchantBoost(id)) boosts[id] = item.boosts[id] ?? 0;
  }
  Object.assign(boosts, enchantBoosts(rankId, rank));
  return { item: { ...item, boosts }, cost };
}
