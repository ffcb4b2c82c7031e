import { describe, expect, it } from "vitest";
import { ASCENSION_THRESHOLDS, merchantRate } from "../src/market/merchant";
import {
  ascensionOf,
  ascensionPurchaseError,
  CODEX_PER_EURO,
  clampShopEuros,
  extendedQoLEnd,
  hasQoL,
  nextTitle,
  normalizeTitleColor,
  purchaseGrant,
  QOL_COST,
  qolExpiringSoon,
  qolPurchaseError,
  REFERRAL_SHARDS_MIN_CREDIT,
  referralCodex,
  referralShards,
  SHOP_EUROS_ERROR,
  setTitleError,
  shopEurosError,
  TITLE_NAMES,
  TITLES,
  unlockedTitles,
} from "../src/premium";

const DAY = 86_400_000;

describe("shop amounts", () => {
  it("accepts whole euros from 5 to 500 only", () => {
    for (const ok of [5, 6, 250, 500]) expect(shopEurosError(ok)).toBeNull();
    for (const bad of [0, 4, 501, 65_535, -5, 5.5, Number.NaN, Infinity, "10", undefined]) {
      expect(shopEurosError(bad)).toBe(SHOP_EUROS_ERROR);
    }
  });

  it("clamps the field on blur; empty or invalid resets to 5", () => {
    expect(clampShopEuros("")).toBe(5);
    expect(clampShopEuros("abc")).toBe(5);
    expect(clampShopEuros("-20")).toBe(5);
    expect(clampShopEuros("1e3")).toBe(5);
    expect(clampShopEuros("3")).toBe(5);
    expect(clampShopEuros(" 42 ")).toBe(42);
    expect(clampShopEuros("12.9")).toBe(12);
    expect(clampShopEuros("9999")).toBe(500);
  });

  it("grants CodexPerEuro codex, 1 Crystallized Mana and 1 Ascension point per euro", () => {
    expect(purchaseGrant(20)).toEqual({
      codex: 20 * CODEX_PER_EURO,
      crystallizedMana: 20,
      ascension: 20,
    });
  });

  it("pays a referrer 5% of the codex, rounded down", () => {
    expect(referralCodex(50)).toBe(2);
    expect(referralCodex(200)).toBe(10);
    expect(referralCodex(19)).toBe(0);
  });

  it("pays a referrer 5% of base shard drops in whole shards, 10 at least", () => {
    expect(REFERRAL_SHARDS_MIN_CREDIT).toBe(10);
    // under the minimum everything waits
    expect(referralShards(199)).toEqual({ shards: 0, left: 199 });
    expect(referralShards(200)).toEqual({ shards: 10, left: 0 });
    // what rounding down leaves waits for the next share
    expect(referralShards(259)).toEqual({ shards: 12, left: 19 });
    for (const bad of [-5, Number.NaN, Number.POSITIVE_INFINITY, 0]) {
      expect(referralShards(bad)).toEqual({ shards: 0, left: 0 });
    }
  });
});

describe("Quality of Life", () => {
  const now = 1_800_000_000_000;

  it("is active until its end", () => {
    expect(hasQoL(0, now)).toBe(false);
    expect(hasQoL(now, now)).toBe(false);
    expect(hasQoL(now + 1, now)).toBe(true);
  });

  it("extends 30 days from the current end, or from now when it has ended", () => {
    expect(extendedQoLEnd(0, now)).toBe(now + 30 * DAY);
    expect(extendedQoLEnd(now - DAY, now)).toBe(now + 30 * DAY);
    expect(extendedQoLEnd(now + 5 * DAY, now)).toBe(now + 35 * DAY);
  });

  it("warns within its last 3 days only while active", () => {
    expect(qolExpiringSoon(now + 3 * DAY, now)).toBe(true);
    expect(qolExpiringSoon(now + 3 * DAY + 1, now)).toBe(false);
    expect(qolExpiringSoon(now + 1, now)).toBe(true);
    expect(qolExpiringSoon(now - 1, now)).toBe(false);
  });

  it("costs 5 Crystallized Mana", () => {
    expect(qolPurchaseError(QOL_COST)).toBeNull();
    expect(qolPurchaseError(4.99)).toMatch(/costs 5 Crystallized Mana/);
  });
});

describe("Ascension and titles", () => {
  it("reads the player's own boost 109, as the merchant does", () => {
    expect(ascensionOf({ 109: 52 })).toBe(52);
    expect(ascensionOf({})).toBe(0);
    expect(ascensionOf({ 109: -3 })).toBe(0);
    expect(merchantRate(ascensionOf({ 109: 50 }))).toBeCloseTo(0.825);
  });

  it("puts one title at each of the merchant's 30 thresholds", () => {
    expect(TITLE_NAMES).toHaveLength(ASCENSION_THRESHOLDS.length);
    expect(new Set(TITLE_NAMES).size).toBe(TITLE_NAMES.length);
    expect(TITLES.map((t) => t.ascension)).toEqual(ASCENSION_THRESHOLDS);
    for (const name of TITLE_NAMES) expect(name.length).toBeLessThanOrEqual(40);
  });

  it("unlocks titles at thresholds and prices the next one in Crystallized Mana", () => {
    expect(unlockedTitles(0)).toEqual([]);
    expect(unlockedTitles(5)).toEqual(["Novice"]);
    expect(unlockedTitles(12)).toEqual(["Novice", "Apprentice"]);
    expect(nextTitle(0)).toEqual({ name: "Novice", ascension: 5, points: 5, cost: 5 });
    expect(nextTitle(12)).toEqual({ name: "Adept", ascension: 20, points: 8, cost: 8 });
    expect(nextTitle(9000)).toBeNull();
    expect(unlockedTitles(9000)).toHaveLength(30);
  });

  it("sells Ascension points for Crystallized Mana held, at least one", () => {
    expect(ascensionPurchaseError(5, 5)).toBeNull();
    expect(ascensionPurchaseError(6, 5)).toMatch(/6 Ascension points cost 6 Crystallized Mana/);
    for (const bad of [0, -1, 1.5, Number.NaN]) {
      expect(ascensionPurchaseError(bad, 100)).toBe("Amount must be at least 1.");
    }
    expect(ascensionPurchaseError(2_000_000, 1e9)).toMatch(/more Ascension/);
  });

  it("sets an unlocked title, or none; colours from 50 Ascension points", () => {
    expect(setTitleError("", "", 0)).toBeNull();
    expect(setTitleError("Novice", "", 5)).toBeNull();
    expect(setTitleError("Apprentice", "", 5)).toBe("You have not unlocked that title.");
    expect(setTitleError("Archmage", "", 5)).toBe("You have not unlocked that title.");
    expect(setTitleError("Novice", "#ff0000", 49)).toBe("Title colours need 50 Ascension points.");
    expect(setTitleError("Magus", "#FF00aa", 50)).toBeNull();
    expect(setTitleError("Magus", "red", 50)).toBe("A title colour is a # and six hex digits.");
    expect(setTitleError("Magus", "#ff0000;x", 50)).toBe(
      "A title colour is a # and six hex digits.",
    );
    expect(normalizeTitleColor("#FF00AA")).toBe("#ff00aa");
  });
});
