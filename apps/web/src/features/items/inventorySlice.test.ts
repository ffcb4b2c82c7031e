import { describe, expect, it } from "vitest";
import {
  clearPreviews,
  initialInventory,
  markLookupsPending,
  needsLookup,
  reduceInventory,
} from "../../store/slices/inventory";
import { testItem } from "./testItems";

const loaded = reduceInventory(initialInventory, {
  type: "inventory",
  data: { items: [testItem({ id: 1 })] },
});

describe("inventory slice: lookups", () => {
  it("asks only for items that are not the player's, not cached and not pending", () => {
    expect(needsLookup(loaded, 1)).toBe(false);
    expect(needsLookup(loaded, 7)).toBe(true);
    expect(needsLookup(loaded, 0)).toBe(false);
    const pending = markLookupsPending(loaded, [7]);
    expect(needsLookup(pending, 7)).toBe(false);
    expect(markLookupsPending(pending, [7])).toBe(pending);
  });

  it("keeps the answer to our getItem out of the inventory", () => {
    const pending = markLookupsPending(loaded, [7, 8]);
    let state = reduceInventory(pending, {
      type: "item",
      data: { id: 7, item: testItem({ id: 7, name: "Someone's Staff" }) },
    });
    state = reduceInventory(state, { type: "item", data: { id: 8 } });
    expect(Object.keys(state.items)).toEqual(["1"]);
    expect(state.lookups[7]?.name).toBe("Someone's Staff");
    expect(state.lookups[8]).toBeNull();
    expect(state.pendingLookups).toEqual({});
    expect(needsLookup(state, 7)).toBe(false);
    expect(needsLookup(state, 8)).toBe(false);
  });

  it("treats other item messages as inventory upserts and removals", () => {
    let state = reduceInventory(loaded, {
      type: "item",
      data: { id: 2, item: testItem({ id: 2 }) },
    });
    state = reduceInventory(state, { type: "item", data: { id: 1 } });
    expect(Object.keys(state.items)).toEqual(["2"]);
    expect(state.lookups).toEqual({});
  });

  it("caches itemLookups answers, found and missing", () => {
    const state = reduceInventory(markLookupsPending(loaded, [5, 6]), {
      type: "itemLookups",
      data: { items: [testItem({ id: 5 })], missing: [6] },
    });
    expect(state.lookups[5]?.id).toBe(5);
    expect(state.lookups[6]).toBeNull();
    expect(state.pendingLookups).toEqual({});
  });
});

describe("inventory slice: previews, percentiles and sets", () => {
  it("stores and clears the disenchant and codex reset previews", () => {
    let state = reduceInventory(loaded, {
      type: "disenchantPreview",
      data: { itemIds: [1], loot: { 1: 500 } },
    });
    state = reduceInventory(state, {
      type: "codexResetPreview",
      data: { refund: 10, boosts: { 100: 0 } },
    });
    expect(state.disenchantPreview).toEqual({ itemIds: [1], loot: { 1: 500 } });
    expect(state.codexResetPreview?.refund).toBe(10);
    const cleared = clearPreviews(state);
    expect(cleared.disenchantPreview).toBeNull();
    expect(cleared.codexResetPreview).toBeNull();
    expect(clearPreviews(cleared)).toBe(cleared);
  });

  it("keeps percentiles per item and the equipment sets", () => {
    let state = reduceInventory(loaded, {
      type: "itemPercentiles",
      data: { itemId: 1, percentiles: { 8: 42.5 } },
    });
    state = reduceInventory(state, {
      type: "equipmentSets",
      data: { sets: [{ name: "Boss", itemIds: [1], active: true }] },
    });
    expect(state.percentiles[1]).toEqual({ 8: 42.5 });
    expect(state.setsLoaded).toBe(true);
    expect(state.equipmentSets[0]?.name).toBe("Boss");
  });
});
