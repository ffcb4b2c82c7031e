import { describe, expect, it } from "vitest";
import { classCount, feedAmount, petSections } from "./petsModel";

const pet = (type: number, active: boolean, tier = 0) => ({
  type,
  skin: 0,
  active,
  tier,
  experience: 0,
});

describe("pets screen model", () => {
  it("sorts pets into active by class, inactive and other", () => {
    const s = petSections([pet(4, true, 2), pet(14, true), pet(6, false)]);
    expect(s.active[1].map((c) => c.def.type)).toEqual([4]);
    expect(s.active[2].map((c) => c.def.type)).toEqual([14]);
    expect(s.inactive.map((c) => c.def.type)).toEqual([6]);
    expect(s.others).toHaveLength(18);
    expect(s.active[1][0]?.effect).toBe("+44% damage.");
    expect(s.active[1][0]?.xpToLevel).toBe(10_000_000);
    expect(classCount(1, 2)).toBe("Combat 2/3");
  });
  it("clamps the feed amount to 0..eggs (non-numbers 0)", () => {
    expect(feedAmount("abc", 5)).toBe(0);
    expect(feedAmount("-3", 5)).toBe(0);
    expect(feedAmount("2.7", 5)).toBe(2);
    expect(feedAmount("1,000", 5)).toBe(5);
  });
});
