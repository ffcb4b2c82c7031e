import { defaultMagicTypeForEnemy, Element, MAX_ENEMY_LEVEL, Zone } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  canSelectEnemy,
  clampEnemyNumber,
  enemyListLength,
  initialChoice,
  parseStep,
  parseStrength,
  pickEnemy,
  selectEnemyMessage,
  stepStrength,
} from "./enemySelection";

describe("enemy list zones", () => {
  it("has 30 enemies in Radiant Grove, 70 in the Marsh and none in the top zones", () => {
    expect(enemyListLength(Zone.RadiantGrove)).toBe(30);
    expect(enemyListLength(Zone.SmolderingMarsh)).toBe(70);
    expect(enemyListLength(Zone.WorldshapersDomain)).toBeNull();
    expect(enemyListLength(Zone.MaelstromsEye)).toBeNull();
    expect(enemyListLength(Zone.BlazingCore)).toBeNull();
  });

  it("clamps the stepper between 1 and the list length", () => {
    expect(clampEnemyNumber(0, 30)).toBe(1);
    expect(clampEnemyNumber(-4, 30)).toBe(1);
    expect(clampEnemyNumber(31, 30)).toBe(30);
    expect(clampEnemyNumber(71, 70)).toBe(70);
    expect(clampEnemyNumber(12.9, 30)).toBe(12);
    expect(clampEnemyNumber(Number.NaN, 30)).toBe(1);
  });

  it("proposes the advantaged magic type when the enemy changes", () => {
    const start = { enemy: 1, magicType: Element.Fire };
    // Enemy 2 is Nature: Fire has the advantage. Enemy 3 is Water: Nature. Enemy 4 is Fire: Water.
    expect(pickEnemy(start, 2, 30)).toEqual({ enemy: 2, magicType: Element.Fire });
    expect(pickEnemy(start, 3, 30)).toEqual({ enemy: 3, magicType: Element.Nature });
    expect(pickEnemy(start, 4, 30)).toEqual({ enemy: 4, magicType: Element.Water });
    expect(pickEnemy(start, 99, 30)).toEqual({
      enemy: 30,
      magicType: defaultMagicTypeForEnemy(30),
    });
  });

  it("keeps a chosen magic type when the same enemy is picked again", () => {
    const draft = { enemy: 5, magicType: Element.Water };
    expect(pickEnemy(draft, 5, 30)).toBe(draft);
  });

  it("starts from the current choice, with the advantaged magic when none is set", () => {
    expect(initialChoice({ enemy: 7, magicType: Element.Nature })).toEqual({
      enemy: 7,
      magicType: Element.Nature,
    });
    expect(initialChoice({ enemy: 4, magicType: Element.None })).toEqual({
      enemy: 4,
      magicType: Element.Water,
    });
  });
});

describe("Select Enemy enabled state", () => {
  const current = { enemy: 5, magicType: Element.Fire };

  it("is disabled until the enemy or the magic type changes (list zones)", () => {
    expect(canSelectEnemy(Zone.RadiantGrove, current, { ...current })).toBe(false);
    expect(canSelectEnemy(Zone.RadiantGrove, current, { enemy: 6, magicType: Element.Fire })).toBe(
      true,
    );
    expect(canSelectEnemy(Zone.RadiantGrove, current, { enemy: 5, magicType: Element.Water })).toBe(
      true,
    );
  });

  it("only looks at the strength in the top zones", () => {
    expect(canSelectEnemy(Zone.BlazingCore, current, { ...current })).toBe(false);
    expect(canSelectEnemy(Zone.BlazingCore, current, { enemy: 5, magicType: Element.Water })).toBe(
      false,
    );
    expect(canSelectEnemy(Zone.BlazingCore, current, { enemy: 6, magicType: Element.Fire })).toBe(
      true,
    );
  });
});

describe("strength input (top zones)", () => {
  it("accepts separators and suffixes, whole and at least 1", () => {
    expect(parseStrength("250")).toBe(250);
    expect(parseStrength("1,500")).toBe(1500);
    expect(parseStrength("1.5k")).toBe(1500);
    expect(parseStrength("2M")).toBe(2_000_000);
    expect(parseStrength("12.7")).toBe(12);
    expect(parseStrength("0")).toBe(1);
    expect(parseStrength("-20")).toBe(1);
    expect(parseStrength("abc")).toBe(1);
    expect(parseStrength("5Dc")).toBe(MAX_ENEMY_LEVEL);
  });

  it("steps by the step size, never below 1", () => {
    expect(parseStep("")).toBe(1);
    expect(parseStep("10")).toBe(10);
    expect(parseStep("1k")).toBe(1000);
    expect(stepStrength(100, 10, 1)).toBe(110);
    expect(stepStrength(100, 10, -1)).toBe(90);
    expect(stepStrength(5, 10, -1)).toBe(1);
  });
});

describe("selectEnemyMessage", () => {
  it("sends the magic type in the list zones", () => {
    expect(
      selectEnemyMessage(Zone.SmolderingMarsh, { enemy: 12, magicType: Element.Nature }),
    ).toEqual({ zone: Zone.SmolderingMarsh, enemy: 12, magicType: Element.Nature });
  });

  it("sends no magic type in the top zones", () => {
    const message = selectEnemyMessage(Zone.MaelstromsEye, {
      enemy: 4000,
      magicType: Element.Fire,
    });
    expect(message).toEqual({ zone: Zone.MaelstromsEye, enemy: 4000 });
    expect("magicType" in message).toBe(false);
  });
});
