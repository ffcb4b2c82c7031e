import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { activeSigilSummary, sigilState } from "./sigilModel";

const base = { loot: {}, activeSigil: 0 };

describe("sigilState", () => {
  it("starts at level 0 with the first level costing 1000 event points", () => {
    const state = sigilState({ ...base, sigilBoost: 0, loot: { [LootId.EventPoints]: 999 } });
    expect(state).toMatchObject({ level: 0, nextCost: 1000, affordable: false, active: null });
    expect(state.rows.map((r) => [r.def.name, r.value, r.nextValue])).toEqual([
      ["Purpose", 0, 2],
      ["Distillation", 0, 2],
      ["Vitality", 0, 2],
      ["Growth", 0, 1],
    ]);
  });

  it("reads the shared level from the points spent and prices the next level", () => {
    // Level 2 needs 3000 points in total; level 3 needs 6000.
    const state = sigilState({ ...base, sigilBoost: 4500, loot: { [LootId.EventPoints]: 1500 } });
    expect(state).toMatchObject({ level: 2, nextCost: 1500, affordable: true, progress: 0.5 });
    expect(state.rows[0]).toMatchObject({ value: 4, nextValue: 6 });
  });

  it("marks the sigil the server names as active", () => {
    const state = sigilState({ ...base, sigilBoost: 3000, activeSigil: 103 });
    expect(state.active).toBe(103);
    expect(state.rows.filter((r) => r.active).map((r) => r.def.name)).toEqual(["Growth"]);
  });

  it("has no active sigil for 0 or an id that is not a sigil", () => {
    expect(sigilState({ ...base, sigilBoost: 3000, activeSigil: 0 }).active).toBeNull();
    expect(sigilState({ ...base, sigilBoost: 3000, activeSigil: 5 }).active).toBeNull();
  });
});

describe("activeSigilSummary", () => {
  it("names the active sigil with its level and effect", () => {
    const summary = activeSigilSummary({ ...base, sigilBoost: 3000, activeSigil: 103 });
    expect(summary).toMatchObject({ name: "Growth", level: 2 });
    expect(summary?.effect).toMatch(/^\+2%? /);
  });

  it("is null without a player or an active sigil", () => {
    expect(activeSigilSummary(null)).toBeNull();
    expect(activeSigilSummary({ ...base, sigilBoost: 3000 })).toBeNull();
  });
});
