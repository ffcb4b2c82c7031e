import { describe, expect, it } from "vitest";
import { initialCompanions, reduceCompanions } from "./companions";

describe("companions slice", () => {
  it("keeps the farm clock with the server's offset, potions, pets and the last harvest", () => {
    let s = reduceCompanions(
      initialCompanions,
      { type: "farmTime", data: { lastHarvest: 10, serverTime: 5000, growthRate: 2 } },
      4000,
    );
    expect(s.farm).toEqual({ lastHarvest: 10, offsetMs: 1000, growthRate: 2 });
    s = reduceCompanions(s, { type: "potions", data: { belt: [], active: [] } });
    expect(s.potions).toEqual({ belt: [], active: [] });
    s = reduceCompanions(
      s,
      { type: "farmHarvest", data: { herbs: { 39: 1 }, upkeep: 200_000, withered: 0, auto: true } },
      7,
    );
    expect(s.lastHarvest).toMatchObject({ upkeep: 200_000, at: 7, auto: true });
    expect(reduceCompanions(s, { type: "onlineCounts", data: { online: 1, active: 1 } })).toBe(s);
    s = reduceCompanions(s, {
      type: "potions",
      data: { belt: [], active: [{ boost: 120, tier: 1, ticksRemaining: 5, autoConsume: false }] },
    });
    const gather = { experienceGained: 1, loot: {}, taxed: {}, items: [] };
    s = reduceCompanions(s, { type: "gatherTick", data: { result: gather, scheduledAt: 0 } });
    expect(s.potions?.active[0]?.ticksRemaining).toBe(4);
  });
});
