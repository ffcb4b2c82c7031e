import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { testItem } from "../items/testItems";
import {
  checkTransfer,
  DEFAULT_FILTER,
  disenchantBlockReason,
  disenchantPayload,
  idsAtOrBelowRarity,
  otherItems,
  pruneSelection,
  selectableIds,
  setNameError,
  toggleSelection,
  visibleItems,
} from "./inventoryModel";

const items = {
  1: testItem({ id: 1, rarity: 1, level: 5, name: "Ashen Robe", slot: 2 }),
  2: testItem({ id: 2, rarity: 2, level: 20, name: "Birch Staff", favorite: true }),
  3: testItem({ id: 3, rarity: 3, level: 10, name: "Cinder Hat", slot: 5, isEquipped: true }),
  4: testItem({ id: 4, rarity: 1, level: 15, name: "Dusk Ring", slot: 8, borrowerName: "Vex" }),
  5: testItem({ id: 5, rarity: 4, level: 12, name: "Ember Boots", slot: 3 }),
};

describe("visibleItems", () => {
  it("lists unequipped items, highest level first by default", () => {
    expect(visibleItems(items, DEFAULT_FILTER).map((i) => i.id)).toEqual([2, 4, 5, 1]);
  });

  it("filters by slot, rarity, level, favourites and name", () => {
    const f = DEFAULT_FILTER;
    expect(visibleItems(items, { ...f, slot: 3 }).map((i) => i.id)).toEqual([5]);
    expect(visibleItems(items, { ...f, rarity: 1 }).map((i) => i.id)).toEqual([4, 1]);
    expect(visibleItems(items, { ...f, minLevel: 13 }).map((i) => i.id)).toEqual([2, 4]);
    expect(visibleItems(items, { ...f, favoritesOnly: true }).map((i) => i.id)).toEqual([2]);
    expect(visibleItems(items, { ...f, search: "  ember " }).map((i) => i.id)).toEqual([5]);
  });

  it("sorts by rarity, slot, quality or name in either direction", () => {
    const f = DEFAULT_FILTER;
    expect(visibleItems(items, { ...f, sort: "rarity" }).map((i) => i.id)).toEqual([5, 2, 4, 1]);
    expect(visibleItems(items, { ...f, sort: "name", descending: false }).map((i) => i.id)).toEqual(
      [1, 2, 4, 5],
    );
    expect(visibleItems(items, { ...f, sort: "slot", descending: false }).map((i) => i.id)).toEqual(
      [2, 1, 5, 4],
    );
  });
});

describe("disenchant selection", () => {
  it("never selects equipped, favourite or borrowed items", () => {
    expect(disenchantBlockReason(items[3])).toMatch(/Equipped/);
    expect(disenchantBlockReason(items[2])).toMatch(/Favourites/);
    expect(disenchantBlockReason(items[4])).toMatch(/Borrowed/);
    expect(disenchantBlockReason(items[1])).toBeNull();
    let selected = toggleSelection(new Set(), items[1]);
    selected = toggleSelection(selected, items[2]);
    selected = toggleSelection(selected, items[5]);
    expect([...selected]).toEqual([1, 5]);
    expect([...toggleSelection(selected, items[1])]).toEqual([5]);
  });

  it("selects all visible disenchantable items", () => {
    expect(selectableIds(visibleItems(items, DEFAULT_FILTER))).toEqual([5, 1]);
  });

  it("drops ids that are gone or became favourites", () => {
    const selected = new Set([1, 5]);
    expect(pruneSelection(selected, items)).toBe(selected);
    const after = { ...items, 5: { ...items[5], favorite: true } };
    delete (after as Record<number, unknown>)[1];
    expect([...pruneSelection(selected, after)]).toEqual([]);
  });

  it("knows which items a by-rarity disenchant touches", () => {
    expect(idsAtOrBelowRarity(items, 1)).toEqual([1]);
    expect(idsAtOrBelowRarity(items, 4)).toEqual([1, 5]);
  });

  it("builds the disenchant payloads", () => {
    expect(disenchantPayload({ kind: "one", id: 7 })).toEqual({
      target: 7,
      rarity: 0,
      itemIds: [],
    });
    expect(disenchantPayload({ kind: "many", ids: [1, 5] })).toEqual({
      rarity: 0,
      itemIds: [1, 5],
    });
    expect(disenchantPayload({ kind: "rarity", rarity: 2 })).toEqual({ rarity: 2, itemIds: [] });
  });
});

describe("checkTransfer", () => {
  it("needs a recipient name", () => {
    expect(checkTransfer("  ", "", undefined)).toMatchObject({ ok: false });
    expect(checkTransfer("Al", "", undefined).error).toMatch(/3–20/);
    expect(checkTransfer(" Merlin ", "", undefined)).toMatchObject({ ok: true, quantity: 1 });
  });

  it("needs a quantity from 1 to what is held for currencies", () => {
    expect(checkTransfer("Merlin", "", 50)).toMatchObject({ ok: false, quantity: 0 });
    expect(checkTransfer("Merlin", "lots", 50)).toMatchObject({ ok: false, quantity: 0 });
    expect(checkTransfer("Merlin", "51", 50).error).toMatch(/don't have that many/);
    expect(checkTransfer("Merlin", "1.5k", 2000)).toMatchObject({ ok: true, quantity: 1500 });
  });
});

describe("setNameError", () => {
  it("needs a new name of 1-30 characters", () => {
    expect(setNameError("", [])).toMatch(/Enter a name/);
    expect(setNameError("x".repeat(31), [])).toMatch(/30/);
    expect(setNameError("Boss", ["Boss"])).toMatch(/exists/);
    expect(setNameError(" boss ", ["Boss"])).toMatch(/exists/);
    expect(
      setNameError(
        "Farm",
        Array.from({ length: 20 }, (_, i) => `S${i}`),
      ),
    ).toMatch(/20/);
    expect(setNameError(" Boss ", [])).toBeNull();
  });

  it("refuses hidden characters and invisible-only names, as the server does", () => {
    expect(setNameError("Bo\u0000ss", [])).toBe(
      "Set names can't contain control or invisible characters.",
    );
    expect(setNameError("Boss\u200b", [])).toMatch(/invisible/);
    expect(setNameError("\u2800\u2800", [])).toMatch(/Enter a name/);
    expect(setNameError("Boss ⚔️", [])).toBeNull();
  });
});

describe("otherItems", () => {
  it("lists held currencies and materials in catalogue order with tradeability", () => {
    const list = otherItems({ [LootId.EventPoints]: 5, [LootId.ManaDust]: 100, [LootId.Iron]: 0 });
    expect(list.map((o) => [o.name, o.tradeable])).toEqual([
      ["Mana Dust", true],
      ["Event Points", false],
    ]);
  });
});
