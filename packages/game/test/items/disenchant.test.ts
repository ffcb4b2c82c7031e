import { describe, expect, it } from "vitest";
import { Element, LootId, Rarity } from "../../src/index";
import { assembleItem } from "../../src/items/assemble";
import {
  AutoDisenchant,
  disenchantPreview,
  disenchantYield,
  shouldAutoDisenchant,
} from "../../src/items/disenchant";
import type { Item } from "../../src/items/types";
import { infusionCost } from "../../src/items/upgrades/infusion";

function make(rarity: Rarity, level: number, slot: 1 | 2 = 2, infusions = 0): Item {
  return assembleItem(
    { id: 1, level, rarity, slot, infusions, ...(slot === 1 ? { element: Element.Water } : {}) },
    slot === 1 ? { 8: 0.5 } : { 9: 0.5 },
  );
}

describe("disenchantYield", () => {
  it("gives mana dust for any item, growing with level and rarity", () => {
    expect(disenchantYield(make(Rarity.Common, 1))).toEqual({ [LootId.ManaDust]: 1100 });
    expect(disenchantYield(make(Rarity.Uncommon, 100))).toEqual({
      [LootId.ManaDust]: 200 * 110,
      [LootId.ElementalShards]: 3,
    });
    expect(disenchantYield(make(Rarity.Legendary, 100))).toEqual({
      [LootId.ManaDust]: 1600 * 110,
      [LootId.ElementalShards]: 30,
    });
  });

  it("gives essence of a staff's element from Rare up", () => {
    expect(disenchantYield(make(Rarity.Uncommon, 250, 1))[LootId.WaterEssence]).toBeUndefined();
    expect(disenchantYield(make(Rarity.Rare, 250, 1))[LootId.WaterEssence]).toBe(3);
    expect(disenchantYield(make(Rarity.Mythic, 3000, 1))[LootId.WaterEssence]).toBe(8 * 31);
  });

  it("returns half the mana dust spent on infusions", () => {
    const plain = disenchantYield(make(Rarity.Rare, 50))[LootId.ManaDust]!;
    const infused = disenchantYield(make(Rarity.Rare, 50, 2, 10))[LootId.ManaDust]!;
    expect(infused - plain).toBe(Math.floor(infusionCost(50, 0, 10) / 2));
  });
});

describe("disenchantPreview", () => {
  it("sums the yields of all items", () => {
    const items = [make(Rarity.Common, 1), make(Rarity.Rare, 250, 1), make(Rarity.Rare, 250, 1)];
    const p = disenchantPreview(items);
    expect(p.count).toBe(3);
    expect(p.loot[LootId.ManaDust]).toBe(1100 + 2 * 400 * 260);
    expect(p.loot[LootId.ElementalShards]).toBe(2 * 2 * 6);
    expect(p.loot[LootId.WaterEssence]).toBe(2 * 3);
    expect(disenchantPreview([])).toEqual({ count: 0, loot: {} });
  });
});

describe("auto-disenchant", () => {
  it("disenchants items at or below the chosen rarity", () => {
    const at = (r: Rarity, pref: number) => shouldAutoDisenchant({ rarity: r }, pref);
    expect(at(Rarity.Common, AutoDisenchant.None)).toBe(false);
    expect(at(Rarity.Common, AutoDisenchant.Common)).toBe(true);
    expect(at(Rarity.Uncommon, AutoDisenchant.Common)).toBe(false);
    expect(at(Rarity.Uncommon, AutoDisenchant.Uncommon)).toBe(true);
    expect(at(Rarity.Rare, AutoDisenchant.Rare)).toBe(true);
    expect(at(Rarity.Epic, AutoDisenchant.Rare)).toBe(false);
    expect(at(Rarity.Heirloom, 99)).toBe(false);
    expect(at(Rarity.None, AutoDisenchant.Rare)).toBe(false);
  });
});
