import { describe, expect, it } from "vitest";
import { addBoosts, BOOSTS, BoostId, boostById, boostValue } from "../src/index";

describe("BOOSTS", () => {
  it("uses the live game ids", () => {
    const expected: [number, string][] = [
      [1, "Base Spellpower"],
      [2, "Base Ward"],
      [3, "Intellect"],
      [4, "Stamina"],
      [5, "Focus"],
      [6, "Spirit"],
      [7, "Mana"],
      [10, "Fire Mastery"],
      [11, "Water Mastery"],
      [12, "Nature Mastery"],
      [24, "Mana Shield Rank"],
      [40, "Damage"],
      [41, "Multicast"],
      [42, "Crit Chance"],
      [43, "Crit Damage"],
      [44, "Haste"],
      [49, "Overload"],
      [50, "Time Dilation"],
      [100, "Base Experience"],
      [105, "Actions"],
      [123, "Stat Drop"],
      [124, "Base Resource Amount"],
      [146, "Auto Loot"],
    ];
    for (const [id, name] of expected) expect(boostById(id)?.name).toBe(name);
    expect(BoostId.Intellect).toBe(3);
    expect(BoostId.Actions).toBe(105);
    expect(BoostId.DungeonAutoLoot).toBe(146);
  });

  it("has unique ids and keys, each with a description", () => {
    expect(new Set(BOOSTS.map((b) => b.id)).size).toBe(BOOSTS.length);
    expect(new Set(BOOSTS.map((b) => b.key)).size).toBe(BOOSTS.length);
    for (const b of BOOSTS) expect(b.description.length).toBeGreaterThan(5);
    expect(Object.values(BoostId).sort((a, b) => a - b)).toEqual(
      BOOSTS.map((b) => b.id).sort((a, b) => a - b),
    );
  });

  it("returns undefined for unknown ids", () => {
    expect(boostById(13)).toBeUndefined();
    expect(boostById(999)).toBeUndefined();
  });

  it("reads and adds sparse boost maps", () => {
    expect(boostValue({}, 3)).toBe(0);
    expect(boostValue({ 3: 7 }, 3)).toBe(7);
    expect(boostValue({ 3: Number.NaN }, 3)).toBe(0);
    expect(addBoosts({ 3: 1 }, { 3: 2, 5: 1 })).toEqual({ 3: 3, 5: 1 });
  });
});
