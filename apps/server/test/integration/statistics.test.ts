import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { refreshStatistics } from "../../src/db/statistics";
import { seedPlayers } from "../support/seed";
import { type TestStore, testStores } from "../support/stores";

/** Issue 30: the planner gets statistics before the start-up load, and only where they lack. */
describe.each(testStores())("planner statistics on $kind", (factory) => {
  let store: TestStore | undefined;
  afterAll(async () => {
    await store?.dispose();
  });

  it("analyses the tables that grew since their statistics, and nothing else", async () => {
    store = await factory.create();
    const database = await openDatabase({
      databaseUrl: store.env.DATABASE_URL,
      dataDir: store.env.DATA_DIR,
    });
    try {
      const { db } = database;
      // The bulk import must meet tables without statistics, whatever autovacuum does.
      for (const table of ["players", "items"]) {
        await db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
      }
      expect(await refreshStatistics(database)).not.toContain("public.players");
      await seedPlayers(db, 3000);
      await db.execute(sql`
        insert into items (owner_id, name, level, rarity, slot, boosts, rolls, quality)
        select id, 'Bench Staff', 20, 3, 1, '{}'::jsonb, '{}'::jsonb, 50 from players`);
      const analysed = await refreshStatistics(database);
      expect(analysed).toEqual(expect.arrayContaining(["public.players", "public.items"]));
      const [players] = resultRows<{ reltuples: number }>(
        await db.execute(sql`select reltuples from pg_class where relname = 'players'`),
      );
      expect(Number(players?.reltuples)).toBeGreaterThanOrEqual(3000);
      // Fresh statistics: the next start analyses nothing.
      expect(await refreshStatistics(database)).toEqual([]);
    } finally {
      await database.close();
    }
  });
});
