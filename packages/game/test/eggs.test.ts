import { describe, expect, it } from "vitest";
import { BASE_EGG_CHANCE, extraEggChance } from "../src/index";

describe("extra egg roll", () => {
  const base = { dropMultiplier: 1, petChance: 0, worldRate: 1 };
  it("adds nothing to a won battle without pet or event (the rare table rolled it)", () => {
    expect(extraEggChance({ ...base, source: "battle", won: true })).toBe(0);
    expect(extraEggChance({ ...base, source: "battle", won: false, petChance: 0.01 })).toBe(0);
  });
  it("rolls the whole base chance for gathering", () => {
    expect(extraEggChance({ ...base, source: "gathering", won: false })).toBe(BASE_EGG_CHANCE);
  });
  it("adds the Egg Drop pet and multiplies by the world rate", () => {
    expect(extraEggChance({ ...base, source: "battle", won: true, petChance: 0.001 })).toBeCloseTo(
      0.001,
      12,
    );
    expect(extraEggChance({ ...base, source: "battle", won: true, worldRate: 3 })).toBeCloseTo(
      2 * BASE_EGG_CHANCE,
      15,
    );
    expect(extraEggChance({ ...base, source: "gathering", won: false, worldRate: 1e9 })).toBe(1);
  });
});
