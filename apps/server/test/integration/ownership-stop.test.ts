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
 */
describe.each(testStores())("ownership at a clean stop ($kind)", (factory) => {
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
      // A process whose row another removed is still fenced.
      const live = await start("live");
      await db.execute(sql`delete from server_processes where id = ${live.id}`);
      await live.beat();
      expect(fenced).toEqual(["live"]);
      await live.stop();
    });
  });
});
