import { describe, expect, it } from "vitest";
import { BOOSTS, GuildUpgrade, guildEffects, LootId } from "../../src/index";
import {
  RESEARCH,
  RESEARCH_TABS,
  ResearchTab,
  researchById,
  researchTab,
} from "../../src/research/catalogue";
import {
  curveLevelCost,
  curveTotalCost,
  ERR_AMOUNT,
  ERR_NOT_RESEARCH,
  FARM_BUILDINGS,
  maxAffordable,
  researchCap,
  researchCost,
  researchCostFactor,
  validatePurchase,
} from "../../src/research/costs";

describe("research catalogue", () => {
  it("has five tabs, each with entries on known boosts", () => {
    expect(RESEARCH_TABS.map((t) => t.name)).toEqual([
      "Base Power",
      "Combat Skills",
      "Enchants",
      "Gathering",
      "Codex",
    ]);
    const known = new Set(BOOSTS.map((b) => b.id as number));
    for (const t of RESEARCH_TABS) expect(researchTab(t.id).length).toBeGreaterThan(0);
    for (const d of RESEARCH) expect(known.has(d.boostId)).toBe(true);
    expect(new Set(RESEARCH.map((d) => d.boostId)).size).toBe(RESEARCH.length);
  });

  it("pays with the right currencies", () => {
    expect(researchById(1)?.payWith).toEqual([LootId.ManaDust]);
    expect(researchById(22)?.payWith).toEqual([LootId.TomeOfWater]);
    expect(researchById(24)?.payWith).toEqual([LootId.TomeOfManaShield]);
    expect(researchById(60)?.payWith).toEqual([LootId.InfernoFormula]);
    expect(researchById(63)?.payWith).toEqual([LootId.FireResistanceFormula]);
    expect(researchById(71)?.payWith).toEqual([LootId.VitalityFormula]);
    expect(researchById(44)?.payWith).toEqual([LootId.ElementalShards]);
    expect(researchById(31)?.payWith).toEqual([LootId.Fish]);
    expect(researchById(105)?.payWith).toEqual([LootId.BoundCodex, LootId.Codex]);
    expect(researchTab(ResearchTab.Codex).map((d) => d.boostId)).toEqual([
      100, 101, 102, 103, 105, 106, 107, 108,
    ]);
    expect(researchById(3)).toBeUndefined();
  });

  it("caps Mana Shield and the five codex entries at 100, enchants at the skill cap", () => {
    for (const id of [24, 100, 101, 102, 103, 106]) expect(researchCap(id)).toBe(100);
    expect(researchCap(105)).toBe(Number.POSITIVE_INFINITY);
    expect(researchCap(1)).toBe(Number.POSITIVE_INFINITY);
    expect(researchCap(60)).toBe(22);
    expect(researchCap(60, { dateMs: Date.UTC(2026, 10, 30) })).toBe(24);
  });
});

describe("research costs", () => {
  it("follow the community estimates: 1000·n² dust, n³ tomes", () => {
    expect(researchCost(1, 0, 1)).toEqual([{ lootId: LootId.ManaDust, cost: 1000 }]);
    expect(researchCost(2, 2, 1)).toEqual([{ lootId: LootId.ManaDust, cost: 9000 }]);
    expect(researchCost(1, 0, 3)).toEqual([{ lootId: LootId.ManaDust, cost: 14_000 }]);
    expect(researchCost(21, 0, 3)).toEqual([{ lootId: LootId.TomeOfFire, cost: 36 }]);
    expect(researchCost(23, 4, 1)).toEqual([{ lootId: LootId.TomeOfNature, cost: 125 }]);
    expect(researchCost(105, 10, 7)).toEqual([{ lootId: LootId.Codex, cost: 7 }]);
    expect(researchCost(100, 9, 1)).toEqual([{ lootId: LootId.Codex, cost: 10 }]);
    expect(researchCost(999, 0, 1)).toEqual([]);
  });

  it("closed forms equal the level-by-level sums", () => {
    for (const def of RESEARCH) {
      let sum = 0;
      for (let n = 1; n <= 60; n++) {
        sum += curveLevelCost(def.curve, n);
        expect(curveTotalCost(def.curve, n)).toBe(sum);
      }
    }
  });
});

describe("maxAffordable", () => {
  it("is the most levels the wallet pays for", () => {
    expect(maxAffordable(1, 0, { 1: 14_000 })).toBe(3);
    expect(maxAffordable(1, 0, { 1: 13_999 })).toBe(2);
    expect(maxAffordable(1, 0, {})).toBe(0);
    expect(maxAffordable(1, 3, { 1: 16_000 })).toBe(1);
    expect(maxAffordable(105, 0, { 3: 1_000_000_000_000 })).toBe(1_000_000_000_000);
  });

  it("counts bound codex and codex together and respects caps", () => {
    expect(maxAffordable(100, 0, { 38: 10, 3: 5 })).toBe(5);
    expect(maxAffordable(100, 0, { 3: 1e12 })).toBe(100);
    expect(maxAffordable(100, 99, { 3: 1e12 })).toBe(1);
    expect(maxAffordable(100, 100, { 3: 1e12 })).toBe(0);
    expect(maxAffordable(24, 0, { 16: 1e12 })).toBe(100);
    expect(maxAffordable(60, 0, { 20: 1e6 })).toBe(22);
    expect(maxAffordable(60, 0, { 20: 1e6 }, { dateMs: Date.UTC(2026, 10, 23) })).toBe(23);
  });
});

