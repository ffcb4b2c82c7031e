import { describe, expect, it } from "vitest";
import { LootId, Rarity } from "../../src/index";
import { assembleItem } from "../../src/items/assemble";
import { equipmentBoosts } from "../../src/items/equipment";
import type { Item, Upgraded, UpgradeResult } from "../../src/items/types";
import {
  ENCHANTING_BASE_CAP,
  ENCHANTING_CAP_EPOCH_MS,
  ENCHANTS,
  ERR_ENCHANT_RANK,
  ERR_ENCHANT_SIGIL,
  ERR_ENCHANT_UNKNOWN,
  enchantBoosts,
  enchantCost,
  enchantItem,
  enchantingSkillCap,
  itemEnchant,
} from "../../src/items/upgrades/enchanting";
import {
  ERR_INFUSION_TIER,
  infuseItem,
  infusionCost,
  infusionStepCost,
} from "../../src/items/upgrades/infusion";

function ok(r: UpgradeResult): Upgraded {
  if (typeof r === "string") throw new Error(`unexpected error: ${r}`);
  return r;
}

const ring: Item = assembleItem(
  { id: 3, level: 100, rarity: Rarity.Rare, slot: 8, infusions: 0 },
  { 40: 0.5, 3: 0.2, 121: 0.9, 43: 0.4 },
);

describe("infusion", () => {
  it("costs 50 · k² · (level + 10) mana dust for infusion k", () => {
    expect(infusionStepCost(100, 1)).toBe(5500);
    expect(infusionStepCost(100, 3)).toBe(50 * 9 * 110);
    expect(infusionCost(100, 0, 3)).toBe(50 * 14 * 110);
    expect(infusionCost(100, 1, 3)).toBe(50 * 13 * 110);
    expect(infusionCost(100, 3, 3)).toBe(0);
    let sum = 0;
    for (let k = 1; k <= 99; k++) sum += infusionStepCost(7, k);
    expect(infusionCost(7, 0, 99)).toBe(sum);
  });

  it("infuses from 0 up to 99 and raises rolled boosts by 5% per tier", () => {
    const r = ok(infuseItem(ring, 99));
    expect(r.item.infusions).toBe(99);
    expect(r.cost).toEqual([{ lootId: LootId.ManaDust, amount: infusionCost(100, 0, 99) }]);
    expect(r.item.boosts).toEqual(ring.boosts);
    expect(equipmentBoosts([r.item])[40]).toBeCloseTo(ring.boosts[40]! * 5.95, 9);
    expect(ring.infusions).toBe(0);
  });

  it("rejects tiers outside 0-99, tiers not above the current one, and short wallets", () => {
    expect(infuseItem(ring, 0)).toBe("The item is already infused to tier 0.");
    expect(infuseItem(ring, 100)).toBe(ERR_INFUSION_TIER);
    expect(infuseItem(ring, -1)).toBe(ERR_INFUSION_TIER);
    expect(infuseItem(ring, 2.5)).toBe(ERR_INFUSION_TIER);
    const five = ok(infuseItem(ring, 5)).item;
    expect(infuseItem(five, 5)).toBe("The item is already infused to tier 5.");
    expect(ok(infuseItem(five, 6)).cost[0]!.amount).toBe(infusionStepCost(100, 6));
    expect(infuseItem(ring, 1, { wallet: { 1: 5499 } })).toBe("Not enough Mana Dust.");
    expect(typeof infuseItem(ring, 1, { wallet: { 1: 5500 } })).toBe("object");
    expect(infuseItem({ ...ring, slot: 9 }, 1)).toBe("Sigils cannot be upgraded.");
  });
});

describe("enchanting skill cap", () => {
  const day = 24 * 60 * 60 * 1000;
  it("is 22 in the epoch week and rises by 1 each Monday 00:00 UTC", () => {
    expect(new Date(ENCHANTING_CAP_EPOCH_MS).getUTCDay()).toBe(1);
    expect(enchantingSkillCap(ENCHANTING_CAP_EPOCH_MS)).toBe(ENCHANTING_BASE_CAP);
    expect(enchantingSkillCap(ENCHANTING_CAP_EPOCH_MS + 7 * day - 1)).toBe(22);
    expect(enchantingSkillCap(Date.UTC(2026, 10, 23))).toBe(23);
    expect(enchantingSkillCap(Date.UTC(2026, 10, 29, 23, 59))).toBe(23);
    expect(enchantingSkillCap(Date.UTC(2026, 10, 30))).toBe(24);
    expect(enchantingSkillCap(Date.UTC(2026, 11, 7))).toBe(25);
    expect(enchantingSkillCap(ENCHANTING_CAP_EPOCH_MS - 30 * day)).toBe(22);
    expect(enchantingSkillCap(Number.NaN)).toBe(22);
  });
});

