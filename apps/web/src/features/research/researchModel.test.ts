import { LootId, researchById } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  capText,
  knownTab,
  parsePurchaseAmount,
  purchaseForm,
  researchLevel,
  researchRow,
  researchRows,
} from "./researchModel";

const NOW = Date.UTC(2026, 10, 17);
const spellpower = researchById(1)!;
const manaShield = researchById(24)!;
const actions = researchById(105)!;

describe("parsePurchaseAmount", () => {
  it("accepts separators and suffixes; anything else becomes 0", () => {
    expect(parsePurchaseAmount("12")).toBe(12);
    expect(parsePurchaseAmount("1.5k")).toBe(1500);
    expect(parsePurchaseAmount("1,000")).toBe(1000);
    expect(parsePurchaseAmount("2.9")).toBe(2);
    expect(parsePurchaseAmount("abc")).toBe(0);
    expect(parsePurchaseAmount("")).toBe(0);
    expect(parsePurchaseAmount("-4")).toBe(0);
  });
});

describe("purchaseForm", () => {
  // Spellpower level n costs 1000·n² mana dust: levels 1-3 cost 1000 + 4000 + 9000.
  const wallet = { [LootId.ManaDust]: 14_000 };

  it("allows 1 up to the affordable maximum", () => {
    const one = purchaseForm(spellpower, 0, "1", wallet, NOW);
    expect(one).toMatchObject({ amount: 1, max: 3, cost: 1000, levelAfter: 1, canConfirm: true });
    expect(one.error).toBeNull();
    expect(purchaseForm(spellpower, 0, "3", wallet, NOW)).toMatchObject({
      cost: 14_000,
      canConfirm: true,
    });
  });

  it("disables Confirm at 0, for non-numbers and above the maximum", () => {
    expect(purchaseForm(spellpower, 0, "0", wallet, NOW).canConfirm).toBe(false);
    const text = purchaseForm(spellpower, 0, "many", wallet, NOW);
    expect(text).toMatchObject({
      amount: 0,
      canConfirm: false,
      error: "Amount must be at least 1.",
    });
    const over = purchaseForm(spellpower, 0, "4", wallet, NOW);
    expect(over.canConfirm).toBe(false);
    expect(over.error).toMatch(/only afford 3 levels/);
  });

  it("stops at the cap", () => {
    const rich = { [LootId.TomeOfManaShield]: 1e12 };
    const form = purchaseForm(manaShield, 98, "5", rich, NOW);
    expect(form.max).toBe(2);
    expect(form.canConfirm).toBe(false);
    expect(form.error).toMatch(/only be raised 2 more levels/);
    expect(purchaseForm(manaShield, 98, "2", rich, NOW).canConfirm).toBe(true);
  });

  it("counts bound codex and codex together for codex research", () => {
    const form = purchaseForm(actions, 0, "5", { [LootId.BoundCodex]: 3, [LootId.Codex]: 2 }, NOW);
    expect(form).toMatchObject({ max: 5, cost: 5, canConfirm: true });
  });
});

describe("research rows", () => {
  it("shows level, cap, next cost and the currency", () => {
    const row = researchRow(spellpower, { 1: 2 }, { [LootId.ManaDust]: 9000 }, NOW);
    expect(row).toMatchObject({
      name: "Base Spellpower",
      level: 2,
      atCap: false,
      nextCost: 9000,
      currencyName: "Mana Dust",
      budget: 9000,
      max: 1,
    });
    expect(capText(row.cap)).toBe("∞");
    const capped = researchRow(manaShield, { 24: 100 }, {}, NOW);
    expect(capped).toMatchObject({ atCap: true, nextCost: 0, max: 0 });
    expect(capText(capped.cap)).toBe("100");
  });

  it("lists a tab's research in catalogue order", () => {
    expect(researchRows(5, {}, {}, NOW).map((r) => r.def.boostId)).toEqual([
      100, 101, 102, 103, 105, 106, 107, 108,
    ]);
    expect(researchLevel({ 1: 2.7 }, 1)).toBe(2);
    expect(researchLevel({}, 1)).toBe(0);
  });

  it("falls back to the first tab for an unknown stored tab", () => {
    expect(knownTab(3)).toBe(3);
    expect(knownTab(42)).toBe(1);
  });
});

describe("a farm building with the guild's Ethereal Refinery", () => {
  const golem = researchById(130)!;
  const wallet = { [LootId.ManaDust]: 225_000 };

  it("prices the row and the form with the discount", () => {
    const plain = researchRow(golem, {}, wallet, NOW);
    expect(plain).toMatchObject({ nextCost: 50_000, max: 1, costFactor: 1 });
    const row = researchRow(golem, {}, wallet, NOW, 0.9);
    expect(row).toMatchObject({ nextCost: 45_000, max: 2, costFactor: 0.9 });
    expect(purchaseForm(golem, 0, "2", wallet, NOW, 0.9)).toMatchObject({
      cost: 225_000,
      canConfirm: true,
    });
    expect(purchaseForm(golem, 0, "2", wallet, NOW).canConfirm).toBe(false);
  });

  it("does not discount other research", () => {
    expect(researchRow(spellpower, {}, wallet, NOW, 0.9)).toMatchObject({
      nextCost: 1000,
      costFactor: 1,
    });
  });
});
