import { describe, expect, it } from "vitest";
import { type HandOverStore, HandOvers } from "../../src/world/hand-overs";
import type { LoadedPlayer } from "../../src/world/loaded-player";

/** A store of fake players: what was saved together, dropped and released. */
function fakeStore(ids: number[], failOn?: number) {
  const loaded = new Map<number, LoadedPlayer>();
  for (const id of ids) loaded.set(id, { id, busy: 0, dirtyMark: 1 } as unknown as LoadedPlayer);
  const unsaved = new Set(ids);
  const saves: number[][] = [];
  const releases: Array<{ ids: number[]; to: number }> = [];
  let tail: Promise<unknown> = Promise.resolve();
  const store: HandOverStore = {
    loaded,
    exclusive: (fn) => {
      const run = tail.then(fn);
      tail = run.catch(() => undefined);
      return run;
    },
    unsaved: (p) => unsaved.has(p.id),
    save: async (players) => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      if (players.some((p) => p.id === failOn)) throw new Error("cannot write");
      saves.push(players.map((p) => p.id));
      for (const p of players) unsaved.delete(p.id);
    },
    drop: (id) => {
      loaded.delete(id);
    },
    release: async (released, to) => {
      releases.push({ ids: [...released], to });
    },
  };
  return { store, loaded, saves, releases, unsaved };
}

describe("hand-overs", () => {
  it("players asked for in one turn are saved, dropped and given in one go", async () => {
    const f = fakeStore([1, 2, 3, 4]);
    const h = new HandOvers(f.store);
    const batches: number[] = [];
    h.onHandedOver = (n) => batches.push(n);
    const answers = await Promise.all([h.handOver(1, 9), h.handOver(2, 9), h.handOver(3, 9)]);
    expect(answers).toEqual([true, true, true]);
    expect(f.saves).toEqual([[1, 2, 3]]);
    expect(f.releases).toEqual([{ ids: [1, 2, 3], to: 9 }]);
    expect([...f.loaded.keys()]).toEqual([4]);
    expect(batches).toEqual([3]);
  });

  it("what is asked while a batch saves goes in the next batch, for each process its own", async () => {
    const f = fakeStore([1, 2, 3, 4, 5]);
    const h = new HandOvers(f.store);
    const first = h.handOver(1, 9);
    await new Promise((resolve) => setImmediate(resolve));
    // The first batch is saving: these three wait for it and go together.
    const rest = [h.handOver(2, 9), h.handOver(3, 8)];
    await new Promise((resolve) => setImmediate(resolve));
    rest.push(h.handOver(4, 9));
    expect(await Promise.all([first, ...rest])).toEqual([true, true, true, true]);
    expect(f.releases).toEqual([
      { ids: [1], to: 9 },
      { ids: [3], to: 8 },
      { ids: [2, 4], to: 9 },
    ]);
  });

  it("a busy player is asked again until free; one that stays busy is refused", async () => {
    const f = fakeStore([1, 2, 3]);
    const h = new HandOvers(f.store);
    const p1 = f.loaded.get(1) as { busy: number };
    const p2 = f.loaded.get(2) as { busy: number };
    p1.busy = 1;
    p2.busy = 1;
    setTimeout(() => {
      p1.busy = 0;
    }, 60);
    const answers = await Promise.all([h.handOver(1, 9), h.handOver(2, 9), h.handOver(3, 9)]);
    expect(answers).toEqual([true, false, true]);
    expect(f.loaded.has(2)).toBe(true);
    expect(f.releases.flatMap((r) => r.ids).sort()).toEqual([1, 3]);
  });

  it("a player that cannot be saved fails alone; the others of its batch go", async () => {
    const f = fakeStore([1, 2, 3], 2);
    const h = new HandOvers(f.store);
    const answers = await Promise.allSettled([
      h.handOver(1, 9),
      h.handOver(2, 9),
      h.handOver(3, 9),
    ]);
    expect(answers.map((a) => a.status)).toEqual(["fulfilled", "rejected", "fulfilled"]);
    expect(f.loaded.has(2)).toBe(true);
    expect(f.unsaved.has(2)).toBe(true);
    expect(f.releases.flatMap((r) => r.ids)).toEqual([1, 3]);
  });

  it("a player not held here is given at once (its row may still name this process)", async () => {
    const f = fakeStore([1]);
    const h = new HandOvers(f.store);
    expect(await h.handOver(7, 9)).toBe(true);
    expect(f.saves).toEqual([]);
    expect(f.releases).toEqual([{ ids: [7], to: 9 }]);
  });
});