describe("enchanting", () => {
  it("maps the twelve enchants to formulas, reagents and value boosts", () => {
    expect(ENCHANTS.map((e) => e.rankId)).toEqual([60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71]);
    expect(new Set(ENCHANTS.map((e) => e.formula)).size).toBe(12);
    for (const e of ENCHANTS) {
      expect(e.formula).toBeGreaterThanOrEqual(17);
      expect(e.formula).toBeLessThanOrEqual(28);
      expect(e.reagent).toBeGreaterThanOrEqual(29);
      expect(e.reagent).toBeLessThanOrEqual(34);
    }
    expect(enchantBoosts(60, 5)).toEqual({ 60: 5, 80: 5 });
    expect(enchantBoosts(63, 5)).toEqual({ 63: 5, 83: 10 });
    expect(enchantBoosts(71, 2)).toEqual({ 71: 2, 86: 2 });
    expect(enchantBoosts(66, 4)).toEqual({ 66: 4 });
    expect(enchantBoosts(59, 4)).toEqual({});
  });

  it("costs 3 reagent units per rank and needs the skill", () => {
    const r = ok(enchantItem(ring, 60, 5, { skillRank: 5 }));
    expect(r.cost).toEqual([{ lootId: LootId.InfernalHeart, amount: 15 }]);
    expect(r.item.boosts[60]).toBe(5);
    expect(r.item.boosts[80]).toBe(5);
    expect(r.item.boosts[40]).toBe(ring.boosts[40]);
    expect(ring.boosts[60]).toBeUndefined();
    expect(enchantItem(ring, 60, 6, { skillRank: 5 })).toBe(
      "Rank 6 needs Inferno skill rank 6 (you have 5).",
    );
    expect(enchantItem(ring, 60, 5, { skillRank: 5, wallet: { 34: 14 } })).toBe(
      "Not enough Infernal Heart.",
    );
    expect(typeof enchantItem(ring, 60, 5, { skillRank: 5, wallet: { 34: 15 } })).toBe("object");
  });

  it("raises the same enchant for the new ranks only and replaces another one", () => {
    const five = ok(enchantItem(ring, 60, 5, { skillRank: 30 })).item;
    expect(itemEnchant(five)).toEqual({ enchant: ENCHANTS[0], rank: 5 });
    expect(enchantCost(five, 60, 8)).toEqual([{ lootId: LootId.InfernalHeart, amount: 9 }]);
    expect(enchantItem(five, 60, 5, { skillRank: 30 })).toBe(
      "The item already has Inferno at rank 5.",
    );
    const swapped = ok(enchantItem(five, 69, 3, { skillRank: 30 }));
    expect(swapped.cost).toEqual([{ lootId: LootId.FourLeafClover, amount: 9 }]);
    expect(swapped.item.boosts[60]).toBeUndefined();
    expect(swapped.item.boosts[80]).toBeUndefined();
    expect(swapped.item.boosts[69]).toBe(3);
  });

  it("checks the item, enchant, rank and the date's cap", () => {
    expect(enchantItem({ ...ring, slot: 9 }, 60, 1, { skillRank: 5 })).toBe(ERR_ENCHANT_SIGIL);
    expect(enchantItem(ring, 72, 1, { skillRank: 5 })).toBe(ERR_ENCHANT_UNKNOWN);
    expect(enchantItem(ring, 60, 0, { skillRank: 5 })).toBe(ERR_ENCHANT_RANK);
    expect(enchantItem(ring, 60, 1.5, { skillRank: 5 })).toBe(ERR_ENCHANT_RANK);
    const monday = Date.UTC(2026, 10, 23);
    expect(enchantItem(ring, 60, 24, { skillRank: 40, dateMs: monday })).toBe(
      "Enchant rank cannot exceed the enchanting cap of 23.",
    );
    expect(typeof enchantItem(ring, 60, 23, { skillRank: 40, dateMs: monday })).toBe("object");
  });
});
