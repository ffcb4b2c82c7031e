import {
  activePetLevels,
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
import type { CompanionCache } from "./loaded-player-parts";

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
