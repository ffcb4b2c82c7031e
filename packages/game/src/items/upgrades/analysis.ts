/** Upgrade chance and roll percentiles of an item (our design; docs/game-rules.md "Upgrades"). */
import { boostRange } from "../catalogue";
import type { Item } from "../types";

/**
 * Chance that an Orb of Power improves at least one roll: each roll is rerolled uniformly and
 * kept if higher, so 1 − Π position (0 for an item without rolls).
 */
export function upgradeChance(item: Pick<Item, "rolls">): number {
  const ids = Object.keys(item.rolls).map(Number);
  if (ids.length === 0) return 0;
  let allKept = 1;
  for (const id of ids) allKept *= Math.min(1, Math.max(0, item.rolls[id] ?? 0));
  return 1 - allKept;
}

export interface RollPercentile {
  readonly boostId: number;
  /** The item's rolled value (before infusion). */
  readonly value: number;
  /** Range of that boost at the item's level and rarity. */
  readonly min: number;
  readonly max: number;
  /** Percent (0-100) of all possible rolls of that boost at that level and rarity ≤ value. */
  readonly percentile: number;
}

/**
 * Each rolled modifier's percentile against every possible roll of that boost at the item's
 * level and rarity (rolls are uniform in the range, so it is the value's place in the range).
 * Ordered by boost id.
 */
export function itemPercentiles(item: Item): RollPercentile[] {
  const out: RollPercentile[] = [];
  for (const key of Object.keys(item.rolls)) {
    const boostId = Number(key);
    const range = boostRange(boostId, item.level, item.rarity);
    if (range === undefined) continue;
    const value = item.boosts[boostId] ?? 0;
    const span = range.max - range.min;
    const fraction = span > 0 ? (value - range.min) / span : 1;
    out.push({
      boostId,
      value,
      min: range.min,
      max: range.max,
      percentile: Math.round(Math.min(1, Math.max(0, fraction)) * 10000) / 100,
    });
  }
  return out;
}
