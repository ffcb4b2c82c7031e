/**
 * Eggs from play (our design; see docs/game-rules.md "Pets"). A won battle's rare-drop table
 * holds an Egg at 1/100,000 × the drop multiplier (drops.ts); a gathering action has the same
 * base chance here. The Egg Drop pet adds 0.01t% per action, battle or gathering, and the
 * world's egg rate (an operator's event) multiplies every egg chance.
 */

/** Base Egg chance per won battle or gathering action (the rare-drop table's entry). */
export const BASE_EGG_CHANCE = 1 / 100_000;

/**
 * The chance of the extra egg roll a server makes after an action. For a won battle the
 * rare-drop table already rolled `BASE_EGG_CHANCE × dropMultiplier`, so this roll adds what
 * the pet and the world rate add on top; a gathering action rolls its whole chance here. A
 * lost battle gives no egg.
 */
export function extraEggChance(input: {
  source: "battle" | "gathering";
  won: boolean;
  dropMultiplier: number;
  /** The Egg Drop pet's chance (petActionBonuses().eggChance). */
  petChance: number;
  /** The world's egg rate; 1 normally. */
  worldRate: number;
}): number {
  const rate = Math.max(0, input.worldRate);
  const base = BASE_EGG_CHANCE * Math.max(0, input.dropMultiplier);
  if (input.source === "battle") {
    if (!input.won) return 0;
    return Math.min(1, Math.max(0, rate * (base + input.petChance) - base));
  }
  return Math.min(1, rate * (base + input.petChance));
}
