import {
  activePetLevels,
  type PetCombatBonuses,
  petBoosts,
  petCombatBonuses,
  potionBoosts,
} from "@manaspire/game";
import type { LoadedPlayer } from "./loaded-player";

/**
 * What active potions and pets add to a player's total boosts, or null when nothing (most
 * players: no copy of their boosts). `base` holds the other totals; the potions scale with
 * its potion boost (research and the Distillation sigil). Recomputed with the totals, i.e.
 * when `statsVersion` moves: a potion starting or ending, a pet levelling or (de)activated.
 */
export function companionBoosts(
  p: LoadedPlayer,
  base: Readonly<Record<number, number>>,
): Record<number, number> | null {
  const potions = p.potions.active.length > 0 ? potionBoosts(p.potions.active, base) : null;
  const pets = hasActivePet(p) ? petBoosts(activePetLevels(p.pets)) : null;
  if (!potions) return pets && !isEmpty(pets) ? pets : null;
  if (pets) for (const key in pets) potions[key] = (potions[key] ?? 0) + (pets[key] ?? 0);
  return isEmpty(potions) ? null : potions;
}

/** The active combat pets' bonuses, for `deriveCombatStats`. */
export function companionCombat(p: LoadedPlayer): { pets?: PetCombatBonuses } {
  return hasActivePet(p) ? { pets: petCombatBonuses(activePetLevels(p.pets)) } : {};
}

export function hasActivePet(p: LoadedPlayer): boolean {
  for (const pet of p.pets.pets) if (pet.active) return true;
  return false;
}

function isEmpty(map: Readonly<Record<number, number>>): boolean {
  for (const _ in map) return false;
  return true;
}
