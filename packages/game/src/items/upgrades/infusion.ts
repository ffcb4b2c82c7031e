/**
 * Infusion (spec: tier 0-99, +5% to all non-enchant modifiers per tier). Cost (our design):
 * infusion k (tier k−1 → k) costs 50 · k² · (item level + 10) mana dust.
 */
import { LootId } from "../../loot";
import { MAX_INFUSIONS } from "../equipment";
import { type Item, isGearSlot, type LootAmount, missingCost, type UpgradeResult } from "../types";
import { ERR_SIGIL, type PayContext } from "./orbs";

export const INFUSION_DUST_COEF = 50;

/** Mana dust of one infusion: tier k−1 → k. */
export function infusionStepCost(level: number, tier: number): number {
  if (!(tier >= 1)) return 0;
  return INFUSION_DUST_COEF * tier * tier * (Math.max(1, Math.floor(level)) + 10);
}

function sumSquares(n: number): number {
  return (n * (n + 1) * (2 * n + 1)) / 6;
}

/** Mana dust to infuse an item of `level` from tier `from` to tier `to` (0 if to ≤ from). */
export function infusionCost(level: number, from: number, to: number): number {
  if (!(to > from)) return 0;
  const a = Math.max(0, Math.floor(from));
  const b = Math.min(MAX_INFUSIONS, Math.floor(to));
  return (
    INFUSION_DUST_COEF * (sumSquares(b) - sumSquares(a)) * (Math.max(1, Math.floor(level)) + 10)
  );
}

export const ERR_INFUSION_TIER = `Infusion tier must be a whole number from 0 to ${MAX_INFUSIONS}.`;

/** Infuses the item up to `tier` (0-99), paying every step from its current tier. */
export function infuseItem(item: Item, tier: number, ctx: PayContext = {}): UpgradeResult {
  if (!isGearSlot(item.slot)) return ERR_SIGIL;
  if (!Number.isInteger(tier) || tier < 0 || tier > MAX_INFUSIONS) return ERR_INFUSION_TIER;
  if (tier <= item.infusions) return `The item is already infused to tier ${item.infusions}.`;
  const cost: LootAmount[] = [
    { lootId: LootId.ManaDust, amount: infusionCost(item.level, item.infusions, tier) },
  ];
  const missing = ctx.wallet === undefined ? null : missingCost(cost, ctx.wallet);
  if (missing !== null) return missing;
  return { item: { ...item, infusions: tier }, cost };
}
