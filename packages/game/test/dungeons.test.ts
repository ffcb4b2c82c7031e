import { describe, expect, it } from "vitest";
import {
  boardByKey,
  boardScore,
  completionTreasure,
  createRng,
  dungeonScores,
  emptyDungeon,
  finishedQuote,
  idleFinished,
  idleStep,
  idleTicksRequired,
  idleTimeLeftMs,
  LootId,
  MAX_PRESETS,
  managePreset,
  maxAffordable,
  moveDelayMs,
  PresetOperation,
  queueMax,
  researchCap,
  Size,
  showUnlockPrompt,
  treasureMultiplier,
  unlockCap,
  validatePurchase,
  viewRadius,
} from "../src";

describe("dungeon rules (spec 001 section 9)", () => {
  it("idle ticks: 1200 − 10 per Idle speed level, ×2 medium, ×3 large", () => {
    expect(idleTicksRequired(Size.Small, 0)).toBe(1200);
    expect(idleTicksRequired(Size.Medium, 0)).toBe(2400);
    expect(idleTicksRequired(Size.Large, 10)).toBe(3 * 1100);
    expect(idleTicksRequired(Size.Small, 100)).toBe(200);
    expect(idleTicksRequired(Size.Small, 500)).toBe(200); // the cap
    expect(idleTicksRequired(Size.None, 0)).toBe(0);
    expect(idleTimeLeftMs(1000, 1200)).toBe(600_000);
    expect(idleTimeLeftMs(1300, 1200)).toBe(0);
  });

  it("queue, movement, view and treasure", () => {
    expect(queueMax(0, false)).toBe(1);
    expect(queueMax(3, false)).toBe(4);
    expect(queueMax(3, true)).toBe(8);
    expect(moveDelayMs(0)).toBe(1500);
    expect(moveDelayMs(10)).toBe(500);
    expect(moveDelayMs(99)).toBe(500);
    expect(viewRadius(0)).toBe(1);
    expect(viewRadius(5)).toBe(6);
    expect(treasureMultiplier(25)).toBeCloseTo(1.25);
  });

  it("finished: idle None, or completed + in progress ≥ unlocked; the unlock prompt", () => {
    const base = { idleSize: Size.Small, completed: 2, inProgress: false, unlocked: 3 };
    expect(idleFinished(base)).toBe(false);
    expect(idleFinished({ ...base, inProgress: true })).toBe(true);
    expect(idleFinished({ ...base, idleSize: Size.None })).toBe(true);
    const cap = unlockCap(base, queueMax(0, false));
    expect(cap).toBe(3);
    expect(showUnlockPrompt(base, cap)).toBe(false); // not finished
    const done = { ...base, completed: 3 };
    expect(showUnlockPrompt(done, unlockCap(done, 1))).toBe(true);
    expect(showUnlockPrompt({ ...done, idleSize: Size.None }, 4)).toBe(false);
    expect(showUnlockPrompt(done, 0)).toBe(false);
    expect(showUnlockPrompt(done, 3)).toBe(false); // unlocked at the cap
  });
});

describe("dungeon upgrades (research tab Dungeon)", () => {
  it("caps: Idle speed 100, Swiftness 10, Perception 5, Auto Loot 1; Unlocked by the queue", () => {
    expect(researchCap(141)).toBe(100);
    expect(researchCap(143)).toBe(10);
    expect(researchCap(144)).toBe(5);
    expect(researchCap(146)).toBe(1);
    expect(researchCap(140)).toBe(0);
    expect(researchCap(140, { dungeonUnlockCap: 4 })).toBe(4);
  });

  it("paid with Dungeon Points; refused past the cap or without points", () => {
    const wallet = { [LootId.DungeonPoints]: 100 };
    const ok = validatePurchase(141, 0, 2, wallet);
    expect(ok).toEqual({
      ok: true,
      level: 2,
      cost: 15,
      payment: [{ lootId: LootId.DungeonPoints, amount: 15 }],
    });
    expect(validatePurchase(146, 1, 1, { [LootId.DungeonPoints]: 1e9 })).toEqual({
      ok: false,
      error: "Auto Loot is at its maximum level (1).",
    });
    expect(validatePurchase(144, 0, 1, {})).toEqual({
      ok: false,
      error: "Not enough Dungeon Points.",
    });
    expect(maxAffordable(141, 0, wallet)).toBe(5); // 5+10+15+20+25 = 75 ≤ 100 < 105
  });

  it("Unlocked costs 1,000 Mana Dust each, up to the cap", () => {
    const dust = { [LootId.ManaDust]: 10_000 };
    expect(validatePurchase(140, 1, 2, dust, { dungeonUnlockCap: 3 })).toMatchObject({
      ok: true,
      level: 3,
      cost: 2000,
    });
    expect(validatePurchase(140, 1, 3, dust, { dungeonUnlockCap: 3 }).ok).toBe(false);
    expect(validatePurchase(140, 0, 1, dust).ok).toBe(false);
  });
});

