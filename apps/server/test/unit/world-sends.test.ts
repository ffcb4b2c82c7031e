import { setImmediate as nextTurn } from "node:timers/promises";
import { serverProtocol } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import type { WebSocket } from "ws";
import { Connection } from "../../src/socket/connection";
import { Sessions } from "../../src/socket/sessions";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import {
  COUNTS_PRESENCE_BROADCAST_MAX,
  COUNTS_PRESENCE_DELAY_MS,
} from "../../src/world/online-counts";
import type { PlayerStore } from "../../src/world/player-store";
import { PHASE_MS, World } from "../../src/world/world";
import { benchPlayer } from "../support/world-fixtures";

/**
 * A socket whose TCP transport records writes the way Node's cork works: frames sent while
 * corked leave together when the last cork is lifted.
 */
function recordingSocket(onFrame?: (msg: ReturnType<typeof serverProtocol.decode>) => void) {
  const writes: string[][] = [];
  let corked = 0;
  let pending: string[] = [];
  const transport = {
    cork: () => {
      corked++;
    },
    uncork: () => {
      corked--;
      if (corked === 0 && pending.length > 0) {
        writes.push(pending);
        pending = [];
      }
    },
  };
  const socket = {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    _socket: transport,
    send(frame: Uint8Array) {
      const msg = serverProtocol.decode(frame);
      onFrame?.(msg);
      const { type } = msg;
      if (corked > 0) pending.push(type);
      else writes.push([type]);
    },
    terminate() {},
  };
  return { socket: socket as unknown as WebSocket, writes };
}

function worldWith(players: LoadedPlayer[], tickMs = 3000) {
  const store = {
    loaded: new Map(players.map((p) => [p.id, p])),
    newItems: new Map<number, number>(),
  } as unknown as PlayerStore;
  const sessions = new Sessions();
  const world = new World(store, sessions, { tickMs, worldSeed: 7 });
  const connect = (id: number, onFrame?: Parameters<typeof recordingSocket>[0]) => {
    const rec = recordingSocket(onFrame);
    sessions.add(new Connection(rec.socket, id));
    return rec.writes;
  };
  return { world, connect };
}

/** Issue 16: what a tick tells a player leaves in one write per socket. */
describe("the tick's frames", () => {
  it("sends an acting player's frames of one action together, and the counts with them", () => {
    const acting = benchPlayer(1, { gear: false });
    const { world, connect } = worldWith([acting]);
    const writes = connect(1);
    for (let t = 0; t < 5; t++) world.tick();
    expect(writes).toHaveLength(5);
    for (const batch of writes.slice(0, 4)) {
      expect(batch.slice(0, 2)).toEqual(["battleTick", "playerUpdate"]);
      expect(batch).not.toContain("onlineCounts");
    }
    // The fifth tick carries the counts in the same write, once.
    expect(writes[4]?.filter((t) => t === "onlineCounts")).toHaveLength(1);
    expect(writes[4]?.[0]).toBe("battleTick");
  });

  it("still sends the counts to a connected player who does not act", async () => {
    const acting = benchPlayer(1, { gear: false });
    const resting = benchPlayer(2, { gear: false });
    resting.actions = 0;
    const { world, connect } = worldWith([acting, resting]);
    const actingWrites = connect(1);
    const restingWrites = connect(2);
    for (let t = 0; t < 5; t++) world.tick();
    await nextTurn(); // sent outside a player's batch: it leaves at the end of the turn
    expect(restingWrites).toEqual([["onlineCounts"]]);
    expect(actingWrites.flat().filter((t) => t === "onlineCounts")).toHaveLength(1);
  });

  it("writes to every socket of a player with several tabs", () => {
    const { world, connect } = worldWith([benchPlayer(1, { gear: false })]);
    const first = connect(1);
    const second = connect(1);
    world.tick();
    expect(first).toHaveLength(1);
    expect(second).toEqual(first);
  });
});

