import { describe, expect, it } from "vitest";
import { MarketSide } from "../../src/enums";
import {
  compareResting,
  crosses,
  matchOrder,
  oppositeSide,
  type RestingOrder,
} from "../../src/market/book";

const ask = (id: number, playerId: number, quantity: number, unitPrice: number): RestingOrder => ({
  id,
  playerId,
  quantity,
  unitPrice,
});

describe("the order book's ordering", () => {
  it("puts the lowest sell and the highest buy first, the oldest first at a price", () => {
    const sells = [ask(3, 1, 1, 10), ask(1, 1, 1, 12), ask(2, 1, 1, 10)];
    expect(sells.sort(compareResting(MarketSide.Sell)).map((o) => o.id)).toEqual([2, 3, 1]);
    const buys = [ask(3, 1, 1, 10), ask(1, 1, 1, 8), ask(2, 1, 1, 10), ask(4, 1, 1, 11)];
    expect(buys.sort(compareResting(MarketSide.Buy)).map((o) => o.id)).toEqual([4, 2, 3, 1]);
  });

  it("knows which prices cross", () => {
    expect(crosses(MarketSide.Buy, 10, 10)).toBe(true);
    expect(crosses(MarketSide.Buy, 10, 11)).toBe(false);
    expect(crosses(MarketSide.Sell, 10, 10)).toBe(true);
    expect(crosses(MarketSide.Sell, 10, 9)).toBe(false);
    expect(crosses(MarketSide.Sell, null, 1)).toBe(true);
    expect(oppositeSide(MarketSide.Buy)).toBe(MarketSide.Sell);
  });
});

describe("matching", () => {
  const book = [ask(1, 7, 5, 10), ask(2, 8, 5, 10), ask(3, 9, 10, 12), ask(4, 7, 10, 15)];

  it("fills best price first, oldest first, at the resting price, partially", () => {
    const r = matchOrder(
      { side: MarketSide.Buy, playerId: 1, quantity: 12, limit: 13, budget: 12 * 13 },
      book,
    );
    expect(r.fills).toEqual([
      { orderId: 1, makerId: 7, quantity: 5, unitPrice: 10 },
      { orderId: 2, makerId: 8, quantity: 5, unitPrice: 10 },
      { orderId: 3, makerId: 9, quantity: 2, unitPrice: 12 },
    ]);
    expect(r.filled).toBe(12);
    expect(r.dust).toBe(5 * 10 + 5 * 10 + 2 * 12);
  });

  it("stops at the limit and leaves the rest to rest", () => {
    const r = matchOrder(
      { side: MarketSide.Buy, playerId: 1, quantity: 30, limit: 10, budget: 300 },
      book,
    );
    expect(r.filled).toBe(10);
    expect(r.fills.map((f) => f.orderId)).toEqual([1, 2]);
  });

  it("at any price takes what the budget pays for", () => {
    const r = matchOrder(
      { side: MarketSide.Buy, playerId: 1, quantity: 100, limit: null, budget: 10 * 10 + 35 },
      book,
    );
    // 10 at 10, then 2 at 12 (35 dust pays for two of them).
    expect(r.filled).toBe(12);
    expect(r.dust).toBe(124);
  });

  it("never fills a player's own order", () => {
    const r = matchOrder(
      { side: MarketSide.Buy, playerId: 7, quantity: 30, limit: null, budget: 1e9 },
      book,
    );
    expect(r.fills.every((f) => f.makerId !== 7)).toBe(true);
    expect(r.filled).toBe(15);
  });

  it("sells to the highest buyers at their prices", () => {
    const bids = [ask(5, 2, 4, 20), ask(6, 3, 4, 18)].sort(compareResting(MarketSide.Buy));
    const r = matchOrder(
      { side: MarketSide.Sell, playerId: 1, quantity: 6, limit: 18, budget: 0 },
      bids,
    );
    expect(r.fills).toEqual([
      { orderId: 5, makerId: 2, quantity: 4, unitPrice: 20 },
      { orderId: 6, makerId: 3, quantity: 2, unitPrice: 18 },
    ]);
    expect(r.dust).toBe(116);
  });

  it("trades nothing against an empty book or one that does not cross", () => {
    expect(
      matchOrder({ side: MarketSide.Sell, playerId: 1, quantity: 5, limit: 1, budget: 0 }, [])
        .filled,
    ).toBe(0);
    expect(
      matchOrder({ side: MarketSide.Buy, playerId: 1, quantity: 5, limit: 9, budget: 45 }, book)
        .fills,
    ).toEqual([]);
  });
});
