import { describe, expect, it } from "vitest";
import { Connection } from "../../src/socket/connection";
import { Sessions } from "../../src/socket/sessions";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import type { PlayerStore } from "../../src/world/player-store";
import { TICK_SLICE_MS, type TickStats, World } from "../../src/world/world";
import { benchPlayer, fakeSocket } from "../support/world-fixtures";

function worldOf(n: number, watchedIds: number[] = [], tickMs = 20) {
  const loaded = new Map<number, LoadedPlayer>(
    Array.from({ length: n }, (_, i) => [i + 1, benchPlayer(i + 1, { gear: false })]),
  );
  const store = { loaded, newItems: new Map<number, number>() } as unknown as PlayerStore;
  const ticks: TickStats[] = [];
  const sessions = new Sessions();
  for (const id of watchedIds) sessions.add(new Connection(fakeSocket(), id));
  const world = new World(store, sessions, {
    tickMs,
    worldSeed: 7,
    onTick: (stats) => ticks.push(stats),
  });
  return { loaded, world, ticks };
}

/** Issue 16: a scheduled tick acts every player once, in slices that let the loop run. */
describe("the sliced world tick", () => {
  it("acts each player exactly once per tick, yielding to the event loop between slices", async () => {
    const { loaded, world, ticks } = worldOf(20_000);
    const before = new Map([...loaded].map(([id, p]) => [id, p.actionCounter]));
    // Timers that run while the first tick is under way: player 1 (acted first) has acted,
    // and the tick has not finished.
    const c0 = loaded.get(1)!.actionCounter;
    let yields = 0;
    const probe = setInterval(() => {
      if (loaded.get(1)!.actionCounter > c0 && ticks.length === 0) yields++;
    }, 0);
    world.start();
    while (ticks.length < 1) await new Promise((r) => setTimeout(r, 5));
    world.stop();
    clearInterval(probe);
    const first = ticks[0] as TickStats;
    expect(first.acted).toBe(20_000);
    // Every player acted once in the first tick (a second may have begun: at most twice).
    for (const [id, p] of loaded) {
      expect(p.actionCounter - (before.get(id) ?? 0)).toBeGreaterThanOrEqual(1);
    }
    expect(yields).toBeGreaterThan(0); // timers ran while the tick was under way
    expect(first.longestSliceMs).toBeLessThan(first.durationMs / 2);
    expect(first.longestSliceMs).toBeGreaterThanOrEqual(TICK_SLICE_MS * 0.5);
  });

  it("skips a player who left memory while the tick was under way", async () => {
    const { loaded, world, ticks } = worldOf(5000);
    const last = loaded.get(5000) as LoadedPlayer;
    const counter = last.actionCounter;
    world.start();
    // The first slice has run (the tick started) but not the last: drop the last player.
    await new Promise<void>((resolve) => {
      const wait = () => {
        if (loaded.get(1)!.actionCounter > benchPlayer(1, { gear: false }).actionCounter) {
          loaded.delete(5000);
          resolve();
        } else setImmediate(wait);
      };
      wait();
    });
    while (ticks.length < 1) await new Promise((r) => setTimeout(r, 5));
    world.stop();
    expect(last.actionCounter).toBe(counter);
    expect(ticks[0]?.acted).toBe(4999);
  });

  it("acts the players someone watches first, wherever they are in memory", async () => {
    const { loaded, world, ticks } = worldOf(20_000, [20_000]);
    const watched = loaded.get(20_000) as LoadedPlayer;
    // Next to it in memory, unwatched: it acts in a later slice.
    const neighbour = loaded.get(19_999) as LoadedPlayer;
    const [w0, n0] = [watched.actionCounter, neighbour.actionCounter];
    world.start();
    // Stop at the first yield after the tick began: only its first slice has run.
    await new Promise<void>((resolve) => {
      const wait = () => {
        if (watched.actionCounter > w0 || neighbour.actionCounter > n0) resolve();
        else setImmediate(wait);
      };
      wait();
    });
    expect(watched.actionCounter).toBe(w0 + 1);
    expect(neighbour.actionCounter).toBe(n0);
    while (ticks.length < 1) await new Promise((r) => setTimeout(r, 5));
    world.stop();
  });

  it("stopped while a phase waits, leaves the process's setImmediate working", async () => {
    // Eight phases of 100 ms: after the first phase the tick waits on a timer for the next.
    const { loaded, world } = worldOf(40, [], 800);
    const first = loaded.get(8) as LoadedPlayer; // id 8: phase 0
    const counter = first.actionCounter;
    world.start();
    while (first.actionCounter === counter) await new Promise((r) => setTimeout(r, 5));
    world.stop();
    // Node's clearImmediate given that timer once broke the count of pending immediates, and
    // an immediate then waited for the next timer of the process to wake the loop.
    const order: string[] = [];
    await new Promise<void>((resolve) => {
      const late = setTimeout(() => order.push("timer"), 200);
      setImmediate(() => {
        order.push("immediate");
        clearTimeout(late);
        resolve();
      });
      setTimeout(resolve, 400);
    });
    expect(order).toEqual(["immediate"]);
  });
});
