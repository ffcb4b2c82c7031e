import { ChatChannel, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it, onTestFailed } from "vitest";
import { resultRows } from "../../src/db/runner";
import { freePort, ServerProcess } from "../support/child";
import {
  handOverTotals,
  loaded,
  regressions,
  torn,
  until,
  watchRegressions,
} from "../support/cluster";
import { ledger, unexplainedDust, withDb } from "../support/ledger";
import {
  connectRemote,
  type RemotePlayer,
  registerRemote,
  storedPlayers,
} from "../support/players";
import { redisReachable, TEST_REDIS_URL } from "../support/redis";
import { seedPlayers } from "../support/seed";
import { TEST_JWT_SECRET } from "../support/server";
import { type TestStore, testStores } from "../support/stores";
import { sleep } from "../support/wait";

const postgres = testStores().find((f) => f.kind === "postgres");
const REDIS_URL = TEST_REDIS_URL;
const LEASE_MS = 1500;

const redisUp = postgres ? await redisReachable() : false;
if (postgres && !redisUp) console.warn(`cluster-redis: no Redis at ${REDIS_URL}; skipped`);

/** A player's kills plus deaths: one per battle action. */
function fought(state: { kills?: number; deaths?: number }): number {
  return (state.kills ?? 0) + (state.deaths ?? 0);
}

/**
 * Issue 8: three processes on one PostgreSQL and one Redis (REDIS_URL), as an operator runs
 * them behind a load balancer. Players on different processes see one world: chat, whispers,
 * transfers, counts; a player who connects to another process is handed over whole; the
 * players of a process killed with SIGKILL are taken over, each action saved exactly once.
 */
