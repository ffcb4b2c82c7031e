import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import {
  type Database,
  LIVENESS_LOCK_CLASS,
  type LivenessSession,
  livenessKey,
  openDatabase,
} from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { Ownership } from "../../src/world/ownership";
import { type TestStore, testStores } from "../support/stores";

/**
 * The liveness lock (PostgreSQL): each process of a cluster holds an advisory lock keyed by its
 * id on a connection of its own. A process killed outright (kill -9: the kernel closes its
 * sockets, PostgreSQL ends its sessions) leaves the lock free, and the others take it for dead
 * at once instead of a lease later. "Killed" here: its lock's session is closed while its row
 * stays, heartbeat fresh, as a dead process leaves it.
 */
const postgres = testStores().filter((f) => f.kind === "postgres");

describe.skipIf(postgres.length === 0)("ownership: the liveness lock (postgres)", () => {
  let store: TestStore | undefined;
  let database: Database | undefined;
  const owners: Ownership[] = [];

  afterEach(async () => {
    await Promise.all(owners.splice(0).map((o) => o.stop().catch(() => {})));
    await database?.close();
    database = undefined;
    await store?.dispose();
    store = undefined;
  });

  /** Processes with a minute's lease: no timed heartbeat runs during a test. */
  async function cluster() {
    store = await postgres[0]!.create();
    database = await openDatabase({
      databaseUrl: store.env.DATABASE_URL,
      dataDir: store.env.DATA_DIR,
    });
    const db = database.db;
    const liveness = database.liveness!;
    const sessions = new Map<number, LivenessSession>();
    const fenced: number[] = [];
    let reaped = 0;
    const start = async (livenessRetryMs?: number) => {
      const own: Ownership = new Ownership(db, {
        leaseMs: 60_000,
        ...(livenessRetryMs ? { livenessRetryMs } : {}),
        cluster: true,
        onFenced: () => fenced.push(own.id),
        onReaped: () => reaped++,
        liveness: async (id) => {
          const session = await liveness(id);
          sessions.set(id, session);
          return session;
        },
      });
      await own.start();
      owners.push(own);
      return own;
    };
    /**
     * The backend holding process `id`'s lock now, if any. In this test's database only:
     * pg_locks lists every database's locks, and other tests' processes on the same server
     * hold locks of the same keys in theirs (ending one of those stopped another test's
     * server, CI of 2026-11-30).
     */
    const holder = async (id: number) =>
      resultRows<{ pid: number }>(
        await db.execute(sql`
          select pid from pg_locks
          where locktype = 'advisory' and classid = ${LIVENESS_LOCK_CLASS}
            and objid = ${livenessKey(id)} and granted
            and database = (select oid from pg_database where datname = current_database())`),
      )[0]?.pid;
    /** Whether process `id`'s lock is held now. */
    const held = async (id: number) => (await holder(id)) !== undefined;
    const kill = async (own: Ownership) => {
      owners.splice(owners.indexOf(own), 1);
      await sessions.get(own.id)!.close();
    };
    return { db, start, held, holder, kill, fenced, reaped: () => reaped };
  }

  it("takes a killed process for dead at once, and never a live one", async () => {
    const c = await cluster(); // the lease alone would take a minute
    const survivor = await c.start();
    const live = await c.start();
    const victim = await c.start();
    const other = await c.start();
    expect(await c.held(victim.id)).toBe(true);
    expect(await survivor.gone(live.id)).toBe(false);
    expect(await survivor.gone(victim.id)).toBe(false);

    await c.kill(victim);
    expect(await survivor.gone(victim.id)).toBe(true);
    expect(c.reaped()).toBe(1);
    // A heartbeat finds the dead ones too (their acting players are picked up then).
    await c.kill(other);
    await survivor.beat();
    expect(c.reaped()).toBe(2);
    expect(survivor.others.ids).toEqual([live.id]);
    expect(await survivor.gone(live.id)).toBe(false);
    // The try took the dead locks for its statement only: free again, held by nobody.
    expect(await c.held(victim.id)).toBe(false);
    expect(c.fenced).toEqual([]);
  });

  it("takes its lock again when its session breaks; reaped meanwhile, it stops writing", async () => {
    const c = await cluster();
    const survivor = await c.start();
    const broken = await c.start(1000);
    /**
     * Ends the session holding `id`'s lock and waits until that backend has let it go
     * (pg_terminate_backend only signals it): returns the ended backend's pid.
     */
    const terminate = async (id: number) => {
      const pid = (await c.holder(id))!;
      await c.db.execute(sql`select pg_terminate_backend(${pid})`);
      await expect.poll(() => c.holder(id), { timeout: 5000 }).not.toBe(pid);
      return pid;
    };
    // The connection breaks (PostgreSQL ended it): a moment later it holds the lock again, on
    // a session of its own.
    const ended = await terminate(broken.id);
    await expect
      .poll(async () => [undefined, ended].includes(await c.holder(broken.id)), { timeout: 5000 })
      .toBe(false);
    expect(await survivor.gone(broken.id)).toBe(false);
    // Broken again, and another process finds the lock free first: presumed dead, it must not
    // write again, as after a lease ran out.
    await terminate(broken.id);
    await expect.poll(() => survivor.gone(broken.id), { timeout: 5000 }).toBe(true);
    await broken.beat();
    expect(c.fenced).toEqual([broken.id]);
  });
});
