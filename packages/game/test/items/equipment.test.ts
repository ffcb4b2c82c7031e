import { describe, expect, it } from "vitest";
import { ActionType, deriveCombatStats, Element, Rarity } from "../../src/index";
import { assembleItem } from "../../src/items/assemble";
import {
  boostPercent,
  canEquip,
  equipError,
  equipmentBoosts,
  infusionMultiplier,
  manaDustPenalty,
  resistancePercent,
  resumBoost,
  staffElementOf,
  totalBoosts,
} from "../../src/items/equipment";
import type { Item } from "../../src/items/types";

/** An item with hand-set boosts (values as stored). */
function item(over: Partial<Item> & Pick<Item, "boosts">): Item {
  return {
    id: 1,
    name: "Test",
    level: 10,
    rarity: Rarity.Common,
    slot: 8,
    rolls: {},
    infusions: 0,
    quality: 0,
    ...over,
  };
}

describe("infusion scaling", () => {
  it("is 1 + infusions/20, from 0 to 99", () => {
    expect(infusionMultiplier(0)).toBe(1);
    expect(infusionMultiplier(1)).toBe(1.05);
    expect(infusionMultiplier(20)).toBe(2);
    expect(infusionMultiplier(99)).toBeCloseTo(5.95, 12);
    expect(infusionMultiplier(150)).toBeCloseTo(5.95, 12);
    expect(infusionMultiplier(-3)).toBe(1);
  });

  it("scales rolled boosts but not enchants", () => {
    const zero = equipmentBoosts([item({ boosts: { 3: 10, 60: 5, 80: 5, 66: 4 } })]);
    expect(zero).toEqual({ 3: 10, 60: 5, 80: 5, 66: 4 });
    const max = equipmentBoosts([item({ infusions: 99, boosts: { 3: 10, 60: 5, 80: 5, 66: 4 } })]);
    expect(max[3]).toBeCloseTo(59.5, 9);
    expect(max[60]).toBe(5);
    expect(max[80]).toBe(5);
    expect(max[66]).toBe(4);
  });

  it("sums several items", () => {
    const out = equipmentBoosts([
      item({ boosts: { 3: 10, 40: 2 } }),
      item({ boosts: { 3: 5 }, infusions: 20 }),
    ]);
    expect(out).toEqual({ 3: 20, 40: 2 });
    expect(equipmentBoosts([])).toEqual({});
  });
});

describe("mana dust piece penalty", () => {
  it("is 5% per piece beyond the first, at most 35% at 8 pieces", () => {
    expect(manaDustPenalty(0)).toBe(0);
    expect(manaDustPenalty(1)).toBe(0);
    expect(manaDustPenalty(2)).toBeCloseTo(0.05, 12);
    expect(manaDustPenalty(8)).toBeCloseTo(0.35, 12);
    expect(manaDustPenalty(9)).toBeCloseTo(0.35, 12);
  });

  it("applies to the summed mana dust boost only", () => {
    const one = equipmentBoosts([item({ boosts: { 121: 10, 3: 1 } })]);
    expect(one[121]).toBe(10);
    const eight = equipmentBoosts(
      Array.from({ length: 8 }, () => item({ boosts: { 121: 10, 3: 1 } })),
    );
    expect(eight[121]).toBeCloseTo(80 * 0.65, 9);
    expect(eight[3]).toBe(8);
    const two = equipmentBoosts([
      item({ boosts: { 121: 10 }, infusions: 20 }),
      item({ boosts: { 121: 10 } }),
    ]);
    expect(two[121]).toBeCloseTo(30 * 0.95, 9);
  });
});

