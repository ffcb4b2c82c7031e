import { describe, expect, it } from "vitest";
import { ActionType, createRng, expectedResourceAmount, LootId, resolveGather } from "../src/index";

const avg = (action: 2 | 3 | 4, level: number, boosts: Record<number, number> = {}) => {
  const rng = createRng(5);
  let total = 0;
  let xp = 0;
  const n = 20_000;
  for (let i = 0; i < n; i++) {
    const r = resolveGather({ action, level, boosts, rng });
    total += r.loot[action === 2 ? LootId.Iron : action === 3 ? LootId.Fish : LootId.Wood] ?? 0;
    xp += r.experience;
  }
  return { amount: total / n, xp: xp / n };
};

describe("resolveGather", () => {
  it("gives 1 + 0.03 x level resources on average, as integers", () => {
    expect(expectedResourceAmount(ActionType.Mining, 0, {})).toBe(1);
    expect(expectedResourceAmount(ActionType.Mining, 100, {})).toBeCloseTo(4, 9);
    expect(avg(ActionType.Mining, 50).amount).toBeCloseTo(2.5, 1);
    const r = resolveGather({
      action: ActionType.Fishing,
      level: 50,
      boosts: {},
      rng: createRng(1),
    });
    expect(Number.isInteger(r.loot[LootId.Fish])).toBe(true);
  });

  it("grows resources and experience with level", () => {
    const low = avg(ActionType.Woodcutting, 1);
    const high = avg(ActionType.Woodcutting, 200);
    expect(high.amount).toBeGreaterThan(low.amount * 3);
    expect(high.xp).toBeGreaterThan(low.xp);
  });

  it("applies base resource, base resource amount and skill boosts", () => {
    expect(expectedResourceAmount(ActionType.Fishing, 0, { 106: 10, 124: 0.5 })).toBeCloseTo(
      2.5,
      9,
    );
    expect(expectedResourceAmount(ActionType.Fishing, 0, { 31: 100 })).toBeCloseTo(2, 9);
    expect(expectedResourceAmount(ActionType.Mining, 0, { 31: 100 })).toBe(1);
  });

  it("drops the skill's material and is deterministic", () => {
    const rng = createRng(9);
    const seen = new Set<number>();
    for (let i = 0; i < 5000; i++) {
      const r = resolveGather({ action: ActionType.Mining, level: 10, boosts: {}, rng });
      for (const id of Object.keys(r.loot)) seen.add(Number(id));
    }
    expect(seen.has(LootId.Asbestos)).toBe(true);
    expect(seen.has(LootId.FishScales)).toBe(false);
    expect(seen.has(LootId.Ironbark)).toBe(false);
    const a = resolveGather({ action: 3, level: 7, boosts: {}, rng: createRng(3) });
    const b = resolveGather({ action: 3, level: 7, boosts: {}, rng: createRng(3) });
    expect(a).toEqual(b);
  });
});
