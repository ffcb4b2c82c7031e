import { describe, expect, it } from "vitest";
import {
  collectFarm,
  createRng,
  FARM_MAX_GROWTH_MS,
  FARM_MIN_GROWTH_MS,
  farmDebtLimit,
  farmStatus,
  farmYieldPerHour,
  LootId,
} from "../src/index";

const H = 3_600_000;
const M = 60_000;
const T0 = 1_700_000_000_000;

function collect(ms: number, manaDust = 1e12, boosts: Record<number, number> = {}) {
  return collectFarm({ lastHarvest: T0, now: T0 + ms, boosts, manaDust, rng: createRng(7) });
}

function herbsOf(r: ReturnType<typeof collect>): number {
  if (!r.ok) return -1;
  return Object.values(r.harvest.herbs).reduce((a, b) => a + b, 0);
}

describe("farm yield", () => {
  it("is 2.5 herbs an hour, each farm boost with exponent 0.9", () => {
    expect(farmYieldPerHour({})).toBe(2.5);
    expect(farmYieldPerHour({ 130: 100 })).toBeCloseTo(2.5 * 2 ** 0.9, 12);
    expect(farmYieldPerHour({ 130: 100, 131: 100, 132: 100 })).toBeCloseTo(2.5 * 8 ** 0.9, 12);
  });
});

describe("collecting the farm", () => {
  it("refuses at 2 h 59 min and says how long is left", () => {
    const r = collect(3 * H - M);
    expect(r).toEqual({ ok: false, error: "Your herbs need 1m more to grow." });
    expect(farmStatus(T0, T0 + 3 * H - M, {}).collectable).toBe(false);
  });

  it("collects 7 herbs at 3 h for 1.4M Mana Dust of upkeep", () => {
    const r = collect(FARM_MIN_GROWTH_MS);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(herbsOf(r)).toBe(7); // floor(2.5 × 3)
    expect(r.harvest.upkeep).toBe(7 * 200_000);
    expect(r.harvest.withered).toBe(0);
    expect(r.harvest.lastHarvest).toBe(T0 + 3 * H);
    // Split evenly (2 each), the left-over herb to one of the three.
    for (const id of [LootId.Sunpetal, LootId.Sageroot, LootId.Bloomwell]) {
      expect(r.harvest.herbs[id]).toBeGreaterThanOrEqual(2);
    }
  });

  it("collects a full day's 60 herbs at 24 h, and no more at 30 h", () => {
    const day = collect(FARM_MAX_GROWTH_MS);
    const late = collect(30 * H);
    expect(herbsOf(day)).toBe(60);
    expect(herbsOf(late)).toBe(60);
    if (!day.ok || !late.ok) return;
    expect(day.harvest.herbs).toEqual({ 39: 20, 40: 20, 41: 20 });
    expect(late.harvest.upkeep).toBe(12_000_000);
    expect(farmStatus(T0, T0 + 24 * H, {}).fullyGrown).toBe(true);
    expect(farmStatus(T0, T0 + 24 * H - 1, {}).fullyGrown).toBe(false);
  });

  it("goes into debt down to one day of upkeep; herbs past it wither", () => {
    expect(farmDebtLimit({})).toBe(12_000_000);
    // No dust at all: the whole day is paid on debt.
    const broke = collect(24 * H, 0);
    expect(broke.ok && broke.harvest.upkeep).toBe(12_000_000);
    // Already 11M in debt: only 5 herbs fit (down to -12M), 55 wither.
    const deep = collect(24 * H, -11_000_000);
    expect(herbsOf(deep)).toBe(5);
    expect(deep.ok && deep.harvest.withered).toBe(55);
    // At the limit: refused, the crop keeps waiting.
    expect(collect(24 * H, -12_000_000)).toEqual({
      ok: false,
      error: "Your Mana Dust debt is too deep to pay the farm's upkeep; earn some dust first.",
    });
  });

  it("a last harvest in the future counts as no growth", () => {
    expect(farmStatus(T0 + H, T0, {}).growthMs).toBe(0);
  });
});
