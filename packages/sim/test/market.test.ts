import { LootId, MarketSide } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { Market, newAccount, type SimAccount } from "../src";

function pair() {
  const seller = newAccount(1, "gatherer", false);
  const buyer = newAccount(2, "battle", false);
  seller.wallet = { [LootId.Codex]: 10 };
  buyer.wallet = { [LootId.ManaDust]: 1_000_000 };
  const byId = new Map<number, SimAccount>([
    [1, seller],
    [2, buyer],
  ]);
  return { seller, buyer, byId };
}

function total(m: Market, accounts: SimAccount[], id: number): number {
  return accounts.reduce((s, a) => s + (a.wallet[id] ?? 0), 0) + (m.escrow[id] ?? 0);
}

describe("Market", () => {
  it("trades at the resting order's price through matchOrder and conserves units and dust", () => {
    const m = new Market();
    const { seller, buyer, byId } = pair();
    // The seller's belief is the initial 50,000; the buyer's too: a buy at 50,000 crosses.
    expect(m.order(0, seller, byId, MarketSide.Sell, LootId.Codex, 10)).toBe(0);
    expect(m.escrow[LootId.Codex]).toBe(10);
    expect(m.order(0, buyer, byId, MarketSide.Buy, LootId.Codex, 4)).toBe(4);
    expect(buyer.wallet[LootId.Codex]).toBe(4);
    expect(seller.wallet[LootId.ManaDust]).toBe(200_000);
    expect(m.days[0]!.get(LootId.Codex)).toEqual({ volume: 4, dust: 200_000, last: 50_000 });
    for (const id of [LootId.Codex, LootId.ManaDust]) {
      expect(total(m, [seller, buyer], id)).toBe(id === LootId.Codex ? 10 : 1_000_000);
    }
    m.cancelAll(seller);
    expect(seller.wallet[LootId.Codex]).toBe(6);
    expect(m.escrow[LootId.Codex]).toBe(0);
  });

  it("moves a seller's belief down when units are left and up when all sold", () => {
    const m = new Market();
    const { seller, buyer, byId } = pair();
    m.order(0, seller, byId, MarketSide.Sell, LootId.Codex, 10);
    expect(m.belief(seller, LootId.Codex)).toBe(47_500);
    m.cancelAll(seller);
    m.order(0, buyer, byId, MarketSide.Buy, LootId.Codex, 2);
    expect(m.belief(buyer, LootId.Codex)).toBe(52_500);
    m.order(1, seller, byId, MarketSide.Sell, LootId.Codex, 2);
    expect(m.belief(seller, LootId.Codex)).toBe(49_875);
  });

  it("refuses a loot without a market and changes nothing", () => {
    const m = new Market();
    const { seller, byId } = pair();
    seller.wallet[LootId.BoundCodex] = 5;
    expect(() => m.order(0, seller, byId, MarketSide.Sell, LootId.BoundCodex, 5)).toThrow(
      "loot 38 has no market",
    );
    expect(seller.wallet[LootId.BoundCodex]).toBe(5);
  });
});
