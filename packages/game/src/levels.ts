/** Levels from experience (spec section 9: floor((-1+sqrt(1+8/base*amount))/2)). */

/** Experience base of the battle level (our design). */
export const BATTLE_XP_BASE = 10_000;
/** Experience base of mining, fishing and woodcutting levels (our design). */
export const GATHER_XP_BASE = 10_000;
/** Base of the sigil boost level (from the spec). */
export const SIGIL_BASE = 1000;

/** Total experience needed to reach `level`: base * level * (level + 1) / 2. */
export function experienceForLevel(base: number, level: number): number {
  if (!(level > 0)) return 0;
  return (base * level * (level + 1)) / 2;
}

/**
 * Level reached with `amount` total experience (from the spec), corrected for floating point
 * so that exactly experienceForLevel(base, L) gives L and one less gives L - 1.
 */
export function levelFromExperience(base: number, amount: number): number {
  if (!(base > 0) || !(amount > 0)) return 0;
  if (amount === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  let level = Math.floor((-1 + Math.sqrt(1 + (8 / base) * amount)) / 2);
  if (level < 0) level = 0;
  // Beyond 2^50 levels, level + 1 is no longer a distinct step of the float curve.
  if (level > 2 ** 50) return level;
  while (level > 0 && experienceForLevel(base, level) > amount) level--;
  while (experienceForLevel(base, level + 1) <= amount) level++;
  return level;
}

export interface LevelProgress {
  readonly level: number;
  /** Experience gained inside the current level. */
  readonly experience: number;
  /** Experience the current level spans (base * (level + 1)); remaining = this - experience. */
  readonly experienceToLevel: number;
}

/** Level, progress into it and its size, from total experience. */
export function levelProgress(base: number, totalExperience: number): LevelProgress {
  const level = levelFromExperience(base, totalExperience);
  const start = experienceForLevel(base, level);
  return {
    level,
    experience: Math.max(0, totalExperience - start),
    experienceToLevel: experienceForLevel(base, level + 1) - start,
  };
}
