import type { Item } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { initialMarket, reduceMarket, type WireItemOrder } from "./market";

const item = (id: number): Item => ({
  id,
  name: `Staff ${id}`,
  level: 1,
  rarity: 1,
  slot: 1,
  boosts: { 8: 5 },
  favorite: false,
  infusions: 0,
  quality: 0.5,
  isEquipped: false,
  upgradeChance: 0.5,
});

const listing = (id: number, unitPrice = 100): WireItemOrder => ({
  id,
  item: item(id + 1000),
  unitPrice,
  playerName: "Merlin",
});

describe("market slice: equipment listings", () => {
  it("replaces results on a fresh search and appends Load More pages without duplicates", () => {
    let s = reduceMarket(initialMarket, {
      type: "itemOrders",
      data: { orders: [listing(9), listing(8)], append: false, hasMore: true },
    });
    expect(s.itemSearch).toMatchObject({ hasMore: true, loaded: true });
    s = reduceMarket(s, {
      type: "itemOrders",
      data: { orders: [listing(8), listing(7)], append: true, hasMore: false },
    });
    expect(s.itemSearch.orders.map((o) => o.id)).toEqual([9, 8, 7]);
    expect(s.itemSearch.hasMore).toBe(false);
    s = reduceMarket(s, {
      type: "itemOrders",
      data: { orders: [listing(3)], append: false, hasMore: false },
    });
    expect(s.itemSearch.orders.map((o) => o.id)).toEqual([3]);
  });

  it("follows a listing's new price and drops it when it closes, in search and my orders", () => {
    let s = reduceMarket(initialMarket, {
      type: "itemOrders",
      data: { orders: [listing(9), listing(8)], append: false, hasMore: false },
    });
    s = reduceMarket(s, {
      type: "myOrders",
      data: { orders: [], itemOrders: [listing(8)] },
    });
    s = reduceMarket(s, { type: "itemOrder", data: { orderId: 8, order: listing(8, 250) } });
    expect(s.itemSearch.orders.find((o) => o.id === 8)?.unitPrice).toBe(250);
    expect(s.myItemOrders?.[0]?.unitPrice).toBe(250);
    s = reduceMarket(s, { type: "itemOrder", data: { orderId: 8 } });
    expect(s.itemSearch.orders.map((o) => o.id)).toEqual([9]);
    expect(s.myItemOrders).toEqual([]);
    // A listing the screens never showed changes nothing.
    expect(reduceMarket(s, { type: "itemOrder", data: { orderId: 1 } })).toBe(s);
  });
});
