import { describe, expect, it, vi } from "vitest";
import { FlushQueue, type FlushResult } from "../../src/world/flush-queue";
import {
  rememberScores,
  scoreInput,
  scoresDue,
  scoresPending,
  sortKeys,
  takeScores,
} from "../../src/world/leaderboard-scores";
import { Col, cleanMask } from "../../src/world/player-columns";
import { benchPlayer } from "../support/world-fixtures";

/** A flush that runs until `finish` is called, remembering whether it was timed. */
function controlledRuns() {
  const runs: Array<{ timed: boolean; finish: () => void }> = [];
  const run = (timed: boolean) =>
    new Promise<FlushResult>((resolve) => {
      runs.push({ timed, finish: () => resolve({ written: 1, failed: 0 }) });
    });
  return { runs, run };
}

describe("the store's flushes and the leaderboard scores' cadence (issue 30)", () => {
  it("runs one flush at a time; the one queued behind is timed only if every caller was", async () => {
    const { runs, run } = controlledRuns();
    const queue = new FlushQueue(run);
    const first = queue.flush({ timed: true });
    const timed = queue.flush({ timed: true });
    const shutdown = queue.flush(); // not the timer: the queued flush writes every score
    expect(runs).toHaveLength(1);
    runs[0]!.finish();
    await first;
    await vi.waitFor(() => expect(runs).toHaveLength(2));
    expect(timed).toBe(shutdown); // one flush serves both
    runs[1]!.finish();
    expect(await shutdown).toEqual({ written: 1, failed: 0 });
    expect(runs.map((r) => r.timed)).toEqual([true, false]);

    const again = queue.flush({ timed: true });
    const alsoTimed = queue.flush({ timed: true });
    runs[2]!.finish();
    await again;
    await vi.waitFor(() => expect(runs).toHaveLength(4));
    runs[3]!.finish();
    await alsoTimed;
    expect(runs.map((r) => r.timed)).toEqual([true, false, true, true]);
  });

  it("writes a player's scores on the timer at most every LEADERBOARD_MS, spread by id", () => {
    const every = 30_000;
    const due: number[] = [];
    for (let id = 1; id <= 200; id++) {
      const p = benchPlayer(id);
      rememberScores(p, sortKeys(scoreInput(p)));
      p.battleXp += 100;
      // The first timed save after loading writes them, and sets the next one.
      expect(
        takeScores(p, Col.battleXp, { everyMs: every, now: 1000, force: false }),
      ).not.toBeNull();
      p.battleXp += 100;
      expect(takeScores(p, Col.battleXp, { everyMs: every, now: 2000, force: false })).toBeNull();
      expect(scoresPending(p)).toBe(true);
      let at = 2000;
      while (!scoresDue(p, at)) at += 100;
      expect(at).toBeGreaterThanOrEqual(1000 + every / 2);
      expect(at).toBeLessThanOrEqual(1000 + every + 100);
      due.push(at);
      // Due: the timer's save writes them, even with no scored column in its mask.
      const w = takeScores(p, Col.zone, { everyMs: every, now: at, force: false });
      expect(w?.changes.length).toBeGreaterThan(0);
      expect(scoresPending(p)).toBe(false);
      // Any other save writes pending scores whenever it comes.
      p.battleXp += 100;
      expect(takeScores(p, Col.battleXp, { everyMs: every, now: at + 1, force: false })).toBeNull();
      expect(takeScores(p, cleanMask())).not.toBeNull();
    }
    // Spread: the players' next writes fall all over the second half of the interval.
    const buckets = new Set(due.map((t) => Math.floor((t - 1000) / (every / 10))));
    expect(buckets.size).toBeGreaterThanOrEqual(5);
  });
});
