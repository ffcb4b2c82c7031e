import { describe, expect, it } from "vitest";
import {
  nextElementalRift,
  nextRiftOfPower,
  overlappingElemental,
  SPEC_TIMING,
  ticksUntil,
} from "../../src/index";

const H = 3600_000;
const M = 60_000;

describe("event schedule", () => {
  it("Elemental Rift: every 3.5 h, a 5-minute queue then 10 minutes, keeping its rhythm", () => {
    const first = nextElementalRift(SPEC_TIMING, 0, undefined);
    expect(first).toEqual({
      queueAt: 3.5 * H,
      startsAt: 3.5 * H + 5 * M,
      endsAt: 3.5 * H + 15 * M,
    });
    const second = nextElementalRift(SPEC_TIMING, first.endsAt + 1, first.queueAt);
    expect(second.queueAt).toBe(7 * H);
    // A scheduler that was down for a day skips the rifts it missed, on the same rhythm.
    const late = nextElementalRift(SPEC_TIMING, 30 * H, first.queueAt);
    expect(late.queueAt).toBe(31.5 * H);
  });

  it("Rift of Power: 3-6 h apart, seeded, 10 minutes, never inside an Elemental Rift", () => {
    const erQueue = 3.5 * H;
    const starts: number[] = [];
    let prev: number | undefined;
    for (let n = 1; n <= 200; n++) {
      const w = nextRiftOfPower(SPEC_TIMING, prev ?? 0, prev, erQueue, 42, n);
      expect(w).toBeDefined();
      expect(w!.endsAt - w!.startsAt).toBe(10 * M);
      expect(overlappingElemental(SPEC_TIMING, erQueue, w!.startsAt, w!.endsAt)).toBeUndefined();
      if (prev !== undefined) {
        expect(w!.startsAt - prev).toBeGreaterThanOrEqual(3 * H);
        // at most 6 h, plus a move past one rift (15 min and a queue's 5 min after it)
        expect(w!.startsAt - prev).toBeLessThanOrEqual(6 * H + 20 * M);
      }
      starts.push(w!.startsAt);
      prev = w!.startsAt;
    }
    // The same seed and number give the same rift (every process agrees).
    expect(nextRiftOfPower(SPEC_TIMING, 0, 0, erQueue, 42, 7)).toEqual(
      nextRiftOfPower(SPEC_TIMING, 0, 0, erQueue, 42, 7),
    );
    expect(new Set(starts.map((s, i) => s - (starts[i - 1] ?? 0))).size).toBeGreaterThan(100);
  });

  it("gives up on a Rift of Power when the Elemental Rift leaves no room", () => {
    const t = { ...SPEC_TIMING, elementalRiftEveryMs: 14 * M };
    expect(nextRiftOfPower(t, 0, undefined, 0, 1, 1)).toBeUndefined();
  });

  it("counts whole ticks left", () => {
    expect(ticksUntil(10_000, 0, 3000)).toBe(4);
    expect(ticksUntil(9000, 0, 3000)).toBe(3);
    expect(ticksUntil(0, 5, 3000)).toBe(0);
  });
});
