import { describe, expect, it } from "vitest";
import { LootId } from "../../src/loot";
import {
  ASCENSION_THRESHOLDS,
  ascensionThresholdsReached,
  merchantRate,
  merchantReceived,
  merchantTargets,
} from "../../src/market/merchant";

describe("the merchant", () => {
  it("starts at 80% and gains 0.5% at each of the 30 Ascension thresholds, up to 95%", () => {
    expect(ASCENSION_THRESHOLDS).toHaveLength(30);
    expect(merchantRate(0)).toBeCloseTo(0.8);
    expect(merchantRate(4)).toBeCloseTo(0.8);
    ASCENSION_THRESHOLDS.forEach((t, i) => {
      expect(ascensionThresholdsReached(t)).toBe(i + 1);
      expect(ascensionThresholdsReached(t - 1)).toBe(i);
      expect(merchantRate(t)).toBeCloseTo(0.8 + 0.005 * (i + 1));
    });
    expect(merchantRate(1_000_000)).toBeCloseTo(0.95);
  });

  it("gives floor(amount × rate), exactly", () => {
    expect(merchantReceived(5, 0)).toBe(4); // the news' 5:4
    expect(merchantReceived(9, 0)).toBe(7);
    expect(merchantReceived(1000, 5)).toBe(805);
    expect(merchantReceived(1000, 9000)).toBe(950);
    expect(merchantReceived(Number.MAX_SAFE_INTEGER, 9000)).toBe(
      Number((BigInt(Number.MAX_SAFE_INTEGER) * 950n) / 1000n),
    );
  });

  it("swaps within its groups only", () => {
    expect(merchantTargets(LootId.Fish)).toEqual([LootId.Wood, LootId.Iron]);
    expect(merchantTargets(LootId.TomeOfWater)).toEqual([LootId.TomeOfFire, LootId.TomeOfNature]);
    expect(merchantTargets(LootId.Sageroot)).toEqual([LootId.Bloomwell]);
    expect(merchantTargets(LootId.ManaDust)).toEqual([]);
    expect(merchantTargets(LootId.TomeOfFire, true)).toEqual([]);
    expect(merchantTargets(LootId.Iron, true)).toEqual([LootId.Fish, LootId.Wood]);
  });
});
