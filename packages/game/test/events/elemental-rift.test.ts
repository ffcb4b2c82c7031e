import { describe, expect, it } from "vitest";
import {
  ActionType,
  applyBossDamage,
  BOSS_HEALTH_PER_PLAYER,
  buffAmountFor,
  buffBonus,
  buffLevel,
  createRng,
  deriveCombatStats,
  Element,
  firstBoss,
  isRiftAction,
  riftAttack,
  riftBoss,
  riftBossBaseHealth,
  riftBuffs,
  riftEventPoints,
} from "../../src/index";

describe("Elemental Rift buffs", () => {
  it("level = floor(sqrt(amount / 1000)), a level needs 1000 x level^2, +5% a level", () => {
    expect([0, 999, 1000, 3999, 4000, 9000, 1_000_000].map(buffLevel)).toEqual([
      0, 0, 1, 1, 2, 3, 31,
    ]);
    for (const level of [1, 2, 7, 30]) {
      expect(buffLevel(buffAmountFor(level))).toBe(level);
      expect(buffLevel(buffAmountFor(level) - 1)).toBe(level - 1);
    }
    expect(buffBonus(3)).toBeCloseTo(0.15);
    expect(buffLevel(Number.NaN)).toBe(0);
    expect(riftBuffs(4000, 0, 9000)).toEqual({ iron: 2, fish: 0, wood: 3 });
  });

  it("takes Battle, Mining, Fishing and Woodcutting only", () => {
    expect([0, 1, 2, 3, 4, 5, -1].map(isRiftAction)).toEqual([
      false,
      true,
      true,
      true,
      true,
      false,
      false,
    ]);
  });
});

describe("Elemental Rift bosses", () => {
  it("come one after another, each 1.5x the health of the last, elements by number", () => {
    expect(riftBoss(1, 1000).maxHealth).toBe(1000);
    expect(riftBoss(3, 1000).maxHealth).toBe(2250);
    expect([1, 2, 3].map((n) => riftBoss(n, 1).element)).toEqual([
      Element.Fire,
      Element.Nature,
      Element.Water,
    ]);
    expect(riftBoss(1, 1).wardStrength).toBeCloseTo(0.05);
    expect(riftBoss(10, 1).wardStrength).toBeCloseTo(1 - 0.95 ** 10);
    expect(riftBoss(2, 1).wardStrength).toBeGreaterThan(riftBoss(1, 1).wardStrength);
  });

  it("carries damage past a boss's health to the next ones and counts each defeat once", () => {
    const start = firstBoss(1000);
    expect(start).toEqual({ bossNumber: 1, health: 1000, defeated: 0 });
    expect(applyBossDamage(start, 400, 1000)).toEqual({ bossNumber: 1, health: 600, defeated: 0 });
    // 1000 kills boss 1, 1500 kills boss 2, 100 more into boss 3 (2250).
    expect(applyBossDamage(start, 2600, 1000)).toEqual({
      bossNumber: 3,
      health: 2150,
      defeated: 2,
    });
    // Batches in any split end the same.
    let s = start;
    for (const d of [500, 500, 1000, 600]) s = applyBossDamage(s, d, 1000);
    expect(s).toEqual({ bossNumber: 3, health: 2150, defeated: 2 });
    expect(applyBossDamage(start, -5, 1000)).toEqual(start);
    expect(applyBossDamage(start, Number.NaN, 1000)).toEqual(start);
    expect(applyBossDamage({ bossNumber: 0, health: 0, defeated: 0 }, 10, 1000).bossNumber).toBe(0);
  });

  it("an attack: fixed rounds, seeded, more with the iron buff and less ward with the fish buff", () => {
    const stats = deriveCombatStats({ level: 20, boosts: { 3: 30, 7: 20 }, magicType: 1 });
    const boss = riftBoss(1, 1000);
    const none = { iron: 0, fish: 0, wood: 0 };
    const a = riftAttack(stats, boss, Element.Fire, none, createRng(5));
    const again = riftAttack(stats, boss, Element.Fire, none, createRng(5));
    expect(again).toEqual(a);
    expect(a.attacks).toBe(20);
    expect(a.casts).toBeGreaterThanOrEqual(20);
    expect(a.damageDone).toBeGreaterThan(0);
    expect(a.bossWardStrength).toBeGreaterThan(0);
    const iron = riftAttack(stats, boss, Element.Fire, { ...none, iron: 4 }, createRng(5));
    expect(iron.damageDone).toBeCloseTo(a.damageDone * 1.2, 6);
    const fish = riftAttack(stats, boss, Element.Fire, { ...none, fish: 4 }, createRng(5));
    expect(fish.bossWardStrength).toBeLessThan(a.bossWardStrength);
    expect(fish.damageDone).toBeGreaterThan(a.damageDone);
  });
});

