import type { Item } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { armoryCounts, armoryItems, depositableItems } from "./armoryModel";

function item(id: number, over: Partial<Item> = {}): Item {
  return {
    id,
    name: `Item ${id}`,
    level: 10,
    rarity: 3,
    slot: 1,
    boosts: {},
    favorite: false,
    infusions: 0,
    quality: 0.5,
    isEquipped: false,
    upgradeChance: 1,
    ...over,
  } as Item;
}

describe("armory screen", () => {
  const items = [
    item(1, { slot: 2, name: "Hood" }),
    item(2, { slot: 1, rarity: 5, name: "Ember Staff", borrowerName: "Bob" }),
    item(3, { slot: 1, rarity: 5, level: 20, name: "Storm Staff" }),
    item(4, { slot: 1, rarity: 2, name: "Twig" }),
  ];

  it("counts all, available and lent items", () => {
    expect(armoryCounts(items)).toEqual({ all: 4, available: 3, lent: 1 });
    expect(armoryCounts([])).toEqual({ all: 0, available: 0, lent: 0 });
  });

  it("shows a tab's items by slot, rarity, level and name, filtered by name", () => {
    expect(armoryItems(items, "all").map((i) => i.id)).toEqual([3, 2, 4, 1]);
    expect(armoryItems(items, "available").map((i) => i.id)).toEqual([3, 4, 1]);
    expect(armoryItems(items, "lent").map((i) => i.id)).toEqual([2]);
    expect(armoryItems(items, "all", " staff ").map((i) => i.id)).toEqual([3, 2]);
    expect(armoryItems(items, "lent", "hood")).toEqual([]);
  });

  it("deposits only unequipped items that are not lent either way", () => {
    const mine = {
      1: item(1),
      2: item(2, { isEquipped: true }),
      3: item(3, { borrowerName: "Me" }),
      4: item(4, { rarity: 6 }),
    };
    expect(depositableItems(mine).map((i) => i.id)).toEqual([4, 1]);
  });
});
