import { describe, expect, it } from "vitest";
import {
  FLUSH_CHUNK,
  FLUSH_LANES,
  FLUSH_TURN_CHUNKS,
  type FlushDeps,
  flushDue,
} from "../../src/world/flush-chunks";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import { Col, cleanMask, markDirty } from "../../src/world/player-columns";

/** Loaded players with one changed column each (or clean), as `hasUnsaved` reads them. */
function world(n: number, dirty = true): Map<number, LoadedPlayer> {
  const loaded = new Map<number, LoadedPlayer>();
  for (let id = 1; id <= n; id++) {
    const p = {
      id,
      dirty: cleanMask(),
      credits: null,
      guildTax: null,
      guildXp: null,
      eventShare: null,
      referralShards: 0,
      inventory: { hasChanges: false },
      tracker: { cleared: false, added: [] },
    } as unknown as LoadedPlayer;
    if (dirty) markDirty(p, Col.battleXp);
    loaded.set(id, p);
  }
  return loaded;
}

const FORCED = { everyMs: 0, now: 0, force: true };

/** A store's side of the flush: `commit` marks its players saved after a turn of the loop. */
function fakeStore(
  loaded: Map<number, LoadedPlayer>,
  fails: (id: number) => boolean = () => false,
) {
  const log = { turns: 0, commits: [] as number[], atOnce: 0, most: 0 };
  const deps: FlushDeps = {
    loaded,
    exclusive: async (fn) => {
      log.turns++;
      return fn();
    },
    commit: async (players) => {
      log.atOnce++;
      log.most = Math.max(log.most, log.atOnce);
      await new Promise((resolve) => setTimeout(resolve, 1));
      log.atOnce--;
      if (players.some((p) => fails(p.id))) throw new Error("refused");
      log.commits.push(players.length);
      for (const p of players) p.dirty = cleanMask();
      return { written: players.length };
    },
  };
  return { deps, log };
}

describe("the flush's chunks", () => {
  it("writes every due player, two chunks at a time, a turn of exclusive per four chunks", async () => {
    const n = FLUSH_CHUNK * FLUSH_TURN_CHUNKS + FLUSH_CHUNK + 5; // five chunks and a bit
    const { deps, log } = fakeStore(world(n));
    expect(await flushDue(deps, FORCED)).toEqual({ written: n, failed: 0 });
    expect(log.turns).toBe(2);
    expect(log.commits.reduce((a, b) => a + b, 0)).toBe(n);
    expect(log.commits.every((size) => size <= FLUSH_CHUNK)).toBe(true);
    expect(FLUSH_LANES).toBe(2);
    expect(log.most).toBe(2); // side by side, never more
  });

  it("skips clean players and writes nothing when none is due", async () => {
    const { deps, log } = fakeStore(world(10, false));
    expect(await flushDue(deps, FORCED)).toEqual({ written: 0, failed: 0 });
    expect(log.commits).toEqual([]);
  });

  it("splits a chunk that fails until the player that fails is alone; the rest are saved", async () => {
    const loaded = world(40);
    const { deps } = fakeStore(loaded, (id) => id === 17);
    expect(await flushDue(deps, FORCED)).toEqual({ written: 39, failed: 1 });
    expect([...loaded.values()].filter((p) => p.dirty.low !== 0).map((p) => p.id)).toEqual([17]);
  });
});