describe("idle step", () => {
  it("counts a tick per action and completes at the required ticks", () => {
    const s = emptyDungeon();
    s.idleSize = Size.Small;
    const rng = createRng(1);
    const input = { unlocked: 2, idleLevel: 100, petChance: 0 };
    for (let i = 0; i < 199; i++) expect(idleStep(s, input, rng)).toBe(0);
    expect(s.idleTicks).toBe(199);
    expect(idleStep(s, input, rng)).toBe(Size.Small);
    expect(s).toMatchObject({ idleTicks: 0, completed: 1 });
  });

  it("does nothing when finished (None, or unlocks used)", () => {
    const s = emptyDungeon();
    const rng = createRng(1);
    expect(idleStep(s, { unlocked: 5, idleLevel: 0, petChance: 0 }, rng)).toBe(0);
    s.idleSize = Size.Large;
    s.completed = 5;
    expect(idleStep(s, { unlocked: 5, idleLevel: 0, petChance: 0 }, rng)).toBe(0);
    expect(s.idleTicks).toBe(0);
  });

  it("the Dungeon Idle pet adds 10t% chance of a tick (whole 100%s are sure)", () => {
    const s = emptyDungeon();
    s.idleSize = Size.Large;
    const rng = createRng(7);
    for (let i = 0; i < 1000; i++) idleStep(s, { unlocked: 9, idleLevel: 0, petChance: 0.3 }, rng);
    expect(s.idleTicks).toBeGreaterThan(1250);
    expect(s.idleTicks).toBeLessThan(1350);
    const t = emptyDungeon();
    t.idleSize = Size.Large;
    idleStep(t, { unlocked: 9, idleLevel: 0, petChance: 2 }, rng);
    expect(t.idleTicks).toBe(3);
  });

  it("treasure: points and dust times the Treasure multiplier, orbs by chance", () => {
    const t = completionTreasure(3, 100, createRng(3));
    expect(t[LootId.DungeonPoints]).toBe(90);
    expect(t[LootId.ManaDust]).toBe(3000);
    let orbs = 0;
    const rng = createRng(9);
    for (let i = 0; i < 2000; i++) orbs += completionTreasure(1, 0, rng)[LootId.OrbOfPower] ?? 0;
    expect(orbs).toBeGreaterThan(60);
    expect(orbs).toBeLessThan(140);
    expect(finishedQuote(5)).toMatch(/\w/);
  });
});

describe("presets", () => {
  it("create, activate, delete; names trimmed; control characters and unknown names refused", () => {
    const s = emptyDungeon();
    s.idleSize = Size.Medium;
    expect(managePreset(s, PresetOperation.Create, "  Farm  ")).toEqual({
      ok: true,
      message: "Preset Farm saved.",
    });
    s.idleSize = Size.None;
    expect(managePreset(s, PresetOperation.Activate, "Farm").ok).toBe(true);
    expect(s).toMatchObject({ idleSize: Size.Medium, activePreset: "Farm" });
    expect(managePreset(s, PresetOperation.Activate, "Other")).toEqual({
      ok: false,
      error: "You have no preset named Other.",
    });
    expect(managePreset(s, PresetOperation.Create, "Bad\u0007name")).toEqual({
      ok: false,
      error: "Preset names can't contain control or invisible characters.",
    });
    expect(managePreset(s, PresetOperation.Create, "   ").ok).toBe(false);
    expect(managePreset(s, PresetOperation.Delete, "Farm").ok).toBe(true);
    expect(s).toMatchObject({ presets: [], activePreset: "" });
    for (let i = 0; i < MAX_PRESETS; i++) managePreset(s, PresetOperation.Create, `P${i}`);
    expect(managePreset(s, PresetOperation.Create, "One more").ok).toBe(false);
  });
});

describe("dungeon leaderboards", () => {
  it("score completed, chests, rooms, by hand and speedruns (seconds, lowest first)", () => {
    const s = emptyDungeon();
    Object.assign(s, { completed: 4, manual: 1, treasures: 3, rooms: 40 });
    s.speedrun = [61_234, 0, 0];
    const input = {
      battleXp: 0,
      miningXp: 0,
      fishingXp: 0,
      woodcuttingXp: 0,
      kills: 0,
      deaths: 0,
      actionCounter: 0,
      battleQuestCompleted: 0,
      gatherQuestCompleted: 0,
      highestEnemy: 0,
      boosts: {},
      loot: {},
      sigilPoints: 0,
      dungeons: dungeonScores(s),
    };
    const score = (key: string) => boardScore(boardByKey(key)!, input);
    expect(score("dungeon_completed")).toBe(4);
    expect(score("dungeon_treasures")).toBe(3);
    expect(score("dungeon_rooms")).toBe(40);
    expect(score("dungeon_manual")).toBe(1);
    expect(score("dungeon_speedrun_small")).toBe(61.234);
    expect(score("dungeon_speedrun_medium")).toBeUndefined();
    expect(boardByKey("dungeon_speedrun_small")!.order).toBe("asc");
  });
});
