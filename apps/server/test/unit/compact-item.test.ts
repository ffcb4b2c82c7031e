import { createRng, type GearSlot, generateItem } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { compactItem, compactMap } from "../../src/world/compact-item";
import { fromItemRow, toItemRow } from "../../src/world/item-rows";

describe("compact items", () => {
  it("a compact map holds the same finite entries, and drops what is not a finite number", () => {
    const raw = { 3: 7.92, 8: 21.32, 122: 1, 40: Number.NaN, 41: Number.POSITIVE_INFINITY };
    const map = compactMap({ ...raw, 42: "12.5" as unknown as number });
    expect(map).toEqual({ 3: 7.92, 8: 21.32, 122: 1, 42: 12.5 });
    expect(Object.keys(map)).toEqual(["3", "8", "42", "122"]);
    expect(compactMap(null)).toEqual({});
    expect(JSON.stringify(compactMap(undefined))).toBe("{}");
  });

  it("keeps an item's every field; a stored row comes back the same item", () => {
    for (let i = 0; i < 8; i++) {
      const item = generateItem(
        { slot: (i + 1) as GearSlot, rarity: 3, level: 20, id: 10 + i },
        createRng(i),
      );
      const compact = compactItem(item);
      expect(compact).toEqual(item);
      const owned = {
        item: compact,
        ownerId: 5,
        borrowerId: null,
        favorite: i % 2 === 0,
        equipped: i < 4,
      };
      const row = toItemRow(owned) as Parameters<typeof fromItemRow>[0];
      expect(fromItemRow(row)).toEqual(owned);
    }
  });
});
