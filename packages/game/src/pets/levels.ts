/**
 * Pet levels and experience (spec 000 section 9: 2,500,000 × 2^(level − 1) for a level, one egg
 * 100K XP, each pet level gained +2% experience to all pets; how much an action gives: our
 * design, see docs/game-rules.md "Pets").
 */

/** Experience one egg gives a pet (spec). */
export const PET_XP_PER_EGG = 100_000;
/** Experience for level 1 (spec); each next level needs twice the last. */
export const PET_XP_BASE = 2_500_000;
/** Bonus pet experience per pet level owned, over all pets (spec: 2%). */
export const PET_XP_PER_LEVEL_OWNED = 0.02;
/** Levels above this are not reached (the experience would pass 10^21: our cap). */
export const PET_MAX_LEVEL = 50;

/**
 * Experience from `level` to level + 1: 2,500,000 × 2^level (spec: level L needs
 * 2,500,000 × 2^(L − 1)). Level 0 → 1: 2.5M; 1 → 2: 5M; 9 → 10: 1.28B.
 */
export function petExperienceForNextLevel(level: number): number {
  const l = Math.max(0, Math.floor(level));
  return NEXT_LEVEL[l] ?? PET_XP_BASE * 2 ** l;
}

/** The table of `petExperienceForNextLevel` up to the cap (the tick reads it every action). */
const NEXT_LEVEL: readonly number[] = Array.from(
  { length: PET_MAX_LEVEL + 1 },
  (_, l) => PET_XP_BASE * 2 ** l,
);

/** Total experience from level 0 to `level`. */
export function petExperienceToReach(level: number): number {
  return PET_XP_BASE * (2 ** Math.max(0, Math.floor(level)) - 1);
}

/**
 * Adds experience to a pet at `level` holding `xp` into that level: whole levels gained
 * carry the rest over. Returns the new level and experience (at the cap, experience stops).
 */
export function addPetExperience(
  level: number,
  xp: number,
  gained: number,
): { level: number; xp: number } {
  let l = level;
  let x = xp + Math.max(0, gained);
  while (l < PET_MAX_LEVEL) {
    const need = petExperienceForNextLevel(l);
    if (x < need) break;
    x -= need;
    l++;
  }
  if (l >= PET_MAX_LEVEL) x = 0;
  return { level: l, xp: x };
}

/**
 * Multiplier of every pet's experience: (1 + 2% × all pet levels owned) × (1 + 5% × the
 * active Pet XP pet's level).
 */
export function petXpMultiplier(totalLevels: number, petXpLevel: number): number {
  return (
    (1 + PET_XP_PER_LEVEL_OWNED * Math.max(0, totalLevels)) * (1 + 0.05 * Math.max(0, petXpLevel))
  );
}
