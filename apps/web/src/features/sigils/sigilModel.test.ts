import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { testItem } from "../items/testItems";
import { activeSigil, sigilState } from "./sigilModel";

const base = { loot: {}, boosts: {}, totalBoosts: {} };

describe("sigilState", () => {
  it("starts at level 0 with the first level costing 1000 event points", () => {
    const state = sigilState({ ...base, sigilBoost: 0, loot: { [LootId.EventPoints]: 999 } }, []);
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
    const state = sigilState(
      { ...base, sigilBoost: 4500, loot: { [LootId.EventPoints]: 1500 } },
      [],
    );
    expect(state).toMatchObject({ level: 2, nextCost: 1500, affordable: true, progress: 0.5 });
    expect(state.rows[0]).toMatchObject({ value: 4, nextValue: 6 });
  });

  it("tells the active sigil from what is left of the total boosts", () => {
    const input = {
      ...base,
      sigilBoost: 3000,
      boosts: { 107: 5, 103: 1 },
      totalBoosts: { 107: 5, 103: 3, 86: 2 },
    };
    // Growth (103) at level 2 gives 2: 3 total − 1 own = 2.
    expect(sigilState(input, []).active).toBe(103);
    expect(sigilState(input, []).rows.find((r) => r.active)?.def.name).toBe("Growth");
  });

  it("does not mistake equipment for a sigil", () => {
    // The vitality enchant on a worn item gives 86: 4, all of the total.
    const worn = testItem({ isEquipped: true, boosts: { 86: 4 } });
    expect(activeSigil(2, {}, { 86: 4 }, [worn])).toBeNull();
    expect(activeSigil(2, {}, { 86: 8 }, [worn])).toBe(86);
    expect(activeSigil(0, {}, { 86: 8 }, [worn])).toBeNull();
  });
});