/** Issue 16: a tick's players act in phases spread over it, each once. */
describe("the tick's phases", () => {
  it("acts each player once per tick at its own phase's time, and says that time", async () => {
    const players = Array.from({ length: 60 }, (_, i) => benchPlayer(i + 1, { gear: false }));
    const tickMs = 6 * PHASE_MS;
    const { world, connect } = worldWith(players, tickMs);
    expect(world.phases).toBe(6);
    const got = new Map<number, { scheduledAt: number; at: number }>();
    const counters = players.map((p) => p.actionCounter);
    let acted: number[] = [];
    for (const p of players) {
      connect(p.id, (msg) => {
        const tick = msg.type === "battleTick" || msg.type === "gatherTick";
        if (tick && !got.has(p.id)) {
          got.set(p.id, { scheduledAt: msg.data.scheduledAt, at: Date.now() });
          // The last player's frame: the next tick cannot have begun (it is scheduled when
          // this one ends).
          if (got.size === players.length)
            acted = players.map((q, i) => q.actionCounter - (counters[i] as number));
        }
      });
    }
    world.start();
    while (got.size < players.length) await new Promise((r) => setTimeout(r, 10));
    world.stop();
    const tickAt = Math.min(...[...got.values()].map((g) => g.scheduledAt));
    for (const p of players) {
      const g = got.get(p.id) as { scheduledAt: number; at: number };
      expect(g.scheduledAt - tickAt).toBe((p.id % 6) * PHASE_MS);
      // Not before its phase (timers may fire a millisecond early).
      expect(g.at).toBeGreaterThanOrEqual(g.scheduledAt - 2);
    }
    // Each acted exactly once in that tick.
    expect(acted).toEqual(players.map(() => 1));
  });

  it("keeps one phase for short ticks", () => {
    expect(worldWith([], 2 * PHASE_MS - 1).world.phases).toBe(1);
  });
});

/** Issue 16: arrivals in a big world do not broadcast to every socket on their own. */
describe("the counts after players come and go", () => {
  const counted = (writes: string[][]) => writes.flat().filter((t) => t === "onlineCounts").length;
  const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it("go out within the presence delay in a small world", async () => {
    const players = [1, 2, 3].map((id) => benchPlayer(id, { gear: false }));
    const { world, connect } = worldWith(players, 60_000);
    const first = connect(1);
    world.start();
    const second = connect(2);
    await wait(COUNTS_PRESENCE_DELAY_MS + 100);
    world.stop();
    expect(counted(first)).toBe(1);
    expect(counted(second)).toBe(1);
  });

  it("ride the next tick in a big world, once to each socket", async () => {
    const n = COUNTS_PRESENCE_BROADCAST_MAX + 1;
    const players = Array.from({ length: n + 1 }, (_, i) => benchPlayer(i + 1, { gear: false }));
    const { world, connect } = worldWith(players, 60_000);
    const writes = Array.from({ length: n }, (_, i) => connect(i + 1));
    world.start();
    writes.push(connect(n + 1));
    await wait(COUNTS_PRESENCE_DELAY_MS + 100);
    expect(writes.every((w) => counted(w) === 0)).toBe(true);
    world.tick();
    world.stop();
    expect(writes.every((w) => counted(w) === 1)).toBe(true);
  });
});

describe("a connection's writes", () => {
  it("send a turn's frames together at its end, and a batch's when the batch ends", async () => {
    const rec = recordingSocket();
    const sessions = new Sessions();
    const conn = new Connection(rec.socket, 1);
    sessions.add(conn);
    conn.toast("one");
    conn.send("pong", { serverTime: 1 });
    expect(rec.writes).toEqual([]); // held until the turn ends
    await nextTurn();
    expect(rec.writes).toEqual([["toast", "pong"]]);
    // A tick's batch is not held for the rest of the turn.
    sessions.batch(1, () => {
      sessions.send(1, "toast", { text: "tick" });
      sessions.send(1, "pong", { serverTime: 2 });
    });
    expect(rec.writes).toEqual([
      ["toast", "pong"],
      ["toast", "pong"],
    ]);
    conn.toast("later");
    await nextTurn();
    expect(rec.writes).toHaveLength(3);
  });
});
