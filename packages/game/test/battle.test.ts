import { describe, expect, it } from "vitest";
import {
  type CombatStats,
  createBattleOutcome,
  createRng,
  deriveCombatStats,
  Element,
  type Enemy,
  enemyFor,
  ROUND_LIMIT,
  resolveBattle,
  Zone,
} from "../src/index";

const fresh = (magicType: Element = Element.Water): CombatStats =>
  deriveCombatStats({ level: 1, boosts: {}, magicType });

const dummy = (over: Partial<Enemy> = {}): Enemy => ({
  zone: Zone.WorldshapersDomain,
  number: 3,
  name: "Dummy",
  level: 3,
  element: Element.None,
  health: 100,
  ward: 0,
  damage: 1,
  ...over,
});

describe("resolveBattle", () => {
  it("is deterministic for the same seed", () => {
    const stats = fresh();
    const enemy = enemyFor(Zone.RadiantGrove, 3);
    for (const seed of [1, 2, 3, 99]) {
      const a = resolveBattle(stats, enemy, Element.Water, createRng(seed));
      const b = resolveBattle(stats, enemy, Element.Water, createRng(seed));
      expect(a).toEqual(b);
    }
  });

  it("differs between seeds (randomness is used)", () => {
    const stats = fresh();
    const enemy = enemyFor(Zone.RadiantGrove, 1);
    const damages = new Set<number>();
    for (let seed = 0; seed < 20; seed++) {
      damages.add(resolveBattle(stats, enemy, Element.Water, createRng(seed)).damageTaken);
    }
    expect(damages.size).toBeGreaterThan(10);
  });

  it("reuses the out object and fully overwrites it", () => {
    const out = createBattleOutcome();
    const rng = createRng(5);
    const lost = resolveBattle(fresh(), enemyFor(Zone.SmolderingMarsh, 70), 2, rng, out);
    expect(lost).toBe(out);
    expect(out.won).toBe(false);
    const won = resolveBattle(fresh(), enemyFor(Zone.RadiantGrove, 1), 2, createRng(5), out);
    expect(won).toBe(out);
    expect(out.won).toBe(true);
    expect(out).toEqual(resolveBattle(fresh(), enemyFor(Zone.RadiantGrove, 1), 2, createRng(5)));
  });

  it("lets a fresh player beat Radiant Grove enemy 1 with any element in almost every seed", () => {
    const enemy = enemyFor(Zone.RadiantGrove, 1);
    for (const mt of [Element.Fire, Element.Water, Element.Nature]) {
      let wins = 0;
      for (let seed = 0; seed < 500; seed++) {
        if (resolveBattle(fresh(mt), enemy, mt, createRng(seed)).won) wins++;
      }
      expect(wins).toBeGreaterThanOrEqual(490);
    }
  });

  it("makes a fresh player lose against a high level enemy", () => {
    for (const [zone, n] of [
      [Zone.RadiantGrove, 10],
      [Zone.SmolderingMarsh, 1],
      [Zone.BlazingCore, 1000],
    ] as const) {
      const enemy = enemyFor(zone, n);
      for (let seed = 0; seed < 50; seed++) {
        const o = resolveBattle(fresh(), enemy, Element.Water, createRng(seed));
        expect(o.won).toBe(false);
        expect(o.health).toBe(0);
        expect(o.enemyHealthRemaining).toBeGreaterThan(0);
      }
    }
  });

  it("reports a consistent won outcome", () => {
    const stats = fresh();
    const o = resolveBattle(stats, enemyFor(Zone.RadiantGrove, 1), Element.Water, createRng(1));
    expect(o.won).toBe(true);
    expect(o.enemyHealthRemaining).toBe(0);
    expect(o.damageDone).toBeCloseTo(o.enemyMaxHealth, 6);
    expect(o.health).toBeCloseTo(o.maxHealth - o.damageTaken, 6);
    expect(o.casts).toBeGreaterThanOrEqual(o.attacks);
    expect(o.attacks).toBe(o.enemyAttacks + 1);
    expect(o.manaSpent).toBeCloseTo((o.casts - o.manaShortage) * stats.spellCost, 6);
    expect(o.mana).toBeLessThanOrEqual(o.maxMana);
    expect(o.roundLimitReached).toBe(false);
  });

  it("stops at the 200 round limit and counts it as lost", () => {
    // Tanky player who cannot hurt a huge enemy: the battle runs to the limit.
    const stats = { ...fresh(), maxHealth: 1e12 };
    const enemy = dummy({ health: 1e15 });
    const o = resolveBattle(stats, enemy, Element.Water, createRng(3));
    expect(o.won).toBe(false);
    expect(o.roundLimitReached).toBe(true);
    expect(o.enemyAttacks).toBe(ROUND_LIMIT);
    expect(o.health).toBeGreaterThan(0);
  });

  it("casts at half damage without mana and counts the shortage", () => {
    const enemy = dummy({ health: 1e9 });
    const noCrit = { ...fresh(), critChance: 0, maxHealth: 1e12 };
    const withMana = resolveBattle(
      { ...noCrit, maxMana: 1e12, manaRegen: 0 },
      enemy,
      Element.Water,
      createRng(8),
    );
    const noMana = resolveBattle(
      { ...noCrit, maxMana: 0, manaRegen: 0 },
      enemy,
      Element.Water,
      createRng(8),
    );
    expect(withMana.manaShortage).toBe(0);
    expect(noMana.manaShortage).toBe(noMana.casts);
    expect(noMana.manaShortage).toBeGreaterThan(0);
    expect(noMana.manaSpent).toBe(0);
    expect(noMana.damageDone / withMana.damageDone).toBeCloseTo(0.5, 9);
  });

  it("runs out of mana in a long fight of a fresh player", () => {
    const stats = { ...fresh(), maxHealth: 1e12 };
    const o = resolveBattle(stats, dummy({ health: 1e9 }), Element.Water, createRng(4));
    expect(o.manaShortage).toBeGreaterThan(0);
    expect(o.manaSpent).toBeGreaterThan(0);
  });

  it("counts crits and applies crit damage", () => {
    const enemy = dummy({ health: 1e9 });
    const base = { ...fresh(), maxHealth: 1e12, maxMana: 1e12 };
    const always = resolveBattle({ ...base, critChance: 1 }, enemy, 2, createRng(9));
    const never = resolveBattle({ ...base, critChance: 0 }, enemy, 2, createRng(9));
    expect(always.crits).toBe(always.casts);
    expect(never.crits).toBe(0);
    expect(always.damageDone / never.damageDone).toBeCloseTo(1 + base.critDamage, 9);
    const some = resolveBattle(base, enemy, 2, createRng(9));
    expect(some.crits).toBeGreaterThan(0);
    expect(some.crits).toBeLessThan(some.casts);
  });

  it("applies the magic advantage both ways", () => {
    const enemy = dummy({ health: 1e9, element: Element.Fire });
    const base = { ...fresh(), maxHealth: 1e12, maxMana: 1e12, critChance: 0 };
    const water = resolveBattle(base, enemy, Element.Water, createRng(1));
    const fire = resolveBattle(base, enemy, Element.Fire, createRng(1));
    const nature = resolveBattle(base, enemy, Element.Nature, createRng(1));
    expect(water.damageDone / fire.damageDone).toBeCloseTo(1.25, 9);
    expect(nature.damageDone / fire.damageDone).toBeCloseTo(0.75, 9);
    expect(water.damageTaken).toBeLessThan(fire.damageTaken);
    expect(nature.damageTaken).toBeGreaterThan(fire.damageTaken);
  });

  it("casts more spells with haste and multicast", () => {
    const enemy = dummy({ health: 1e9 });
    const base = { ...fresh(), maxHealth: 1e12, maxMana: 1e12 };
    const plain = resolveBattle(base, enemy, 2, createRng(2));
    const haste = resolveBattle({ ...base, haste: 1 }, enemy, 2, createRng(2));
    const multi = resolveBattle({ ...base, multicast: 0.5 }, enemy, 2, createRng(2));
    expect(plain.casts).toBe(ROUND_LIMIT);
    expect(haste.casts).toBe(2 * ROUND_LIMIT);
    expect(multi.casts).toBeGreaterThan(1.3 * ROUND_LIMIT);
    expect(multi.casts).toBeLessThan(1.7 * ROUND_LIMIT);
  });

  it("uses ward and focus as damage reductions", () => {
    const enemy = dummy({ health: 1e9, ward: 50, damage: 40 });
    const base = { ...fresh(), maxHealth: 1e12, maxMana: 1e12 };
    const a = resolveBattle(base, enemy, 2, createRng(6));
    const b = resolveBattle({ ...base, totalWard: 1000, focus: 1000 }, enemy, 2, createRng(6));
    expect(b.wardStrength).toBeGreaterThan(a.wardStrength);
    expect(b.enemyWardStrength).toBeLessThan(a.enemyWardStrength);
    expect(b.damageTaken).toBeLessThan(a.damageTaken);
    expect(b.damageDone).toBeGreaterThan(a.damageDone);
    expect(a.wardStrength).toBeGreaterThan(0);
    expect(a.wardStrength).toBeLessThan(1);
  });

  it("turns mana into health with the mana shield", () => {
    const stats = deriveCombatStats({ level: 1, boosts: { 24: 100 }, magicType: 2 });
    expect(stats.manaShield).toBeCloseTo(stats.maxMana * 0.5, 9);
    const o = resolveBattle(stats, dummy({ health: 1e9 }), 2, createRng(1));
    expect(o.maxHealth).toBeCloseTo(stats.maxHealth + stats.manaShield, 9);
  });

  it("applies pet effects: extra lives, immunity, poison, regeneration", () => {
    const enemy = dummy({ health: 1e9, damage: 100 });
    const base = { ...fresh(), maxMana: 1e12 };
    const dead = resolveBattle(base, enemy, 2, createRng(1));
    const lives = resolveBattle({ ...base, extraLives: 2 }, enemy, 2, createRng(1));
    expect(dead.extraLives).toBe(0);
    expect(lives.extraLives).toBe(2);
    expect(lives.enemyAttacks).toBeGreaterThan(dead.enemyAttacks);
    const immune = resolveBattle({ ...base, nullifyAttacks: 5 }, enemy, 2, createRng(1));
    expect(immune.nullifiedAttacks).toBe(5);
    expect(immune.enemyAttacks).toBeGreaterThan(5);
    const poison = resolveBattle({ ...base, poison: 0.01 }, enemy, 2, createRng(1));
    expect(poison.poisonDamage).toBeGreaterThan(0);
    const regen = resolveBattle({ ...base, regen: 0.05 }, enemy, 2, createRng(1));
    expect(regen.damageHealed).toBeGreaterThan(0);
  });
});
