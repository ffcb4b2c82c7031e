import { describe, expect, it } from "vitest";
import { MarketSide } from "../../src/enums";
import {
  beatingPrice,
  CANCEL_COOLDOWN_MS,
  cooldownRefusal,
  OLD_ORDER_MS,
} from "../../src/market/cooldown";

const now = 10_000_000_000;
const recent = { cancelledAt: now - 3 * 60_000, placedAt: now - 20 * 60_000 };
const base = { now, itemName: "Iron" } as const;

describe("the cancel cool-down", () => {
  it("holds a new order back for 10 minutes after a cancel, and says how to skip it", () => {
    const text = cooldownRefusal({
      ...base,
      last: recent,
      side: MarketSide.Sell,
      limit: 100,
      best: 100,
    });
    expect(text).toBe(
      "You cancelled an order for Iron less than an hour after placing it. Wait 7 more minutes, or beat the best sell price by 1% (at most 99 Mana Dust).",
    );
  });

  it("lets it through after 10 minutes", () => {
    const last = { ...recent, cancelledAt: now - CANCEL_COOLDOWN_MS };
    expect(
      cooldownRefusal({ ...base, last, side: MarketSide.Buy, limit: 1, best: 100 }),
    ).toBeNull();
  });

  it("lets it through when the cancelled order was over an hour old", () => {
    const last = { cancelledAt: recent.cancelledAt, placedAt: recent.cancelledAt - OLD_ORDER_MS };
    expect(
      cooldownRefusal({ ...base, last, side: MarketSide.Buy, limit: 1, best: 100 }),
    ).toBeNull();
  });

  it("lets it through when it beats the best price of its side by 1%", () => {
    expect(beatingPrice(MarketSide.Buy, 100)).toBe(101);
    expect(beatingPrice(MarketSide.Sell, 100)).toBe(99);
    expect(
      cooldownRefusal({ ...base, last: recent, side: MarketSide.Buy, limit: 101, best: 100 }),
    ).toBeNull();
    expect(
      cooldownRefusal({ ...base, last: recent, side: MarketSide.Buy, limit: 100, best: 100 }),
    ).toMatch(/at least 101 Mana Dust/);
    expect(
      cooldownRefusal({ ...base, last: recent, side: MarketSide.Sell, limit: 99, best: 100 }),
    ).toBeNull();
  });

  it("does not hold back an order at any price, a first order, or one on an empty side", () => {
    expect(
      cooldownRefusal({ ...base, last: recent, side: MarketSide.Sell, limit: null, best: 5 }),
    ).toBeNull();
    expect(
      cooldownRefusal({ ...base, last: undefined, side: MarketSide.Sell, limit: 5, best: 5 }),
    ).toBeNull();
    expect(
      cooldownRefusal({ ...base, last: recent, side: MarketSide.Sell, limit: 5, best: undefined }),
    ).toBeNull();
  });
});
