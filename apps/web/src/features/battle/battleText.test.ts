import type { BattleResult } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import {
  battleOutcomeText,
  battleStatRows,
  LOSS_TEXT,
  ROUND_LIMIT_TEXT,
  WIN_TEXT,
} from "./battleText";

const result: BattleResult = {
  experienceGained: 120,
  won: true,
  roundLimitReached: false,
  health: 50,
  maxHealth: 100,
  mana: 20,
  maxMana: 100,
  zone: 1,
  enemyId: 3,
  enemyName: "Mossback Toad",
  enemyLevel: 3,
  enemyElement: 2,
  enemyHealthRemaining: 0,
  enemyMaxHealth: 80,
  attacks: 9,
  enemyAttacks: 8,
  nullifiedAttacks: 0,
  wardStrength: 0.25,
  enemyWardStrength: 0.1,
  crits: 1,
  casts: 9,
  damageDone: 80,
  damageTaken: 50,
  manaSpent: 80,
  manaShortage: 0,
  poisonDamage: 0,
  damageHealed: 0,
  extraLives: 0,
  loot: { 1: 100 },
  taxed: {},
  items: [],
  statDrops: {},
};

describe("battleOutcomeText", () => {
  it("celebrates a win", () => {
    expect(battleOutcomeText(result)).toBe(WIN_TEXT);
    expect(WIN_TEXT).toBe("You won!");
  });

  it("says 'You lost.' for an ordinary loss", () => {
    expect(battleOutcomeText({ won: false, roundLimitReached: false })).toBe("You lost.");
    expect(LOSS_TEXT).toBe("You lost.");
  });

  it("names the 200 round limit when the battle ran out of rounds", () => {
    expect(battleOutcomeText({ won: false, roundLimitReached: true })).toBe(
      "You lost, you have reached the 200 round limit!",
    );
    expect(ROUND_LIMIT_TEXT).toBe("You lost, you have reached the 200 round limit!");
  });
});

describe("battleStatRows", () => {
  it("lists the core statistics with ward strengths as percentages", () => {
    const rows = battleStatRows(result);
    expect(rows.map((row) => row.label)).toEqual([
      "Attacks",
      "Enemy Attacks",
      "Casts",
      "Crits",
      "Damage Done",
      "Damage Taken",
      "Mana Spent",
      "Mana Shortage",
      "Ward Strength",
      "Enemy Ward Strength",
    ]);
    expect(rows.find((row) => row.label === "Ward Strength")).toMatchObject({
      value: 0.25,
      format: "percent",
    });
  });

  it("adds pet effects only when they happened", () => {
    const rows = battleStatRows({ ...result, poisonDamage: 12, extraLives: 1 });
    expect(rows.map((row) => row.label)).toContain("Poison Damage");
    expect(rows.map((row) => row.label)).toContain("Extra Lives");
    expect(rows.map((row) => row.label)).not.toContain("Nullified Attacks");
  });
});
