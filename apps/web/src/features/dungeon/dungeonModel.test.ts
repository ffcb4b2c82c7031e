import { Size } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { durationText, idleView, needsPerceptionWarning } from "./dungeonModel";

const player = {
  boosts: { 140: 3, 141: 10, 142: 1 },
  hasQoL: false,
  dungeonIdleSize: Size.Medium,
  dungeonIdleTicks: 200,
  dungeonsCompleted: 1,
  dungeonInProgress: false,
};

describe("idleView", () => {
  it("shows ticks/required, time left at 3 s a tick and the unlocks left", () => {
    expect(idleView(player)).toMatchObject({
      ticks: 200,
      required: 2200,
      timeLeftMs: 2000 * 3000,
      finished: false,
      quote: null,
      left: 2,
      queue: 2,
      cap: 3,
      prompt: false,
    });
  });

  it("finished with every unlock used: the quote and the unlock prompt", () => {
    const v = idleView({ ...player, dungeonsCompleted: 3 });
    expect(v.finished).toBe(true);
    expect(v.quote).toMatch(/\w/);
    expect(v.prompt).toBe(true);
    expect(v.cap).toBe(5);
    expect(idleView({ ...player, dungeonsCompleted: 3, hasQoL: true }).cap).toBe(7);
    expect(idleView({ ...player, dungeonIdleSize: Size.None }).prompt).toBe(false);
  });

  it("formats durations and warns about large dungeons without Perception", () => {
    expect(durationText(3_900_000)).toBe("1h 05m");
    expect(durationText(270_000)).toBe("4m 30s");
    expect(durationText(12_000)).toBe("12s");
    expect(needsPerceptionWarning(Size.Large, {})).toBe(true);
    expect(needsPerceptionWarning(Size.Large, { 144: 1 })).toBe(false);
    expect(needsPerceptionWarning(Size.Medium, {})).toBe(false);
  });
});
