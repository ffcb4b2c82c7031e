import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { formatClock, lootLines, statDropLines, trackerRows } from "./lootDisplay";

describe("lootLines", () => {
  it("names loot from the catalogue with its rarity, in id order, skipping zeros", () => {
    expect(lootLines({ [LootId.Iron]: 4, [LootId.ManaDust]: 120, [LootId.Codex]: 0 })).toEqual([
      { id: 1, name: "Mana Dust", rarity: 1, amount: 120 },
      { id: 9, name: "Iron", rarity: 1, amount: 4 },
    ]);
    expect(lootLines({ 999: 1 })).toEqual([{ id: 999, name: "Loot #999", rarity: 0, amount: 1 }]);
  });
});

describe("statDropLines", () => {
  it("shows stat drops as +amount and the stat name", () => {
    expect(statDropLines({ 3: 1, 7: 2 })).toEqual([
      { id: 3, text: "+1 Intellect" },
      { id: 7, text: "+2 Mana" },
    ]);
  });
});

describe("trackerRows", () => {
  it("keeps keys stable as newer entries arrive on top", () => {
    const older = [
      { timestamp: 1000, lootId: LootId.ElementalShards, amount: 2 },
      { timestamp: 1000, lootId: LootId.ElementalShards, amount: 1 },
    ];
    const before = trackerRows(older).map((row) => row.key);
    const after = trackerRows([{ timestamp: 2000, lootId: LootId.Egg, amount: 1 }, ...older]);
    expect(after.slice(1).map((row) => row.key)).toEqual(before);
    expect(new Set(after.map((row) => row.key)).size).toBe(3);
    expect(after[0]).toMatchObject({ kind: "loot", name: "Egg", amount: 1 });
  });

  it("renders item entries by item name and rarity", () => {
    const [row] = trackerRows([
      {
        timestamp: 5,
        item: {
          id: 77,
          name: "Ember Staff",
          level: 20,
          rarity: 4,
          slot: 1,
          boosts: {},
          favorite: false,
          infusions: 0,
          quality: 0.5,
          isEquipped: false,
          upgradeChance: 0,
        },
      },
    ]);
    expect(row).toMatchObject({ kind: "item", name: "Ember Staff", rarity: 4, level: 20 });
  });

  it("formats the time as HH:MM:SS", () => {
    expect(formatClock(new Date(2024, 0, 1, 9, 5, 7).getTime())).toBe("09:05:07");
  });
});