describe("validatePurchase", () => {
  it("requires an amount of at least 1 (non-numeric is 0)", () => {
    for (const amount of [0, -1, Number.NaN, "5", undefined, 0.5]) {
      expect(validatePurchase(1, 0, amount, { 1: 1e9 })).toEqual({ ok: false, error: ERR_AMOUNT });
    }
  });

  it("rejects unknown research, caps and what the wallet cannot pay", () => {
    expect(validatePurchase(3, 0, 1, { 1: 1e9 })).toEqual({ ok: false, error: ERR_NOT_RESEARCH });
    expect(validatePurchase(24, 100, 1, { 16: 1e9 })).toEqual({
      ok: false,
      error: "Mana Shield Rank is at its maximum level (100).",
    });
    expect(validatePurchase(100, 98, 3, { 3: 1e9 })).toEqual({
      ok: false,
      error: "Base Experience can only be raised 2 more levels (max 100).",
    });
    expect(validatePurchase(100, 99, 2, { 3: 1e9 })).toEqual({
      ok: false,
      error: "Base Experience can only be raised 1 more level (max 100).",
    });
    expect(validatePurchase(1, 0, 1, { 1: 999 })).toEqual({
      ok: false,
      error: "Not enough Mana Dust.",
    });
    expect(validatePurchase(1, 0, 4, { 1: 14_000 })).toEqual({
      ok: false,
      error: "You can only afford 3 levels of Base Spellpower.",
    });
    expect(validatePurchase(1, 0, 2, { 1: 1000 })).toEqual({
      ok: false,
      error: "You can only afford 1 level of Base Spellpower.",
    });
  });

  it("accepts a valid purchase and pays bound codex first", () => {
    expect(validatePurchase(1, 0, 3, { 1: 14_000 })).toEqual({
      ok: true,
      level: 3,
      cost: 14_000,
      payment: [{ lootId: LootId.ManaDust, amount: 14_000 }],
    });
    expect(validatePurchase(101, 0, 4, { 38: 6, 3: 10 })).toEqual({
      ok: true,
      level: 4,
      cost: 10,
      payment: [
        { lootId: LootId.BoundCodex, amount: 6 },
        { lootId: LootId.Codex, amount: 4 },
      ],
    });
    expect(validatePurchase(105, 0, 2, { 38: 5 })).toMatchObject({
      payment: [{ lootId: LootId.BoundCodex, amount: 2 }],
    });
    expect(validatePurchase(105, 0, 2, { 3: 5 })).toMatchObject({
      payment: [{ lootId: LootId.Codex, amount: 2 }],
    });
    expect(validatePurchase(2, 1.9, 1.7, { 1: 4000 })).toMatchObject({ ok: true, level: 2 });
  });
});

describe("the guild's Ethereal Refinery on the farm's buildings", () => {
  // Harvest Golem level n costs 50,000·n² mana dust: levels 1-2 cost 250,000.
  const refinery = (level: number) =>
    guildEffects({ [GuildUpgrade.EtherealRefinery]: level }, 0).buildingCost;

  it("lowers the Harvest Golem, Fertilizer and Plots costs by 1% a level", () => {
    for (const id of FARM_BUILDINGS) {
      expect(researchCost(id, 0, 2)[0]?.cost).toBe(250_000);
      expect(researchCost(id, 0, 2, { buildingCost: refinery(10) })[0]?.cost).toBe(225_000);
      expect(researchCost(id, 0, 1, { buildingCost: refinery(3) })[0]?.cost).toBe(48_500);
    }
    // At 100 levels or more the buildings cost nothing (floored at 0).
    expect(researchCost(130, 0, 1, { buildingCost: refinery(150) })[0]?.cost).toBe(0);
  });

  it("leaves every other research, and nonsense factors, alone", () => {
    expect(researchCost(133, 0, 1, { buildingCost: refinery(10) })[0]?.cost).toBe(500_000);
    expect(researchCost(1, 0, 1, { buildingCost: refinery(10) })[0]?.cost).toBe(1000);
    for (const bad of [2, Number.NaN, -1]) {
      const cost = researchCost(130, 0, 1, { buildingCost: bad })[0]?.cost;
      expect(cost).toBe(bad === -1 ? 0 : 50_000);
    }
    expect(researchCostFactor(130, {})).toBe(1);
  });

  it("prices affordability and purchases alike", () => {
    const wallet = { [LootId.ManaDust]: 225_000 };
    expect(maxAffordable(130, 0, wallet)).toBe(1);
    expect(maxAffordable(130, 0, wallet, { buildingCost: refinery(10) })).toBe(2);
    const check = validatePurchase(130, 0, 2, wallet, { buildingCost: refinery(10) });
    expect(check).toMatchObject({ ok: true, level: 2, cost: 225_000 });
    expect(validatePurchase(130, 0, 2, wallet).ok).toBe(false);
  });
});
