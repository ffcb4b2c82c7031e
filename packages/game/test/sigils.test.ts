import { describe, expect, it } from "vitest";
import {
  ERR_SIGIL_POINTS,
  ERR_UNKNOWN_SIGIL,
  LootId,
  SIGILS,
  sigilBoost,
  sigilBoosts,
  sigilById,
  sigilLevel,
  sigilLevelCost,
  sigilPurchase,
} from "../src/index";

describe("sigils", () => {
  it("are Purpose, Distillation, Vitality and Growth with their boosts", () => {
    expect(SIGILS.map((s) => [s.name, s.boostId])).toEqual([
      ["Purpose", 107],
      ["Distillation", 108],
      ["Vitality", 86],
      ["Growth", 103],
    ]);
  });

  it("level from points spent with base 1000", () => {
    expect(sigilLevel(0)).toBe(0);
    expect(sigilLevel(999)).toBe(0);
    expect(sigilLevel(1000)).toBe(1);
    expect(sigilLevel(2999)).toBe(1);
    expect(sigilLevel(3000)).toBe(2);
    expect(sigilLevel(500 * 100 * 101)).toBe(100);
    expect(sigilLevelCost(0)).toBe(1000);
    expect(sigilLevelCost(1)).toBe(2000);
  });

  it("give a boost per level", () => {
    expect(sigilBoost(107, 10)).toBe(20);
    expect(sigilBoost(sigilById(103)!, 10)).toBe(10);
    expect(sigilBoost(86, 0)).toBe(0);
    expect(sigilBoost(1, 10)).toBe(0);
    expect(sigilBoosts(108, 3)).toEqual({ 108: 6 });
    expect(sigilBoosts(108, 0)).toEqual({});
  });

  it("are bought one level at a time with event points", () => {
    expect(sigilPurchase(107, 0, 1000)).toEqual({
      cost: [{ lootId: LootId.EventPoints, amount: 1000 }],
      pointsSpent: 1000,
      level: 1,
    });
    expect(sigilPurchase(107, 1000, 1999)).toBe(ERR_SIGIL_POINTS);
    expect(sigilPurchase(107, 1000, 2000)).toMatchObject({ pointsSpent: 3000, level: 2 });
    expect(sigilPurchase(107, 1500, 1500)).toMatchObject({ pointsSpent: 3000, level: 2 });
    expect(sigilPurchase(5, 0, 1e9)).toBe(ERR_UNKNOWN_SIGIL);
  });
});
