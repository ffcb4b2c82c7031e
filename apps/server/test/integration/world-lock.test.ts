import { afterEach, describe, expect, it } from "vitest";
import { Ownership } from "../../src/world/ownership";
import { OncePerWorld } from "../../src/world/world-lock";
import { withDb } from "../support/ledger";
import { type TestStore, testStores } from "../support/stores";

/** Issue 8: a job that must run once per world runs on the holder of its lock, and moves. */
describe.each(testStores())("once-per-world lock ($kind)", (factory) => {
  let store: TestStore | undefined;

  afterEach(async () => {
    await store?.dispose();
    store = undefined;
  });

  it("has one holder, keeps it while the holder lives and moves when its row goes", async () => {
    store = await factory.create();
    await withDb(store, async (db) => {
      const process = (name: string) => {
        const own = new Ownership(db, {
          leaseMs: 60_000,
          cluster: true,
          onFenced: () => {
            throw new Error(`${name} fenced`);
          },
        });
        return { own, jobs: new OncePerWorld(db, own) };
      };
      const a = process("a");
      const b = process("b");
      await a.own.start();
      await b.own.start();
      expect(await a.jobs.hold("prune")).toBe(true);
      expect(await b.jobs.hold("prune")).toBe(false);
      expect(await a.jobs.hold("prune")).toBe(true); // still a's
      expect(await b.jobs.hold("other")).toBe(true); // each job its own lock
      await a.own.stop(); // a's row goes, as when its lease expires
      expect(await b.jobs.hold("prune")).toBe(true);
      const c = process("c");
      await c.own.start();
      expect(await c.jobs.hold("prune")).toBe(false);
      await b.own.stop();
      await c.own.stop();
    });
  });
});
