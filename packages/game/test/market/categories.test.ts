import { describe, expect, it } from "vitest";
import { LOOT, LootId } from "../../src/loot";
import { hasMarket, MARKET_CATEGORIES, marketCategoryOf } from "../../src/market/categories";

describe("the market's categories", () => {
  it("list every loot with a market exactly once, and nothing else", () => {
    const listed = MARKET_CATEGORIES.flatMap((c) => c.lootIds);
    expect(new Set(listed).size).toBe(listed.length);
    const withMarket = LOOT.filter((l) => hasMarket(l.id)).map((l) => l.id);
    expect([...listed].sort((a, b) => a - b)).toEqual(withMarket.sort((a, b) => a - b));
  });

  it("have no book for Mana Dust (the currency) nor untradeable loot", () => {
    for (const id of [
      LootId.ManaDust,
      LootId.BoundCodex,
      LootId.EventPoints,
      LootId.DungeonPoints,
      LootId.Egg,
    ]) {
      expect(hasMarket(id)).toBe(false);
      expect(marketCategoryOf(id)).toBeUndefined();
    }
    expect(marketCategoryOf(LootId.Iron)?.name).toBe("Resources");
  });
});
