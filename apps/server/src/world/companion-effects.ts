import {
  activePetLevels,
  type PetActionBonuses,
  type PetCombatBonuses,
  PetEffect,
  petActionBonuses,
  petBoosts,
  petCombatBonuses,
  petXpMultiplier,
  potionBoosts,
  totalPetLevels,
} from "@manaspire/game";
import type { LoadedPlayer } from "./loaded-player";

/**
 * What active potions and pets do to a player's boosts and combat stats, cached per player
 * until `companionsChanged` (a potion starting or ending, a pet levelling, fed, activated or
 * deactivated). Stat drops and level-ups recompute the totals often; they reuse these.
 * Kept in the player's derived cache (`p.derived.companions`), read on every action: a field,
 * not a WeakMap lookup (with 50,000 players those lookups were a visible share of the tick).
 */
export interface CompanionCache {
  version: number;
  /** The potion boost the potions were scaled with. */
  potionBoost: number;
  boosts: Record<number, number> | null;
  combat: PetCombatBonuses | null;
  hasPets: boolean;
  /** The active pets' per-action bonuses (companions.ts), null without active pets. */
  actions: PetActionBonuses | null;
  /** The pets' experience multiplier (all pets' levels and the Pet XP pet). */
  petXpMultiplier: number;
}

/** Potions or pets changed what they do: totals and combat stats are recomputed. */
export function companionsChanged(p: LoadedPlayer): void {
  p.companionVersion++;
  p.statsVersion++;
}

/** The player's companion cache, rebuilt when `companionVersion` moved. */
export function companionCache(p: LoadedPlayer): CompanionCache {
  let c = p.derived.companions;
  if (c === null || c.version !== p.companionVersion) {
    const hasPets = p.pets.pets.some((pet) => pet.active);
    const levels = hasPets ? activePetLevels(p.pets) : null;
    c = {
      version: p.companionVersion,
      potionBoost: Number.NaN,
      boosts: null,
      combat: levels ? petCombatBonuses(levels) : null,
      hasPets,
      actions: levels ? petActionBonuses(levels) : null,
      petXpMultiplier: levels
        ? petXpMultiplier(totalPetLevels(p.pets), levels[PetEffect.PetXp] ?? 0)
        : 1,
    };
    p.derived.companions = c;
  }
  return c;
}

/**
 * What active potions and pets add to the total boosts, or null when nothing (most players).
 * The potions scale with the potion boost (108: Codex research plus the Distillation sigil),
 * given as `potionBoost`.
 */
export function companionBoosts(
  p: LoadedPlayer,
  potionBoost: number,
): Record<number, number> | null {
  if (p.potions.active.length === 0 && p.pets.pets.length === 0) return null;
  const c = companionCache(p);
  if (c.potionBoost !== potionBoost) {
    c.potionBoost = potionBoost;
    const out =
      p.potions.active.length > 0 ? potionBoosts(p.potions.active, { 108: potionBoost }) : {};
    if (c.hasPets) {
      const pets = petBoosts(activePetLevels(p.pets));
      for (const key in pets) out[key] = (out[key] ?? 0) + (pets[key] ?? 0);
    }
    c.boosts = isEmpty(out) ? null : out;
  }
  return c.boosts;
}

/** The active combat pets' bonuses, for `deriveCombatStats`. */
export function companionCombat(p: LoadedPlayer): { pets?: PetCombatBonuses } {
  if (p.pets.pets.length === 0) return {};
  const combat = companionCache(p).combat;
  return combat ? { pets: combat } : {};
}

export function hasActivePet(p: LoadedPlayer): boolean {
  return p.pets.pets.length > 0 && companionCache(p).hasPets;
}

function isEmpty(map: Readonly<Record<number, number>>): boolean {
  for (const _ in map) return false;
  return true;
}