describe("Elemental Rift event points", () => {
  it("pay actions, bosses defeated and each one's share of damage and resources", () => {
    const rows = [
      { playerId: 1, actions: 100, damage: 3000, resources: 0 },
      { playerId: 2, actions: 100, damage: 1000, resources: 0 },
      { playerId: 3, actions: 50, damage: 0, resources: 500 },
      { playerId: 4, actions: 0, damage: 0, resources: 0 },
    ];
    const points = riftEventPoints(rows, 2, 0);
    // 100 + 20 + 100 x (0.75 / 2) = 157.5
    expect(points.get(1)).toBe(157);
    expect(points.get(2)).toBe(132); // 100 + 20 + 12.5
    expect(points.get(3)).toBe(120); // 50 + 20 + 50
    expect(points.get(4)).toBe(0);
    const wood = riftEventPoints(rows, 2, 2); // +10%
    expect(wood.get(3)).toBe(132);
    // Only battlers: the whole pool goes by damage.
    const battle = riftEventPoints(rows.slice(0, 2), 0, 0);
    expect(battle.get(1)).toBe(175);
    expect(battle.get(2)).toBe(125);
  });
});

describe("rift actions", () => {
  it("are the spec's four buttons", () => {
    expect(isRiftAction(ActionType.Battle)).toBe(true);
  });
});

describe("Elemental Rift boss health by players joined (issue 31)", () => {
  it("is 40,000 per player who joined (at least one), capped by the world's setting", () => {
    expect(BOSS_HEALTH_PER_PLAYER).toBe(40_000);
    expect(riftBossBaseHealth(0, 5_000_000)).toBe(40_000);
    expect(riftBossBaseHealth(1, 5_000_000)).toBe(40_000);
    expect(riftBossBaseHealth(3, 5_000_000)).toBe(120_000);
    expect(riftBossBaseHealth(125, 5_000_000)).toBe(5_000_000);
    expect(riftBossBaseHealth(10_000, 5_000_000)).toBe(5_000_000);
    // A world that sets a small boss keeps it; nonsense counts count as one player.
    expect(riftBossBaseHealth(4, 800)).toBe(800);
    expect(riftBossBaseHealth(Number.NaN, 5_000_000)).toBe(40_000);
    expect(riftBossBaseHealth(2.9, 5_000_000)).toBe(80_000);
  });

  it("lets a few players at the weakest damage defeat the first boss in one rift", () => {
    // 300 damage an action, 200 actions (10 minutes at 3 s), however many joined.
    const rift = 300 * 200;
    for (const players of [1, 2, 3, 5, 20, 100]) {
      const base = riftBossBaseHealth(players, 5_000_000);
      const after = applyBossDamage(firstBoss(base), players * rift, base);
      expect(after.defeated, `${players} players`).toBeGreaterThanOrEqual(1);
    }
    // Before issue 31 three such players met a 5,000,000 boss and never defeated it.
    expect(applyBossDamage(firstBoss(5_000_000), 3 * rift, 5_000_000).defeated).toBe(0);
  });
});
