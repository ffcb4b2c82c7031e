/** Combat effects of active pets (formulas from the spec, section 9). */
import { PetEffect } from "../enums";

/** What active combat pets add to a battle; all neutral by default. */
export interface PetCombatBonuses {
  /** Resurrect: extra lives per battle (t). */
  readonly extraLives: number;
  /** Resistance: fraction of damage taken removed, 1 - 0.85^t. */
  readonly resistance: number;
  /** Immunity: the first 5t enemy attacks are nullified. */
  readonly nullifyAttacks: number;
  /** Dragon: damage multiplier 1.2^t. */
  readonly damageFactor: number;
  /** Owl: focus multiplier 1.2^t. */
  readonly focusFactor: number;
  /** Ward: ward multiplier 1.2^t. */
  readonly wardFactor: number;
  /** Haste: haste multiplier 1.2^t (spells per enemy attack). */
  readonly hasteFactor: number;
  /** Curse: enemy starts at 0.8^t of its health. */
  readonly curseFactor: number;
  /** Snake: poison of 0.2t% of the enemy's current health per round. */
  readonly poison: number;
  /** Regeneration: t% of max health and mana per round, fading to 0 over 200 rounds. */
  readonly regen: number;
}

export const NO_PET_BONUSES: PetCombatBonuses = {
  extraLives: 0,
  resistance: 0,
  nullifyAttacks: 0,
  damageFactor: 1,
  focusFactor: 1,
  wardFactor: 1,
  hasteFactor: 1,
  curseFactor: 1,
  poison: 0,
  regen: 0,
};

/** Combat bonuses from active pets' effect kinds and levels (map effect kind -> level t). */
export function petCombatBonuses(levels: Readonly<Record<number, number>>): PetCombatBonuses {
  const t = (k: PetEffect): number => {
    const v = levels[k];
    return v !== undefined && v > 0 ? v : 0;
  };
  return {
    extraLives: Math.floor(t(PetEffect.Resurrect)),
    resistance: 1 - 0.85 ** t(PetEffect.Resistance),
    nullifyAttacks: Math.floor(5 * t(PetEffect.Immune)),
    damageFactor: 1.2 ** t(PetEffect.Dragon),
    focusFactor: 1.2 ** t(PetEffect.Owl),
    wardFactor: 1.2 ** t(PetEffect.Ward),
    hasteFactor: 1.2 ** t(PetEffect.Haste),
    curseFactor: 0.8 ** t(PetEffect.Curse),
    poison: Math.min(0.5, 0.002 * t(PetEffect.Snake)),
    regen: 0.01 * t(PetEffect.Regen),
  };
}
