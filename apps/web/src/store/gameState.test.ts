import type { PlayerState, ServerMessage } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { initialGameState, onConnected, reduceServerMessage } from "./gameState";
import { LOOT_TRACKER_LIMIT } from "./lootTracker";

const player = {
  id: 1,
  name: "Merlin",
  actions: 10,
  loot: { 1: 100, 2: 5 },
  boosts: { 3: 1 },
  totalBoosts: { 3: 1 },
  taxes: {},
  referrerRewards: {},
} as unknown as PlayerState;

const reduce = (state = initialGameState, message: ServerMessage) =>
  reduceServerMessage(state, message, 76);

describe("reduceServerMessage", () => {
  it("flags a version mismatch only for another build", () => {
    expect(reduce(undefined, { type: "versionCheck", data: { build: 76 } }).versionMismatch).toBe(
      false,
    );
    expect(reduce(undefined, { type: "versionCheck", data: { build: 77 } }).versionMismatch).toBe(
      true,
    );
  });

  it("merges map fields of a player patch and replaces the rest", () => {
    const hydrated = reduce(undefined, { type: "playerState", data: { player } });
    const next = reduce(hydrated, {
      type: "playerUpdate",
      data: { patch: { actions: 9, loot: { 1: 150, 7: 3 }, boosts: { 4: 2 } } },
    });
    expect(next.player?.actions).toBe(9);
    expect(next.player?.loot).toEqual({ 1: 150, 2: 5, 7: 3 });
    expect(next.player?.boosts).toEqual({ 3: 1, 4: 2 });
    expect(next.player?.name).toBe("Merlin");
  });

  it("ignores a patch before the full state arrives", () => {
    expect(
      reduce(undefined, { type: "playerUpdate", data: { patch: { actions: 1 } } }).player,
    ).toBeNull();
  });

  it("keeps the newest 200 loot tracker entries, newest first", () => {
    let state = initialGameState;
    for (let i = 0; i < 250; i++) {
      state = reduce(state, {
        type: "lootTracker",
        data: { entries: [{ timestamp: i, lootId: 2, amount: 1 }] },
      });
    }
    expect(state.lootTracker).toHaveLength(LOOT_TRACKER_LIMIT);
    expect(state.lootTracker[0]?.timestamp).toBe(249);
    expect(state.lootTracker.at(-1)?.timestamp).toBe(50);
    const batch = reduce(initialGameState, {
      type: "lootTracker",
      data: { entries: [{ timestamp: 1 }, { timestamp: 2 }] },
    });
    expect(batch.lootTracker.map((e) => e.timestamp)).toEqual([2, 1]);
  });

  it("clears the loot tracker and results on (re)connect", () => {
    const state = reduce(undefined, {
      type: "lootTracker",
      data: { entries: [{ timestamp: 1, lootId: 2, amount: 1 }] },
    });
    expect(onConnected(state).lootTracker).toEqual([]);
  });
});
