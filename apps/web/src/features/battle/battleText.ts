import { ROUND_LIMIT } from "@manaspire/game";
import type { BattleResult } from "@manaspire/protocol";

export const WIN_TEXT = "You won!";
export const LOSS_TEXT = "You lost.";
export const ROUND_LIMIT_TEXT = `You lost, you have reached the ${ROUND_LIMIT} round limit!`;

/** Headline of a battle result (spec 000 section 8 "Combat lost"). */
export function battleOutcomeText(result: Pick<BattleResult, "won" | "roundLimitReached">): string {
  if (result.won) return WIN_TEXT;
  return result.roundLimitReached ? ROUND_LIMIT_TEXT : LOSS_TEXT;
}

export interface BattleStatRow {
  label: string;
  value: number;
  /** "percent": a 0..1 fraction shown as a percentage. */
  format: "number" | "percent";
  hint: string;
}

/**
 * The statistics block of a battle result. Rows for pet-driven effects (nullified
 * attacks, poison, healing, extra lives) appear only when they happened.
 */
export function battleStatRows(result: BattleResult): BattleStatRow[] {
  const rows: BattleStatRow[] = [
    { label: "Attacks", value: result.attacks, format: "number", hint: "Rounds you attacked in." },
    {
      label: "Enemy Attacks",
      value: result.enemyAttacks,
      format: "number",
      hint: `Times the enemy struck (a battle ends lost at ${ROUND_LIMIT}).`,
    },
    { label: "Casts", value: result.casts, format: "number", hint: "Spells cast." },
    { label: "Crits", value: result.crits, format: "number", hint: "Critical hits." },
    {
      label: "Damage Done",
      value: result.damageDone,
      format: "number",
      hint: "Damage dealt to the enemy.",
    },
    {
      label: "Damage Taken",
      value: result.damageTaken,
      format: "number",
      hint: "Damage the enemy dealt to you.",
    },
    {
      label: "Mana Spent",
      value: result.manaSpent,
      format: "number",
      hint: "Mana used on spells.",
    },
    {
      label: "Mana Shortage",
      value: result.manaShortage,
      format: "number",
      hint: "Spells cast without enough mana (they hit weaker).",
    },
    {
      label: "Ward Strength",
      value: result.wardStrength,
      format: "percent",
      hint: "Share of enemy damage your ward blocked.",
    },
    {
      label: "Enemy Ward Strength",
      value: result.enemyWardStrength,
      format: "percent",
      hint: "Share of your damage the enemy's ward blocked (Focus lowers it).",
    },
  ];
  const optional: BattleStatRow[] = [
    {
      label: "Nullified Attacks",
      value: result.nullifiedAttacks,
      format: "number",
      hint: "Enemy attacks that did nothing.",
    },
    {
      label: "Poison Damage",
      value: result.poisonDamage,
      format: "number",
      hint: "Damage dealt by poison.",
    },
    {
      label: "Damage Healed",
      value: result.damageHealed,
      format: "number",
      hint: "Health restored during the battle.",
    },
    {
      label: "Extra Lives",
      value: result.extraLives,
      format: "number",
      hint: "Times you were brought back.",
    },
  ];
  return rows.concat(optional.filter((row) => row.value > 0));
}