describe("totalBoosts", () => {
  it("adds research, stat drops, equipment and extras, leaving out enchanting skills", () => {
    const total = totalBoosts(
      { 1: 5, 3: 2, 60: 10, 66: 7, 71: 3, 100: 20 },
      { 3: 4 },
      { 3: 1, 66: 2, 80: 10 },
      { 107: 6 },
    );
    expect(total).toEqual({ 1: 5, 3: 7, 66: 2, 80: 10, 100: 20, 107: 6 });
  });

  it("resums one boost as a fresh total would (resumBoost), enchanting skills left out", () => {
    const research: Record<number, number> = { 3: 2.1, 60: 10 };
    const equipment = { 3: 0.7, 60: 1.3 };
    const sigil = { 3: 0.2 };
    const totals = totalBoosts(research, {}, equipment, sigil);
    research[3] = 5.1;
    research[60] = 11;
    resumBoost(totals, 3, research, {}, equipment, sigil);
    resumBoost(totals, 60, research, {}, equipment, sigil);
    expect(totals).toEqual(totalBoosts(research, {}, equipment, sigil));
    expect(totals[3]).toBe(5.1 + 0.7 + 0.2);
  });

  it("returns a new object", () => {
    const research = { 1: 1 };
    const total = totalBoosts(research, {}, {});
    total[1] = 99;
    expect(research[1]).toBe(1);
  });
});

describe("resistance and boost percent", () => {
  it("resistance is 1 - 0.99^value", () => {
    expect(resistancePercent(0)).toBe(0);
    expect(resistancePercent(-5)).toBe(0);
    expect(resistancePercent(1)).toBeCloseTo(0.01, 12);
    expect(resistancePercent(100)).toBeCloseTo(1 - 0.99 ** 100, 12);
    expect(resistancePercent(100)).toBeCloseTo(0.634, 3);
    expect(resistancePercent(1000)).toBeLessThan(1);
    expect(resistancePercent(1000)).toBeGreaterThan(0.9999);
    expect(resistancePercent(1e9)).toBe(1);
  });

  it("boost percent is 0.02% per point scaled by the bonus", () => {
    expect(boostPercent(100)).toBeCloseTo(0.02, 12);
    expect(boostPercent(100, 50)).toBeCloseTo(0.03, 12);
    expect(boostPercent(0, 50)).toBe(0);
    expect(boostPercent(1)).toBeCloseTo(0.0002, 12);
  });
});

describe("equipping", () => {
  const levels = { battle: 50, mining: 10, fishing: 60, woodcutting: 0 };
  it("needs the battle level for battle gear", () => {
    expect(canEquip(item({ boosts: {}, level: 50 }), levels)).toBe(true);
    expect(canEquip(item({ boosts: {}, level: 51 }), levels)).toBe(false);
    expect(equipError(item({ boosts: {}, level: 51 }), levels)).toBe("Requires battle level 51.");
  });

  it("uses the best gathering level for gathering gear", () => {
    const pick = item({ boosts: {}, level: 60, skill: ActionType.Mining });
    expect(canEquip(pick, levels)).toBe(true);
    expect(canEquip({ ...pick, level: 61 }, levels)).toBe(false);
    expect(equipError({ ...pick, level: 61 }, levels)).toBe("Requires gathering level 61.");
  });

  it("lets anyone wear an Heirloom", () => {
    const heirloom = item({ boosts: {}, level: 1_000_000, rarity: Rarity.Heirloom });
    const none = { battle: 0, mining: 0, fishing: 0, woodcutting: 0 };
    expect(canEquip(heirloom, none)).toBe(true);
    expect(canEquip({ ...heirloom, rarity: Rarity.Legendary }, none)).toBe(false);
    expect(canEquip({ ...heirloom, rarity: Rarity.Mythic }, none)).toBe(false);
  });
});

describe("staffElementOf", () => {
  it("finds the equipped staff's element and feeds the 10% match", () => {
    const staff = assembleItem(
      { id: 1, level: 1, rarity: 1, slot: 1, infusions: 0, element: Element.Water },
      { 8: 0.5, 40: 0.5 },
    );
    const pick = item({ boosts: {}, slot: 1, skill: ActionType.Mining });
    expect(staffElementOf([item({ boosts: {} }), staff])).toBe(Element.Water);
    expect(staffElementOf([pick])).toBeUndefined();
    expect(staffElementOf([])).toBeUndefined();
    const boosts = equipmentBoosts([staff]);
    const match = deriveCombatStats({
      level: 1,
      boosts,
      magicType: Element.Water,
      staffElement: staffElementOf([staff]),
    });
    const other = deriveCombatStats({
      level: 1,
      boosts,
      magicType: Element.Fire,
      staffElement: staffElementOf([staff]),
    });
    expect(match.damageMultiplier / other.damageMultiplier).toBeCloseTo(1.1, 12);
    expect(match.baseSpellpower).toBeCloseTo(10 + boosts[8]!, 9);
  });
});
