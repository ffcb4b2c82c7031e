import { LootId, MarketSide } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { EQUIPMENT_TAB } from "./equipmentSearchModel";
import {
  checkOrder,
  MERCHANT_TAB,
  NEED_PRICE_OR_QUANTITY,
  nudgePrice,
  selectionCodec,
  selectionFor,
  selectTab,
  shortcutQuantity,
} from "./marketModel";

const { Buy, Sell } = MarketSide;

describe("the market page's selection", () => {
  it("remembers a valid tab and item, and falls back on anything else", () => {
    expect(
      selectionCodec.parse(JSON.stringify({ tab: "orbs", lootId: LootId.OrbOfChaos })),
    ).toEqual({
      tab: "orbs",
      lootId: LootId.OrbOfChaos,
    });
    expect(selectionCodec.parse(JSON.stringify({ tab: "orbs", lootId: LootId.Iron }))).toEqual({
      tab: "orbs",
      lootId: LootId.OrbOfPower,
    });
    expect(selectionCodec.parse("{nope").tab).toBe("resources");
    expect(selectionCodec.parse(JSON.stringify({ tab: "secret" })).tab).toBe("resources");
    expect(selectionCodec.parse(JSON.stringify({ tab: MERCHANT_TAB })).tab).toBe(MERCHANT_TAB);
    expect(selectionCodec.parse(JSON.stringify({ tab: EQUIPMENT_TAB })).tab).toBe(EQUIPMENT_TAB);
  });

  it("opens a route's loot id in its category, ignoring what has no market", () => {
    const remembered = { tab: "tomes", lootId: LootId.TomeOfFire };
    expect(selectionFor(LootId.Sageroot, remembered)).toEqual({
      tab: "herbs",
      lootId: LootId.Sageroot,
    });
    expect(selectionFor(LootId.Egg, remembered)).toBe(remembered);
    expect(selectionFor(LootId.ManaDust, remembered)).toBe(remembered);
    expect(selectionFor(undefined, remembered)).toBe(remembered);
    expect(selectTab("tomes", remembered)).toBe(remembered);
    expect(selectTab("herbs", remembered)).toEqual({ tab: "herbs", lootId: LootId.Sunpetal });
    // The equipment tab keeps the remembered item for when a category opens again.
    expect(selectTab(EQUIPMENT_TAB, remembered)).toEqual({
      tab: EQUIPMENT_TAB,
      lootId: LootId.TomeOfFire,
    });
  });
});

describe("the order form", () => {
  it("fills quantity shortcuts from what is held or affordable", () => {
    expect(shortcutQuantity(25, Sell, 103, 0, 0)).toBe(25);
    expect(shortcutQuantity(99, Sell, 100, 0, 0)).toBe(99);
    expect(shortcutQuantity(50, Buy, 0, 1_000, 30)).toBe(16);
    expect(shortcutQuantity(50, Buy, 0, 1_000, 0)).toBe(0);
  });

  it("moves the price by 1%, floor down and ceil up, at least by 1", () => {
    expect(nudgePrice(1_000, -1)).toBe(990);
    expect(nudgePrice(1_000, 1)).toBe(1_010);
    expect(nudgePrice(50, -1)).toBe(49);
    expect(nudgePrice(50, 1)).toBe(51);
    expect(nudgePrice(1, -1)).toBe(1);
    expect(nudgePrice(1, 1)).toBe(2);
    expect(nudgePrice(0, 1)).toBe(1);
  });

  const base = { itemName: "Iron", held: 50, dust: 1_000 };
  it("asks before trading at any price, in the spec's words", () => {
    expect(checkOrder({ ...base, side: Sell, quantityText: "", priceText: "" }).confirm).toBe(
      "Do you want to sell all your Iron at any price?",
    );
    expect(checkOrder({ ...base, side: Sell, quantityText: "20", priceText: "" }).confirm).toBe(
      "Do you want to sell 20 Iron at any price?",
    );
    expect(checkOrder({ ...base, side: Buy, quantityText: "5", priceText: "" }).confirm).toBe(
      "Do you want to buy 5 Iron at any price?",
    );
    expect(checkOrder({ ...base, side: Buy, quantityText: "", priceText: "" }).error).toBe(
      NEED_PRICE_OR_QUANTITY,
    );
  });

  it("refuses what the server would refuse", () => {
    expect(checkOrder({ ...base, side: Sell, quantityText: "51", priceText: "3" }).error).toBe(
      "You only have 50 Iron.",
    );
    expect(checkOrder({ ...base, side: Buy, quantityText: "11", priceText: "100" }).error).toBe(
      "You need 1,100 Mana Dust for that order; you have 1,000.",
    );
    expect(checkOrder({ ...base, side: Buy, quantityText: "", priceText: "1.5k" }).error).toBe(
      "You cannot afford one Iron at 1,500 Mana Dust.",
    );
    expect(checkOrder({ ...base, side: Buy, quantityText: "0.5", priceText: "3" }).ok).toBe(false);
    const fine = checkOrder({ ...base, side: Buy, quantityText: "1k", priceText: "1" });
    expect(fine).toMatchObject({ ok: true, quantity: 1000, unitPrice: 1, quantityGiven: true });
  });
});
