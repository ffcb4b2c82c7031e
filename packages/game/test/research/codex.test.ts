import { describe, expect, it } from "vitest";
import { codexResetPreview, LootId } from "../../src/index";

describe("codexResetPreview", () => {
  it("refunds every codex spent in the Codex tab as bound codex", () => {
    const boosts = { 1: 5, 3: 40, 100: 10, 105: 20, 107: 3, 60: 4 };
    const p = codexResetPreview(boosts);
    expect(p.spent).toEqual({ 100: 55, 105: 20, 107: 6 });
    expect(p.refund).toEqual([{ lootId: LootId.BoundCodex, amount: 81 }]);
    expect(p.boosts).toEqual({ 1: 5, 3: 40, 60: 4 });
    expect(boosts[100]).toBe(10);
  });

  it("refunds nothing when no codex research was bought", () => {
    expect(codexResetPreview({ 1: 5 })).toEqual({ refund: [], spent: {}, boosts: { 1: 5 } });
    expect(codexResetPreview({ 100: 0 })).toEqual({ refund: [], spent: {}, boosts: {} });
  });
});
