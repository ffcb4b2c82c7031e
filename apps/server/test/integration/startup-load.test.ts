import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createServer, type GameServer } from "../../src/server";
import { loadItems } from "../../src/world/item-store";
import { PlayerStore } from "../../src/world/player-store";
import { seedPlayers } from "../support/seed";
import { startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

/** Issue 16: a big world loads in batches while the server already ticks and answers. */
describe.each(testStores())("start-up loading on $kind", (factory) => {
  let store: TestStore | undefined;
  let server: GameServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await store?.dispose();
    store = undefined;
  });

  it("ticks and answers before the acting players have all loaded, then has them all", async () => {
    store = await factory.create();
    const first = await startTestServer(store, { TICK_MS: "60000" });
    const n = 10_000;
    await seedPlayers(first.database.db, n);
    await first.stop();

    server = await createServer(
      loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        TICK_MS: "50",
        FLUSH_MS: "60000",
        LOG_LEVEL: "silent",
        WEB_DIST: "",
        JWT_SECRET: "test-secret-that-is-long-enough-for-hs256-tokens",
        ...store.env,
      }),
    );
    await server.start();
    const s = server;
    const health = (await fetch(`${s.url}/api/health`).then((r) => r.json())) as { ok: boolean };
    expect(health.ok).toBe(true);
    let ticksWhileLoading = 0;
    let loadedAtFirstTick = -1;
    const watch = setInterval(() => {
      if (s.world.tickCount > 0 && loadedAtFirstTick < 0) loadedAtFirstTick = s.store.loaded.size;
    }, 5);
    await s.whenLoaded();
    clearInterval(watch);
    ticksWhileLoading = s.world.tickCount;
    expect(ticksWhileLoading).toBeGreaterThan(0);
    expect(loadedAtFirstTick).toBeLessThan(n);
    expect(s.store.loaded.size).toBe(n);
  });

  it("loads an item lent between players far apart in one batch once, lent out and held", async () => {
    // The load parses a batch's items in slices and builds its players in slices (item-store.ts,
    // player-loader.ts): a loan between the first and the last of 600 players, who fall in
    // different slices, still comes once to each side.
    store = await factory.create();
    const first = await startTestServer(store, { TICK_MS: "60000" });
    try {
      const ids = await seedPlayers(first.database.db, 600);
      const [a, z] = [ids[0]!, ids[ids.length - 1]!];
      await first.database.db.execute(sql`
        insert into items (owner_id, borrower_id, name, level, rarity, slot, boosts, rolls, quality)
        values (${a}, ${z}, 'Lent Far', 10, 2, 1, '{"3":4}', '{}', 0.5),
          (${z}, ${a}, 'Lent Back', 10, 2, 2, '{"3":4}', '{}', 0.5)`);
      // As the load reads them: each item once, in its holder's list and its owner's lent list.
      const read = await loadItems(first.database.db, ids, () => true);
      expect([read.get(a)?.held.length, read.get(a)?.lentOut.length]).toEqual([1, 1]);
      expect([read.get(z)?.held.length, read.get(z)?.lentOut.length]).toEqual([1, 1]);
      const loader = new PlayerStore(first.database.db);
      expect(await loader.loadActive()).toBe(600);
      const [pa, pz] = [loader.loaded.get(a)!, loader.loaded.get(z)!];
      for (const [holder, owner] of [
        [pz, pa],
        [pa, pz],
      ] as const) {
        expect(holder.inventory.size).toBe(1);
        expect(owner.inventory.lentOut.size).toBe(1);
        const [lent] = owner.inventory.lentOut.values();
        expect(holder.inventory.get(lent!.owned.item.id)?.borrowerId).toBe(holder.id);
      }
    } finally {
      await first.stop();
    }
  });
});
