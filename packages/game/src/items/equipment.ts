/**
 * Equipment feeding the player's stats (see docs/game-rules.md "Equipment and stats"):
 * infusion scaling, the mana dust piece penalty, total boosts, equip requirements.
 */
import { Element, Rarity } from "../enums";
import { isEnchantBoost } from "./assemble";
import type { Item } from "./types";

/** Each infusion adds 5% to the rolled (non-enchant) modifiers (from the spec). */
export const INFUSION_BONUS = 0.05;
export const MAX_INFUSIONS = 99;
/** Mana dust boost (121) penalty per equipped piece carrying it beyond the first (spec). */
export const MANA_DUST_PIECE_PENALTY = 0.05;
export const MANA_DUST_MAX_PENALTY = 0.35;

/** 1 + infusions/20 (from the spec), infusions clamped to 0-99. */
export function infusionMultiplier(infusions: number): number {
  const n = Number.isFinite(infusions) ? Math.min(MAX_INFUSIONS, Math.max(0, infusions)) : 0;
  return 1 + n * INFUSION_BONUS;
}

/** Fraction removed from equipment mana dust when `pieces` items carry it: 5% per extra piece. */
export function manaDustPenalty(pieces: number): number {
  return Math.min(MANA_DUST_MAX_PENALTY, MANA_DUST_PIECE_PENALTY * Math.max(0, pieces - 1));
}

/**
 * What equipped items add to the player's boosts: each rolled value × (1 + infusions/20), enchant
 * boosts (60-71, 80-86) unscaled; the summed mana dust boost (121) × (1 − manaDustPenalty(n))
 * where n is the number of items carrying it.
 */
export function equipmentBoosts(items: readonly Item[]): Record<number, number> {
  const out: Record<number, number> = {};
  let dustPieces = 0;
  for (const item of items) {
    const m = infusionMultiplier(item.infusions);
    for (const key of Object.keys(item.boosts)) {
      const id = Number(key);
      const v = item.boosts[id] ?? 0;
      if (!Number.isFinite(v) || v === 0) continue;
      out[id] = (out[id] ?? 0) + (isEnchantBoost(id) ? v : v * m);
      if (id === 121) dustPieces++;
    }
  }
  if (out[121] !== undefined) out[121] *= 1 - manaDustPenalty(dustPieces);
  return out;
}

/** Enchanting skill ranks 60-71: in the player's own boosts they are skills, not effects. */
export function isEnchantingSkill(id: number): boolean {
  return id >= 60 && id <= 71;
}

/**
 * The player's TOTAL boosts: own boosts (research, purchases) + stat drops + equipment (+ any
 * extra maps, e.g. the sigil). Enchanting skill ranks (60-71) of the own boosts are left out:
 * they let the player enchant items; the enchant's effect comes from the enchanted item.
 */
export function totalBoosts(
  research: Readonly<Record<number, number>>,
  statDrops: Readonly<Record<number, number>>,
  equipment: Readonly<Record<number, number>>,
  ...extra: readonly Readonly<Record<number, number>>[]
): Record<number, number> {
  const out: Record<number, number> = {};
  const add = (map: Readonly<Record<number, number>>, skipSkills: boolean): void => {
    for (const key of Object.keys(map)) addBoost(out, Number(key), map, skipSkills);
  };
  add(research, true);
  add(statDrops, false);
  add(equipment, false);
  for (const map of extra) add(map, false);
  return out;
}

/**
 * Boost `id` of `totals` summed again over the same maps, in the order totalBoosts sums them
 * (so the same number to the last bit): for a caller that keeps the totals and knows which ids
 * of its maps changed.
 */
export function resumBoost(
  totals: Record<number, number>,
  id: number,
  research: Readonly<Record<number, number>>,
  statDrops: Readonly<Record<number, number>>,
  equipment: Readonly<Record<number, number>>,
  ...extra: readonly Readonly<Record<number, number>>[]
): void {
  const one: Record<number, number> = {};
  addBoost(one, id, research, true);
  addBoost(one, id, statDrops, false);
  addBoost(one, id, equipment, false);
  for (const map of extra) addBoost(one, id, map, false);
  const sum = one[id];
  if (sum === undefined) delete totals[id];
  else totals[id] = sum;
}

function addBoost(
  out: Record<number, number>,
  id: number,
  map: Readonly<Record<number, number>>,
  skipSkills: boolean,
): void {
  const v = map[id];
  if (v === undefined || !Number.isFinite(v) || (skipSkills && isEnchantingSkill(id))) return;
  out[id] = (out[id] ?? 0) + v;
}

/** Fraction of elemental damage removed by a resistance value: 1 − 0.99^value (from the spec). */
export function resistancePercent(value: number): number {
  if (!(value > 0)) return 0;
  return 1 - 0.99 ** value;
}

/** 0.02% per point (from the spec). */
export const BOOST_PERCENT_PER_POINT = 0.0002;

/**
 * Bonus fraction of a per-point boost: points × 0.02% × (1 + bonus/100) (spec: "0.02% per point
 * scaled by bonus"; `bonus` is a percent such as a guild or pet bonus). 100 points = 0.02.
 */
export function boostPercent(points: number, bonus = 0): number {
  if (!(points > 0)) return 0;
  return (
    points * BOOST_PERCENT_PER_POINT * Math.max(0, 1 + (Number.isFinite(bonus) ? bonus : 0) / 100)
  );
}

export interface SkillLevels {
  readonly battle: number;
  readonly mining: number;
  readonly fishing: number;
  readonly woodcutting: number;
}

export interface EquipRequirement {
  /** Gathering gear needs the best of the three gathering levels. */
  readonly kind: "battle" | "gathering";
  readonly level: number;
}

/** The level an item needs, or null (Heirlooms and sigils have none, spec). */
export function equipRequirement(item: Item): EquipRequirement | null {
  if (item.rarity === Rarity.Heirloom || item.slot === 9) return null;
  return { kind: item.skill !== undefined ? "gathering" : "battle", level: item.level };
}

/** Why the item cannot be equipped ("Requires battle level 120."), or null if it can. */
export function equipError(item: Item, levels: SkillLevels): string | null {
  const req = equipRequirement(item);
  if (req === null) return null;
  const have =
    req.kind === "battle"
      ? levels.battle
      : Math.max(levels.mining, levels.fishing, levels.woodcutting);
  return have >= req.level ? null : `Requires ${req.kind} level ${req.level}.`;
}

/** Whether the level requirement is met (spec: gathering items use the best gathering level). */
export function canEquip(item: Item, levels: SkillLevels): boolean {
  return equipError(item, levels) === null;
}

/** Element of the equipped staff (for deriveCombatStats' staffElement), if any. */
export function staffElementOf(equipped: readonly Item[]): Element | undefined {
  for (const item of equipped) {
    if (item.slot !== 1 || item.skill !== undefined) continue;
    const el = item.element;
    if (el === Element.Fire || el === Element.Water || el === Element.Nature) return el;
  }
  return undefined;
}
