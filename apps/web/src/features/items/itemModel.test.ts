import { describe, expect, it } from "vitest";
import {
  equipBlockReason,
  equippedBySlot,
  equippedInSlot,
  formatBoostValue,
  itemAffinity,
  itemBoostLines,
  itemComparison,
  qualityText,
  slotName,
  toRulesItem,
} from "./itemModel";
import { testItem } from "./testItems";

const levels = { battle: 10, mining: 0, fishing: 0, woodcutting: 0 };

describe("itemBoostLines", () => {
  it("names boosts, scales rolled ones by the infusions and leaves enchants as they are", () => {
    const lines = itemBoostLines({ boosts: { 40: 2, 8: 10, 60: 5, 80: 5 }, infusions: 4 });
    expect(lines.map((l) => [l.id, l.name, l.value])).toEqual([
      [8, "Spellpower", 12],
      [40, "Damage", 2.4],
      [60, "Inferno Rank", 5],
      [80, "Inferno", 5],
    ]);
    expect(lines.map((l) => l.enchant)).toEqual([false, false, true, true]);
  });

  it("keeps an unknown boost with its raw id and value", () => {
    const [line] = itemBoostLines({ boosts: { 999: 1.23456 }, infusions: 10 });
    expect(line).toMatchObject({ id: 999, name: "#999", known: false });
    expect(formatBoostValue(line!, line!.value)).toBe(String(line!.value));
  });
});

describe("formatBoostValue", () => {
  it("adds a sign and a percent for percent boosts", () => {
    expect(formatBoostValue({ known: true, percent: true }, 2.345)).toBe("+2.35%");
    expect(formatBoostValue({ known: true, percent: false }, 12)).toBe("+12");
    expect(formatBoostValue({ known: true, percent: false }, -3.5)).toBe("−3.5");
    expect(formatBoostValue({ known: true, percent: true }, 12345)).toBe("+12.34K%");
    expect(formatBoostValue({ known: true, percent: false }, 7, false)).toBe("7");
  });
});

describe("itemComparison", () => {
  it("lists every boost of both items with the difference, infusions included", () => {
    const hovered = testItem({ boosts: { 8: 20, 41: 3 }, infusions: 2 });
    const worn = testItem({ id: 2, boosts: { 8: 10, 40: 2 }, isEquipped: true });
    expect(itemComparison(hovered, worn).map((d) => [d.id, d.value, d.equipped, d.delta])).toEqual([
      [8, 22, 10, 12],
      [40, 0, 2, -2],
      [41, 3.3, 0, 3.3],
    ]);
  });

  it("shows a zero difference for identical boosts", () => {
    const a = testItem();
    const b = testItem({ id: 9 });
    expect(itemComparison(a, b).every((d) => d.delta === 0)).toBe(true);
  });
});

describe("equipped items", () => {
  const items = {
    1: testItem({ id: 1, slot: 1, isEquipped: true }),
    2: testItem({ id: 2, slot: 1 }),
    3: testItem({ id: 3, slot: 8, isEquipped: true }),
  };

  it("finds the item worn in a slot, leaving out the hovered one", () => {
    expect(equippedInSlot(items, 1)?.id).toBe(1);
    expect(equippedInSlot(items, 1, 1)).toBeUndefined();
    expect(equippedInSlot(items, 2)).toBeUndefined();
  });

  it("maps slots to their equipped item", () => {
    const bySlot = equippedBySlot(items);
    expect(Object.keys(bySlot)).toEqual(["1", "8"]);
  });
});

describe("equipBlockReason", () => {
  it("uses the battle level for battle gear and the best gathering level for gathering gear", () => {
    expect(equipBlockReason(testItem({ level: 10 }), levels)).toBeNull();
    expect(equipBlockReason(testItem({ level: 11 }), levels)).toBe("Requires battle level 11.");
    const pick = testItem({ level: 5, skill: 2 });
    expect(equipBlockReason(pick, levels)).toBe("Requires gathering level 5.");
    expect(equipBlockReason(pick, { ...levels, woodcutting: 5 })).toBeNull();
  });

  it("lets anyone wear heirlooms and refuses what is already worn", () => {
    expect(equipBlockReason(testItem({ rarity: 6, level: 999 }), levels)).toBeNull();
    expect(equipBlockReason(testItem({ isEquipped: true }), levels)).toBe("Already equipped.");
  });
});

describe("small labels", () => {
  it("formats quality, slots and affinities", () => {
    expect(qualityText(0.7349)).toBe("73.5%");
    expect(qualityText(2)).toBe("100.0%");
    expect(slotName(9)).toBe("Sigil");
    expect(slotName(12)).toBe("Slot 12");
    expect(itemAffinity(testItem({ element: 2 }))).toBe("Water element");
    expect(itemAffinity(testItem({ skill: 3 }))).toBe("Fishing gear");
    expect(itemAffinity(testItem())).toBeNull();
  });

  it("adapts the wire item to the rules item", () => {
    const rules = toRulesItem(testItem({ element: 0, skill: 0 }));
    expect(rules.rolls).toEqual({});
    expect(rules.element).toBeUndefined();
    expect(rules.skill).toBeUndefined();
    expect(toRulesItem(testItem({ skill: 4 })).skill).toBe(4);
  });
});
