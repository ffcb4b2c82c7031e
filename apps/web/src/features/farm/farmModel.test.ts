import { ActionType } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { brewSettingsCodec, quickBrewPlan } from "./brewSettings";
import { farmView, timeLeft } from "./farmModel";

const H = 3_600_000;

describe("farmView", () => {
  it("reads the farm in server time and at the world's growth rate", () => {
    const now = 1_000_000_000;
    const clock = { lastHarvest: now - 2 * H, offsetMs: H, growthRate: 1 };
    const v = farmView(clock, {}, now);
    expect(v.status.collectable).toBe(true); // 3 h in server time
    expect(v.status.herbs).toBe(7);
    expect(v.fullInMs).toBe(21 * H);
    const fast = farmView({ lastHarvest: now, offsetMs: 0, growthRate: 3600 }, {}, now + 1000);
    expect(fast.status.growthMs).toBe(H);
    expect(fast.readyInMs).toBe(2000);
  });
  it("formats the time left", () => {
    expect(timeLeft(3 * H + 5 * 60_000)).toBe("3h 5m");
    expect(timeLeft(45_000)).toBe("45s");
  });
});

describe("quick brew plan", () => {
  it("brews the section's amounts that fit the action, or asks to fill them in", () => {
    const settings = brewSettingsCodec.parse(
      JSON.stringify({
        105: { tier: 2, amount: 1, autoConsume: true },
        120: { tier: 1, amount: 3, autoConsume: false },
        124: { tier: 1, amount: 3 },
        122: { tier: 5, amount: 0 },
      }),
    );
    const battle = quickBrewPlan(settings, ActionType.Battle);
    expect("entries" in battle && battle.entries.map((e) => [e.boost, e.autoConsume])).toEqual([
      [105, true],
      [120, false],
    ]);
    const mining = quickBrewPlan(settings, ActionType.Mining);
    expect("entries" in mining && mining.entries.map((e) => e.boost)).toEqual([105, 124]);
    expect(quickBrewPlan({}, ActionType.Battle)).toEqual({
      empty: "Fill in the amounts in the brewing section first.",
    });
    expect(brewSettingsCodec.parse("{bad")).toEqual({});
  });
});
