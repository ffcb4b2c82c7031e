import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { Ownership } from "../../src/world/ownership";
import { withDb } from "../support/ledger";
import { type TestStore, testStores } from "../support/stores";

/**
 * A clean stop removes the process's row. A heartbeat that runs meanwhile (on PostgreSQL, on
 * another connection of the pool) then finds no row to renew: it must not take that for the
 * others presuming this process dead. Before, it did, and the server ended its process with
 * exit code 1 at a clean stop; inside a test runner that was the runner's own worker.
 *
 * Who is live: a process that registered after this one's last read of the others is live (its
 * bus messages may come first); one whose row the last read did not find is dead. Before, a
 * process unknown at the last read counted as dead, and a guild dungeon floor forgot its runners.
 */
describe.each(testStores())("ownership: a clean stop, who is live ($kind)", (factory) => {
  let store: TestStore | undefined;

  afterEach(async () => {
    await store?.dispose();
    store = undefined;
  });

  it("a heartbeat during or after stop never calls the process fenced", async () => {
    store = await factory.create();
    await withDb(store, async (db) => {
      const fenced: string[] = [];
      const start = async (name: string) => {
        const own = new Ownership(db, {
          leaseMs: 300,
          cluster: true,
          onFenced: () => fenced.push(name),
        });
        await own.start();
        return own;
      };
      const after = await start("after");
      await after.stop();
      await after.beat(); // finds its row gone
      const during = await start("during");
      await Promise.all([during.stop(), during.beat(), during.beat()]);
      // Stopped while its timer's heartbeats (every 100 ms) run.
      const timed = await start("timed");
      await new Promise((r) => setTimeout(r, 250));
      await timed.stop();
      await new Promise((r) => setTimeout(r, 250));
      expect(fenced).toEqual([]);
      // A process whose row another removed is still fenced, once: here two beats overlap
      // (and its timer's may run with them), as on a busy machine (CI 2026-11-29, where the
      // timer's beat and the test's both reported it).
      const live = await start("live");
      await db.execute(sql`delete from server_processes where id = ${live.id}`);
      await Promise.all([live.beat(), live.beat()]);
      expect(fenced).toEqual(["live"]);
      await live.stop();
    });
  });

  it("takes a process registered since its last read for live, one gone from it for dead", async () => {
    store = await factory.create();
    await withDb(store, async (db) => {
      const start = async () => {
        const own = new Ownership(db, { leaseMs: 60_000, cluster: true, onFenced: () => {} });
        await own.start();
        return own;
      };
      const one = await start();
      const two = await start(); // after one's last read: one has not seen it yet
      expect(one.others.ids).toEqual([]);
      expect(one.isLive(two.id)).toBe(true);
      expect(two.isLive(one.id)).toBe(true); // read at start
      await one.beat();
      expect(one.isLive(two.id)).toBe(true);
      // Two's row gone (its lease ran out): once one has read it, two is dead to one.
      await db.execute(sql`delete from server_processes where id = ${two.id}`);
      expect(one.isLive(two.id)).toBe(true);
      await one.beat();
      expect(one.isLive(two.id)).toBe(false);
      await Promise.all([one.stop(), two.stop()]);
    });
  });
});