describe.runIf(postgres && redisUp)("three processes on one PostgreSQL and Redis", () => {
  let store: TestStore;
  const procs: ServerProcess[] = [];
  const clients: RemotePlayer[] = [];

  async function start(): Promise<ServerProcess> {
    const p = await ServerProcess.start(
      {
        ...store.env,
        REDIS_URL,
        LEASE_MS: String(LEASE_MS),
        TICK_MS: "100",
        FLUSH_MS: "300",
        LOG_LEVEL: "info",
        LOG_FORMAT: "pretty",
        ITEM_DROP_RATE: "0", // every dust comes from a kill: the ledger can account for it
        JWT_SECRET: TEST_JWT_SECRET, // players made straight in the database sign in
        MAX_SOCKETS_PER_IP: "1000", // every test client comes from 127.0.0.1
      },
      await freePort(),
    );
    procs.push(p);
    return p;
  }

  async function player(p: ServerProcess, prefix: string): Promise<RemotePlayer> {
    const { token } = await registerRemote(p.url, prefix);
    const remote = await connectRemote(p.url, token);
    clients.push(remote);
    // Live chat lines reach a player once their history has gone out.
    await remote.client.next("chatHistory", () => true, { timeoutMs: 30_000 });
    return remote;
  }

  beforeAll(async () => {
    store = await postgres!.create();
    // All at once on a fresh database: one migrates, the others wait for it.
    await Promise.all([start(), start(), start()]);
  }, 120_000);

  beforeEach(() => {
    onTestFailed(() => {
      for (const [i, p] of procs.entries()) console.error(`--- process ${i + 1}:\n${p.output}`);
    });
  });

  afterAll(async () => {
    for (const c of clients) c.client.close();
    for (const p of procs) await p.killIfRunning();
    await store?.dispose();
  });

  it("players on different processes chat, whisper, transfer and count as one world", async () => {
    const [p1, p2, p3] = procs as [ServerProcess, ServerProcess, ServerProcess];
    const ann = await player(p1, "Ann");
    const bob = await player(p2, "Bob");
    const cid = await player(p3, "Cid");
    expect(await fetch(`${p2.url}/api/ready`).then((r) => r.json())).toEqual({
      ready: true,
      status: "ready",
    });
    const ready = await fetch(`${p2.metricsUrl}/ready`).then((r) => r.json());
    expect(ready).toEqual({
      ready: true,
      status: "ready",
      checks: { database: "ok", migrations: "ok", redis: "ok" },
    });

    // A General line from process 1 reaches the players of processes 2 and 3, once.
    const text = `hello from ${ann.name}`;
    ann.client.send("chat", { channel: ChatChannel.General, text });
    const isLine = (m: { entry: { message: { text?: string }[] } }) =>
      m.entry.message.some((part) => part.text?.includes(text));
    const [atBob, atCid] = await Promise.all([
      bob.client.next("chatLine", isLine),
      cid.client.next("chatLine", isLine),
    ]);
    expect(atBob.entry.senderName).toBe(ann.name);
    expect(
      atCid.entry.id,
      JSON.stringify([atBob, atCid, bob.client.received.map((m) => m.type)]),
    ).toBe(atBob.entry.id);

    // A whisper from process 2 to a player on process 1: delivered, and Bob is not told that
    // Ann is offline (she is online, on another process).
    const bobMark = bob.client.received.length;
    bob.client.send("chat", { text: `/w ${ann.name} psst` });
    const whisper = await ann.client.next(
      "chatLine",
      (m) => m.entry.channel === ChatChannel.Whispers && m.entry.senderName === bob.name,
    );
    expect(whisper.entry.recipientName).toBe(ann.name);
    await sleep(500);
    const bobToasts = bob.client.received
      .slice(bobMark)
      .filter((m) => m.type === "toast")
      .map((m) => (m.data as { text: string }).text);
    expect(bobToasts.filter((t) => t.includes("offline"))).toEqual([]);

    // Ann earns dust in battle on process 1 and sends some to Cid on process 3.
    ann.client.send("selectEnemy", { zone: 1, enemy: 1, magicType: 1 });
    await ann.client.next("playerUpdate", (m) => (m.patch.loot?.[LootId.ManaDust] ?? 0) >= 5);
    const cidMark = cid.client.received.length;
    ann.client.send("transferLoot", { lootId: LootId.ManaDust, quantity: 3, to: cid.name });
    const note = await cid.client.next("toast", (m) => m.text.startsWith(ann.name), {
      since: cidMark,
    });
    expect(note.text).toBe(`${ann.name} sent you 3 Mana Dust.`);
    const update = await cid.client.next("playerUpdate", (m) => m.patch.loot !== undefined, {
      since: cidMark,
    });
    expect(update.patch.loot?.[LootId.ManaDust]).toBeGreaterThanOrEqual(3);

    // Online counts the three players of the three processes, on every process.
    for (const c of [ann, bob, cid]) {
      await c.client.next("onlineCounts", (m) => m.online >= 3, { timeoutMs: 15_000 });
    }
  }, 60_000);

  it("a process whose Redis connection broke catches up on the chat lines it missed", async () => {
    const [p1, p2] = procs as [ServerProcess, ServerProcess];
    const eve = await player(p1, "Eve");
    const fay = await player(p2, "Fay");
    const text = `while you were away ${eve.name}`;
    const redis = new Redis(REDIS_URL);
    try {
      // Every subscriber connection is cut; the line is published while they reconnect.
      await redis.client("KILL", "TYPE", "PUBSUB");
      eve.client.send("chat", { channel: ChatChannel.General, text });
    } finally {
      redis.disconnect();
    }
    const isLine = (m: { entry: { message: { text?: string }[] } }) =>
      m.entry.message.some((part) => part.text?.includes(text));
    await fay.client.next("chatLine", isLine);
    await until(async () => p2.output.includes("resyncing"), 10_000);
    await sleep(500);
    const copies = fay.client.received.filter(
      (m) => m.type === "chatLine" && isLine(m.data as Parameters<typeof isLine>[0]),
    );
    expect(copies).toHaveLength(1);
  }, 60_000);

  it("a player who connects to another process is handed over with every action kept", async () => {
    const [p1, p2] = procs as [ServerProcess, ServerProcess];
    const dan = await player(p1, "Dan");
    dan.client.send("selectEnemy", { zone: 1, enemy: 1, magicType: 1 });
    let seen = 0;
    await dan.client.next("playerUpdate", (m) => {
      seen = Math.max(seen, fought(m.patch));
      return seen >= 10;
    });

    const started = performance.now();
    const moved = await connectRemote(p2.url, dan.token);
    const handoverMs = Math.round(performance.now() - started);
    clients.push(moved);
    const closed = await dan.client.closedWith();
    expect(closed).toEqual({ code: 4009, reason: "Playing in another window" });
    for (const m of dan.client.received) {
      if (m.type === "playerUpdate") seen = Math.max(seen, fought(m.data.patch));
    }
    const state = await moved.client.next("playerState");
    expect(fought(state.player)).toBeGreaterThanOrEqual(seen);
    console.info(`cluster: hand-over to another process, connect to state in ${handoverMs} ms`);

    // Process 2 now ticks and saves Dan; every action saved once.
    await moved.client.next("playerUpdate", (m) => fought(m.patch) > fought(state.player));
    await sleep(1000);
    const row = await withDb(store, async (db) => {
      const rows = resultRows<{ counter: string; fought: string; owner: string }>(
        await db.execute(sql`
          select action_counter as counter, kills + deaths as fought, owner_id as owner
          from players where id = ${dan.id}`),
      );
      return rows[0]!;
    });
    expect(Number(row.fought)).toBe(Number(row.counter));
    expect(Number(row.counter)).toBeGreaterThan(seen);
    const p2Row = await withDb(store, async (db) =>
      resultRows<{ id: string }>(
        await db.execute(
          sql`select id from server_processes where name like ${`%:${p2.child.pid}`}`,
        ),
      ),
    );
    expect(Number(row.owner)).toBe(Number(p2Row[0]?.id));
  }, 60_000);

  it("players connecting to another process together are handed over in a few batches", async () => {
    const [p1, p2] = procs as [ServerProcess, ServerProcess];
    const PLAYERS = 24;
    const made = await storedPlayers(
      store,
      Array.from({ length: PLAYERS }, () => "Hop"),
    );
    const first = await Promise.all(made.map((m) => connectRemote(p1.url, m.token)));
    clients.push(...first);
    const before = await handOverTotals(procs);
    const started = performance.now();
    const moved = await Promise.all(made.map((m) => connectRemote(p2.url, m.token)));
    const ms = Math.round(performance.now() - started);
    clients.push(...moved);
    for (const c of first) {
      expect(await c.client.closedWith()).toEqual({
        code: 4009,
        reason: "Playing in another window",
      });
    }
    const after = await handOverTotals(procs);
    const batches = after.batches - before.batches;
    console.info(
      `cluster: ${PLAYERS} players moved to another process together in ${ms} ms, ${batches} hand-over batches`,
    );
    expect(after.players - before.players).toBe(PLAYERS);
    // How many go together depends on how the requests spread over time (5-10 batches here);
    // hand-overs.test holds the batching itself.
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(batches).toBeLessThanOrEqual(PLAYERS);
  }, 60_000);

  it("the players of a process killed with SIGKILL are taken over by the others, saved once", async () => {
    const PLAYERS = 600;
    await withDb(store, async (db) => {
      await watchRegressions(db);
      await seedPlayers(db, PLAYERS);
    });
    // Whoever's pick-up runs first claims the seeded players; let them act a while.
    const total = async () => {
      let n = 0;
      for (const p of procs) if (p.child.exitCode === null) n += await loaded(p);
      return n;
    };
    await until(async () => (await total()) >= PLAYERS, 30_000);
    await sleep(1000);
    // The process holding the most players dies.
    const held = await Promise.all(procs.map((p) => loaded(p)));
    const victim = procs[held.indexOf(Math.max(...held))]!;
    const before = await withDb(store, ledger);
    victim.kill("SIGKILL");
    await victim.exit;
    const survivors = procs.filter((p) => p !== victim);
    const ms = await until(async () => {
      let n = 0;
      for (const p of survivors) n += await loaded(p);
      return n >= PLAYERS;
    }, 30_000);
    console.info(`cluster: three processes, one killed; its players taken over in ${ms} ms`);
    await sleep(1500);
    const after = await withDb(store, ledger);
    expect(after.kills).toBeGreaterThan(before.kills);
    expect(unexplainedDust(before, after)).toBe(0);
    expect(await withDb(store, regressions)).toBe(0);
    expect(await withDb(store, torn)).toBe(0);
  }, 120_000);
  it("a player of a killed process plays on a survivor as soon as its lease is over, not refused", async () => {
    const alive = procs.filter((p) => p.child.exitCode === null && p.child.signalCode === null);
    expect(alive.length).toBeGreaterThanOrEqual(2);
    const [dying, survivor] = alive as [ServerProcess, ServerProcess];
    const eve = await player(dying, "Eve");
    eve.client.send("selectEnemy", { zone: 1, enemy: 1, magicType: 1 });
    await eve.client.next("playerUpdate", (m) => fought(m.patch) >= 5);
    dying.kill("SIGKILL");
    await dying.exit;
    // The dead owner cannot answer the hand-over request; nobody listens on its channel, so
    // the survivor waits for the lease instead of the request's 5 s timeout and a 1013 close.
    const started = performance.now();
    const back = await connectRemote(survivor.url, eve.token);
    clients.push(back);
    const ms = Math.round(performance.now() - started);
    console.info(
      `cluster: a killed process's player back on a survivor ${ms} ms after the kill (lease ${LEASE_MS} ms)`,
    );
    const state = await back.client.next("playerState", () => true);
    await back.client.next("playerUpdate", (m) => fought(m.patch) > fought(state.player));
  }, 60_000);
});
