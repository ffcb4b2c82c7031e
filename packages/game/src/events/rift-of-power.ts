/**
 * Rift of Power (spec 000 sections 4 and 9; live-game facts): while a player siphons, each
 * action has a siphon chance of max(10, 100 - 10 x successes) percent; a success applies an
 * Orb of Power (reroll every value, keeping only higher ones) to the lowest-quality equipped
 * item, without spending an orb.
 */

import type { Item } from "../items/types";
import { rerollPower } from "../items/upgrades/orbs";
import type { Rng } from "../rng";

export const SIPHON_CHANCE_START = 100;
export const SIPHON_CHANCE_STEP = 10;
export const SIPHON_CHANCE_FLOOR = 10;

/** The siphon chance in percent after `successes` successes in this rift (from the spec). */
export function siphonChance(successes: number): number {
  return Math.max(
    SIPHON_CHANCE_FLOOR,
    SIPHON_CHANCE_START - SIPHON_CHANCE_STEP * Math.max(0, successes),
  );
}

export interface SiphonOutcome {
  success: boolean;
  /** The item before and after the orb (a success with nothing to improve has neither). */
  before?: Item;
  after?: Item;
}

/**
 * The equipped item an orb goes to: the lowest quality among those an Orb of Power can still
 * improve (gear with rolls, not all perfect); ties go to the lower id.
 */
export function siphonTarget(equipped: readonly Item[]): Item | undefined {
  let best: Item | undefined;
  for (const item of equipped) {
    const rolls = Object.values(item.rolls);
    if (rolls.length === 0 || rolls.every((r) => r >= 1)) continue;
    if (
      best === undefined ||
      item.quality < best.quality ||
      (item.quality === best.quality && item.id < best.id)
    ) {
      best = item;
    }
  }
  return best;
}

/** One siphon attempt: the chance roll, then the orb on the target. */
export function siphon(equipped: readonly Item[], successes: number, rng: Rng): SiphonOutcome {
  if (!(rng.next() * 100 < siphonChance(successes))) return { success: false };
  const target = siphonTarget(equipped);
  if (!target) return { success: true };
  const result = rerollPower(target, { rng });
  if (typeof result === "string") return { success: true };
  return { success: true, before: target, after: result.item };
}

/** Auto siphon (Quality of Life): stop siphoning once this many successes were reached. */
export function autoSiphonDone(autoSiphon: number, successes: number): boolean {
  return autoSiphon > 0 && successes >= autoSiphon;
}
