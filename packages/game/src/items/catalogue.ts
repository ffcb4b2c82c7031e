/**
 * Which boosts each slot can roll and their value ranges (our design; see docs/game-rules.md
 * "Items"). A roll is a position p in 0..1; its value is
 * (min + p·(max − min)) · levelScale(kind, level) · RARITY_POWER[rarity], rounded to 2 decimals.
 */
import { ActionType, Element, type GatherActionType, Rarity } from "../enums";
import { type GearSlot, roundValue } from "./types";

/** "flat" values (stats, spellpower) grow linearly with level; "percent" ones logarithmically. */
export type ScaleKind = "flat" | "percent";

export interface BoostRange {
  readonly min: number;
  readonly max: number;
  readonly scale: ScaleKind;
}

const flat = (min: number, max: number): BoostRange => ({ min, max, scale: "flat" });
const pct = (min: number, max: number): BoostRange => ({ min, max, scale: "percent" });

/** Base range of every boost an item can roll, at level scale 1 and Common rarity. */
export const ITEM_BOOST_RANGES: Readonly<Record<number, BoostRange>> = {
  3: flat(2, 5),
  4: flat(2, 5),
  5: flat(2, 5),
  6: flat(2, 5),
  7: flat(2, 5),
  8: flat(4, 8),
  9: flat(4, 8),
  10: pct(2, 5),
  11: pct(2, 5),
  12: pct(2, 5),
  30: pct(3, 8),
  31: pct(3, 8),
  32: pct(3, 8),
  33: pct(3, 8),
  34: pct(3, 8),
  35: pct(3, 8),
  40: pct(2, 5),
  41: pct(1, 3),
  42: pct(1, 3),
  43: pct(4, 10),
  44: pct(1, 3),
  45: pct(2, 6),
  46: pct(2, 6),
  47: pct(2, 6),
  48: pct(2, 6),
  49: pct(1, 4),
  50: pct(1, 3),
  100: pct(1, 3),
  102: pct(1, 3),
  120: pct(2, 5),
  121: pct(2, 5),
  122: pct(2, 5),
  123: pct(1, 3),
  124: flat(0.1, 0.3),
};

/**
 * Power of a rarity: multiplies every range. Heirloom is half of Legendary (the Orb of Legacy
 * halves power, spec); Mythic is 1.5 × Legendary (our design).
 */
export const RARITY_POWER: Readonly<Record<Rarity, number>> = {
  0: 0,
  1: 1,
  2: 1.25,
  3: 1.5,
  4: 2,
  5: 2.5,
  6: 1.25,
  7: 3.75,
};

/** Number of secondary modifiers (besides the slot's main one) per rarity. */
export const SECONDARY_COUNT: Readonly<Record<Rarity, number>> = {
  0: 0,
  1: 1,
  2: 2,
  3: 3,
  4: 4,
  5: 5,
  6: 5,
  7: 5,
};

/** Level multiplier of a range: flat 1 + level/25; percent 1 + log10(1 + level/100). */
export function levelScale(kind: ScaleKind, level: number): number {
  const l = Math.max(1, Number.isFinite(level) ? level : 1);
  return kind === "flat" ? 1 + l / 25 : 1 + Math.log10(1 + l / 100);
}

/** The scaled range of a boost on an item of this level and rarity (undefined: cannot roll). */
export function boostRange(
  boostId: number,
  level: number,
  rarity: Rarity,
): { min: number; max: number } | undefined {
  const r = ITEM_BOOST_RANGES[boostId];
  if (r === undefined) return undefined;
  const m = levelScale(r.scale, level) * (RARITY_POWER[rarity] ?? 0);
  return { min: r.min * m, max: r.max * m };
}

/** The value of a roll at `position` (0..1, clamped), rounded to 2 decimals; 0 if unknown. */
export function rollValue(
  boostId: number,
  level: number,
  rarity: Rarity,
  position: number,
): number {
  const r = boostRange(boostId, level, rarity);
  if (r === undefined) return 0;
  const p = Math.min(1, Math.max(0, Number.isFinite(position) ? position : 0));
  return roundValue(r.min + p * (r.max - r.min));
}

export interface SlotBoosts {
  /** Always rolled. */
  readonly main: number;
  /** Secondary modifiers are drawn from here without repetition. */
  readonly pool: readonly number[];
}

const BATTLE_SLOTS: Readonly<Record<Exclude<GearSlot, 1>, SlotBoosts>> = {
  2: { main: 9, pool: [4, 6, 7, 45, 46, 48, 50] },
  3: { main: 4, pool: [5, 7, 44, 45, 50, 120, 121] },
  4: { main: 5, pool: [3, 40, 41, 42, 43, 47, 49] },
  5: { main: 3, pool: [5, 6, 42, 46, 47, 120, 122] },
  6: { main: 6, pool: [4, 7, 45, 46, 48, 50, 122] },
  7: { main: 7, pool: [3, 6, 10, 11, 12, 48, 121] },
  8: { main: 40, pool: [3, 4, 5, 6, 7, 43, 121, 123] },
};

/** Gathering gear whose main modifier is the resource amount (30-32); others: experience. */
const GATHER_AMOUNT_MAIN: ReadonlySet<number> = new Set([1, 3, 4, 8]);

/** The boosts a slot can roll. Weapons need their element, gathering gear its skill. */
export function slotBoosts(
  slot: GearSlot,
  element?: Element,
  skill?: GatherActionType,
): SlotBoosts {
  if (skill !== undefined) {
    const offset = skill - ActionType.Mining;
    const amount = 30 + offset;
    const xp = 33 + offset;
    const amountMain = GATHER_AMOUNT_MAIN.has(slot);
    return {
      main: amountMain ? amount : xp,
      pool: [amountMain ? xp : amount, 124, 102, 100, 121, 122],
    };
  }
  if (slot === 1) {
    const el = element === Element.Water || element === Element.Nature ? element : Element.Fire;
    return { main: 8, pool: [3, 9 + el, 40, 41, 42, 43, 44, 49] };
  }
  return BATTLE_SLOTS[slot];
}

export const ITEM_RARITIES_THAT_DROP: readonly Rarity[] = [
  Rarity.Common,
  Rarity.Uncommon,
  Rarity.Rare,
  Rarity.Epic,
  Rarity.Legendary,
];
