import { describe, expect, it } from "vitest";
import {
  createRng,
  deriveCombatStats,
  Element,
  enemyFor,
  PET_TYPES,
  PetEffect,
  petActionBonuses,
  petBoosts,
  petCombatBonuses,
  petEffectText,
  resolveBattle,
} from "../../src/index";

const E = PetEffect;
const at = (effect: number, t: number) => ({ [effect]: t });

describe("combat pet effects at levels 0, 1 and 10 (spec section 9)", () => {
  const cases: Array<[number, (t: number) => Partial<ReturnType<typeof petCombatBonuses>>]> = [
    [E.Resurrect, (t) => ({ extraLives: t })],
    [E.Resistance, (t) => ({ resistance: 1 - 0.85 ** t })],
    [E.Immune, (t) => ({ nullifyAttacks: 5 * t })],
    [E.Dragon, (t) => ({ damageFactor: 1.2 ** t })],
    [E.Curse, (t) => ({ curseFactor: 0.8 ** t })],
    [E.Snake, (t) => ({ poison: 0.002 * t })],
    [E.Owl, (t) => ({ focusFactor: 1.2 ** t })],
    [E.Ward, (t) => ({ wardFactor: 1.2 ** t })],
    [E.Haste, (t) => ({ hasteFactor: 1.2 ** t })],
    [E.Regen, (t) => ({ regen: 0.01 * t })],
  ];
  for (const [effect, expected] of cases) {
    for (const t of [0, 1, 10]) {
      it(`effect ${effect} at level ${t}`, () => {
        const b = petCombatBonuses(at(effect, t));
        for (const [key, value] of Object.entries(expected(t))) {
          expect(b[key as keyof typeof b]).toBeCloseTo(value as number, 12);
        }
      });
    }
  }

  it("reach the combat stats and the battle", () => {
    const enemy = enemyFor(1, 30);
    const plain = deriveCombatStats({ level: 1, boosts: {}, magicType: Element.Water });
    const pets = petCombatBonuses({
      [E.Immune]: 10,
      [E.Resurrect]: 1,
      [E.Snake]: 10,
      [E.Owl]: 1,
      [E.Ward]: 1,
      [E.Haste]: 1,
      [E.Curse]: 1,
      [E.Resistance]: 1,
    });
    const withPets = deriveCombatStats({ level: 1, boosts: {}, magicType: Element.Water, pets });
    expect(withPets.focus).toBeCloseTo(plain.focus * 1.2, 9);
    expect(withPets.totalWard).toBeCloseTo(plain.totalWard * 1.2, 9);
    expect(withPets.haste).toBeCloseTo(0.2, 9);
    expect(withPets.resistance[1]).toBeCloseTo(0.15, 9);
    expect(withPets.enemyHealthFactor).toBeCloseTo(0.8, 9);
    const out = resolveBattle(withPets, enemy, Element.Water, createRng(1));
    expect(out.nullifiedAttacks).toBe(Math.min(50, out.enemyAttacks));
    expect(out.poisonDamage).toBeGreaterThan(0);
    expect(out.enemyMaxHealth).toBe(enemy.health);
    const bare = resolveBattle(plain, enemy, Element.Water, createRng(1));
    expect(bare.nullifiedAttacks).toBe(0);
    expect(bare.poisonDamage).toBe(0);
  });
});

describe("boost pet effects at levels 0, 1 and 10", () => {
  for (const t of [0, 1, 10]) {
    it(`level ${t}`, () => {
      const want = (v: number) => (v > 0 ? v : undefined);
      expect(petBoosts(at(E.Dust, t))[121]).toBe(want(t));
      expect(petBoosts(at(E.Multistat, t))[103]).toBe(want(5 * t));
      expect(petBoosts(at(E.Mining, t))[33]).toBe(want(2 * t));
      expect(petBoosts(at(E.Fishing, t))[34]).toBe(want(2 * t));
      expect(petBoosts(at(E.Woodcutting, t))[35]).toBe(want(2 * t));
    });
  }
});

describe("per-action pet effects at levels 0, 1 and 10", () => {
  for (const t of [0, 1, 10]) {
    it(`level ${t}`, () => {
      expect(petActionBonuses(at(E.EggDrop, t)).eggChance).toBeCloseTo(0.0001 * t, 15);
      expect(petActionBonuses(at(E.Foraging, t)).forageChance).toBeCloseTo(0.001 * t, 15);
      expect(petActionBonuses(at(E.Versatility, t)).versatility).toBeCloseTo(0.005 * t, 15);
      expect(petActionBonuses(at(E.PetXp, t)).petXp).toBeCloseTo(0.05 * t, 15);
      expect(petActionBonuses(at(E.Tax, t)).colony).toBe(6 * t);
      expect(petActionBonuses(at(E.DungeonIdle, t)).dungeonIdle).toBeCloseTo(0.1 * t, 15);
    });
  }
});

describe("catalogue and effect texts", () => {
  it("has one pet per effect kind, in the spec's perk order", () => {
    expect(PET_TYPES.map((p) => p.effect)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16, 20, 21, 11, 12, 17, 18, 19,
    ]);
    expect(PET_TYPES.filter((p) => p.petClass === 1)).toHaveLength(10);
    expect(PET_TYPES.filter((p) => p.petClass === 2).map((p) => p.effect)).toEqual([
      13, 14, 15, 16, 20, 21,
    ]);
    for (const p of PET_TYPES) expect(p.skins[0]?.id).toBe(0);
  });
  it("describes every effect at levels 0, 1 and 10", () => {
    expect(petEffectText(E.Resurrect, 1)).toBe("Revives you 1 time per battle.");
    expect(petEffectText(E.Resistance, 1)).toBe("Takes 15% off the damage you take.");
    expect(petEffectText(E.Immune, 10)).toBe("Nullifies the first 50 enemy attacks.");
    expect(petEffectText(E.Dragon, 1)).toBe("+20% damage.");
    expect(petEffectText(E.EggDrop, 10)).toBe("0.1% chance of an Egg each action.");
    for (const p of PET_TYPES)
      for (const t of [0, 1, 10]) expect(petEffectText(p.effect, t)).not.toBe("");
  });
});
