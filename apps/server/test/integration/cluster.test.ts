import { afterEach, describe, expect, it } from "vitest";
import { freePort, ServerProcess } from "../support/child";
import { counters, loaded, regressions, torn, until, watchRegressions } from "../support/cluster";
import { withDb } from "../support/ledger";
import { seedPlayers } from "../support/seed";
import { type TestStore, testStores } from "../support/stores";
import { sleep } from "../support/wait";

const postgres = testStores().find((f) => f.kind === "postgres");
const PLAYERS = 1000;
const LEASE_MS = 1500;

/**
 * Issue 8: several processes on one PostgreSQL. Each player is owned by one process (its
 * `server_processes` id, renewed by a heartbeat); writes carry that id, so a process presumed
 * dead cannot overwrite the new owner; the players of a dead process are taken over.
 */
describe.runIf(postgres)("two processes on one PostgreSQL", () => {
  let store: TestStore | undefined;
  const procs: ServerProcess[] = [];

  afterEach(async () => {
    for (const p of procs) await p.killIfRunning();
    procs.length = 0;
    await store?.dispose();
    store = undefined;
  });

  async function start(leaseMs = LEASE_MS): Promise<ServerProcess> {
    const env = {
      ...store!.env,
      CLUSTER: "true",
      LEASE_MS: String(leaseMs),
      TICK_MS: "100",
      FLUSH_MS: "300",
      LOG_LEVEL: "warn",
    };
    const p = await ServerProcess.start(env, await freePort());
    procs.push(p);
    return p;
  }

  /** A holds every seeded player; B, started after, holds none. */
  async function twoProcesses(
    aLeaseMs = LEASE_MS,
    bLeaseMs = LEASE_MS,
  ): Promise<[ServerProcess, ServerProcess]> {
    store = await postgres!.create();
    const a = await start(aLeaseMs);
    await withDb(store, async (db) => {
      await seedPlayers(db, PLAYERS);
      await watchRegressions(db);
    });
    await until(async () => (await loaded(a)) === PLAYERS, 20_000); // A's take-over pass
    const b = await start(bLeaseMs);
    await sleep(bLeaseMs * 2);
    expect([await loaded(a), await loaded(b)]).toEqual([PLAYERS, 0]);
    return [a, b];
  }

  it("takes over the players of a process killed with SIGKILL, each saved whole", async () => {
    const [a, b] = await twoProcesses();
    a.kill("SIGKILL");
    await a.exit;
    const ms = await until(async () => (await loaded(b)) === PLAYERS, 30_000);
    console.info(
      `cluster: ${PLAYERS} players taken over ${ms} ms after a SIGKILL (lease ${LEASE_MS} ms)`,
    );
    // B ticks and saves them: most counters move past what they were at the take-over (a
    // fixed 1 s saw 256 of 1,000 move on a saturated machine, CI 2026-11-29).
    await withDb(store!, async (db) => {
      const before = await counters(db);
      const advanced = async () => {
        let n = 0;
        for (const [id, c] of await counters(db)) if (c > (before.get(id) ?? 0)) n++;
        return n;
      };
      await until(async () => (await advanced()) > PLAYERS / 2, 20_000);
    });
    expect(await withDb(store!, regressions)).toBe(0);
    expect(await withDb(store!, torn)).toBe(0);
  }, 120_000);

  it("a paused process cannot overwrite the new owner, and exits when it wakes", async () => {
    // A renews every 1.2 s (its lease 3.6 s), which B's 3 s lease still accepts with 1.8 s to
    // spare for a late heartbeat on a busy machine (with B's lease at 1.5 s, 300 ms late was
    // enough for B to reap A before the pause: A exited and the poll of A failed, CI
    // 2026-11-28). Woken, A finds its 300 ms flush overdue well before its next heartbeat: it
    // tries to write its older state first, and the fence refuses it.
    const [a, b] = await twoProcesses(3600, 3000);
    a.kill("SIGSTOP");
    await until(async () => (await loaded(b)) === PLAYERS, 30_000);
    await sleep(1000); // B saves a few ticks past whatever A had saved
    const snapshot = await withDb(store!, counters);
    a.kill("SIGCONT"); // A wakes with older state in memory, a flush and a heartbeat due
    const exit = await a.exit;
    expect(exit.code).toBe(1);
    await sleep(500);
    const after = await withDb(store!, counters);
    for (const [id, n] of snapshot)
      expect(after.get(id) ?? 0, `player ${id}`).toBeGreaterThanOrEqual(n);
    expect(await withDb(store!, regressions)).toBe(0); // no save ever went backwards
    expect(await withDb(store!, torn)).toBe(0);
    expect(await loaded(b)).toBe(PLAYERS);
  }, 120_000);
  it("a process presumed dead while it runs is fenced: it writes nothing more and exits", async () => {
    // A renews its row only every 4 s (its lease is 12 s) while B reaps rows older than
    // 1.5 s: B takes A's players while A keeps ticking them and saving every 300 ms. Every save
    // of A's is refused by the owner check; A drops the players, then exits at its next
    // heartbeat. Without the check, both would write the same rows and counters would go back.
    store = await postgres!.create();
    const seeder = await start();
    await withDb(store, async (db) => {
      await seedPlayers(db, PLAYERS);
      await watchRegressions(db);
    });
    seeder.kill("SIGTERM");
    await seeder.exit;
    const a = await start(12_000);
    await until(async () => (await loaded(a)) === PLAYERS, 20_000);
    const b = await start();
    await until(async () => (await loaded(b)) === PLAYERS, 30_000);
    // A's saves were refused: it dropped its players (or, on a slow machine, already exited at
    // its heartbeat before a poll saw the drop).
    const aHolds = () => loaded(a).catch(() => (a.child.exitCode !== null ? 0 : -1));
    await until(async () => (await aHolds()) === 0, 10_000);
    const exit = await a.exit; // at its next heartbeat
    expect(exit.code).toBe(1);
    expect(await withDb(store, regressions)).toBe(0);
    expect(await withDb(store, torn)).toBe(0);
  }, 120_000);
});
