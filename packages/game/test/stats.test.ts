import { describe, expect, it } from "vitest";
import { deriveCombatStats, Element, PetEffect, petCombatBonuses } from "../src/index";

describe("deriveCombatStats", () => {
  it("gives a brand-new player sensible stats", () => {
    const s = deriveCombatStats({ level: 0, boosts: {}, magicType: Element.Fire });
    expect(s.level).toBe(1);
    expect([s.intellect, s.stamina, s.focus, s.spirit, s.mana]).toEqual([10, 10, 10, 10, 10]);
    expect(s.mastery).toBe(0);
    expect(s.totalSpellpower).toBe(10);
    expect(s.totalWard).toBe(10);
    expect(s.maxHealth).toBe(100);
    expect(s.maxMana).toBe(100);
    expect(s.spellCost).toBe(10);
    expect(s.manaRegen).toBe(5);
    expect(s.critChance).toBe(0.05);
    expect(s.critDamage).toBe(0.5);
    expect(s.multicast).toBe(0);
    expect(s.haste).toBe(0);
    expect(s.manaShield).toBe(0);
    expect(s.damageMultiplier).toBe(1);
  });

  it("reads base stats 3-7 from the total boosts", () => {
    const s = deriveCombatStats({
      level: 1,
      boosts: { 3: 10, 4: 20, 5: 30, 6: 40, 7: 50 },
      magicType: Element.Water,
    });
    expect([s.intellect, s.stamina, s.focus, s.spirit, s.mana]).toEqual([20, 30, 40, 50, 60]);
    expect(s.totalSpellpower).toBe(20);
    expect(s.maxHealth).toBe(300);
    expect(s.maxMana).toBe(600);
    expect(s.manaRegen).toBe(25);
    expect(s.spellCost).toBe(20);
  });

  it("scales with level", () => {
    const a = deriveCombatStats({ level: 1, boosts: {}, magicType: 1 });
    const b = deriveCombatStats({ level: 91, boosts: {}, magicType: 1 });
    expect(b.maxHealth / a.maxHealth).toBe(10);
    expect(b.totalSpellpower / a.totalSpellpower).toBe(10);
    expect(b.totalWard / a.totalWard).toBe(10);
  });

  it("uses the mastery, spell rank and enchant of the magic type only", () => {
    const boosts = { 10: 50, 11: 0, 21: 2, 80: 10 };
    const fire = deriveCombatStats({ level: 1, boosts, magicType: Element.Fire });
    const water = deriveCombatStats({ level: 1, boosts, magicType: Element.Water });
    expect(fire.mastery).toBe(50);
    expect(water.mastery).toBe(0);
    expect(fire.totalSpellpower).toBeCloseTo(10 * 1.6 * 1.2, 9);
    expect(water.totalSpellpower).toBe(10);
  });

  it("applies percent combat boosts and the staff match", () => {
    const s = deriveCombatStats({
      level: 1,
      boosts: { 40: 20, 41: 35, 42: 5, 43: 50, 44: 25, 45: 10, 48: 100, 1: 5, 2: 5 },
      magicType: Element.Nature,
      staffElement: Element.Nature,
    });
    expect(s.damageMultiplier).toBeCloseTo(1.2 * 1.1, 9);
    expect(s.multicast).toBeCloseTo(0.35, 9);
    expect(s.critChance).toBeCloseTo(0.1, 9);
    expect(s.critDamage).toBeCloseTo(1, 9);
    expect(s.haste).toBeCloseTo(0.25, 9);
    expect(s.maxHealth).toBeCloseTo(110, 9);
    expect(s.maxMana).toBeCloseTo(200, 9);
    expect(s.totalSpellpower).toBe(15);
    expect(s.totalWard).toBe(15);
    const noStaff = deriveCombatStats({ level: 1, boosts: {}, magicType: 3, staffElement: 1 });
    expect(noStaff.damageMultiplier).toBe(1);
  });

  it("computes resistances as 1 - 0.99^value", () => {
    const s = deriveCombatStats({ level: 1, boosts: { 83: 100 }, magicType: 1 });
    expect(s.resistance[Element.Fire]).toBeCloseTo(1 - 0.99 ** 100, 9);
    expect(s.resistance[Element.Water]).toBe(0);
  });
});

describe("petCombatBonuses", () => {
  it("follows the spec's per-level formulas", () => {
    const p = petCombatBonuses({
      [PetEffect.Resurrect]: 2,
      [PetEffect.Resistance]: 1,
      [PetEffect.Immune]: 3,
      [PetEffect.Dragon]: 2,
      [PetEffect.Curse]: 1,
      [PetEffect.Snake]: 5,
      [PetEffect.Regen]: 4,
    });
    expect(p.extraLives).toBe(2);
    expect(p.resistance).toBeCloseTo(0.15, 9);
    expect(p.nullifyAttacks).toBe(15);
    expect(p.damageFactor).toBeCloseTo(1.44, 9);
    expect(p.curseFactor).toBeCloseTo(0.8, 9);
    expect(p.poison).toBeCloseTo(0.01, 9);
    expect(p.regen).toBeCloseTo(0.04, 9);
    const s = deriveCombatStats({ level: 1, boosts: {}, magicType: 1, pets: p });
    expect(s.extraLives).toBe(2);
    expect(s.damageMultiplier).toBeCloseTo(1.44, 9);
  });
});
