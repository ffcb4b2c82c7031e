import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { vacuumEmbedded } from "../../src/db/vacuum";
import type { GameServer } from "../../src/server";
import { seedPlayers } from "../support/seed";
import { startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";
import { waitForAsync } from "../support/wait";

/**
 * Issue 30: the embedded database has no autovacuum, so a table updated in place grew for as
 * long as the world ran (leaderboard scores fastest). The server vacuums it every VACUUM_MS.
 */
const pglite = testStores().find((f) => f.kind === "pglite");

describe.runIf(pglite)("vacuum of the embedded database", () => {
  const factory = pglite!;
  let store: TestStore | undefined;
  let server: GameServer | undefined;
  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  it("keeps a churned table's size steady, where without it the table keeps growing", async () => {
    store = await factory.create();
    const database = await openDatabase({ dataDir: store.env.DATA_DIR });
    try {
      const { db } = database;
      await seedPlayers(db, 2000);
      await db.execute(sql`
        insert into leaderboard_scores (player_id, board, key) select id, 1, 0 from players`);
      const size = async () =>
        Number(
          resultRows<{ b: string }>(
            await db.execute(sql`select pg_total_relation_size('leaderboard_scores')::int8 as b`),
          )[0]?.b,
        );
      // What a flush of battling players does to this table: every row's key changes, so no
      // update is HOT and each leaves a dead version in the table and in both indexes.
      const churn = () => db.execute(sql`update leaderboard_scores set key = key - 1`);
      const unvacuumed = await size();
      for (let i = 0; i < 5; i++) await churn();
      const grown = await size();
      expect(grown).toBeGreaterThan(unvacuumed * 3); // PGlite reclaims nothing by itself

      for (let i = 0; i < 3; i++) {
        await churn();
        await vacuumEmbedded(database);
      }
      const settled = await size();
      for (let i = 0; i < 10; i++) {
        await churn();
        await vacuumEmbedded(database);
      }
      // The dead versions' space is reused: ten more rounds of churn add nothing.
      expect(await size()).toBeLessThanOrEqual(settled);
      const [rows] = resultRows<{ n: number; key: number }>(
        await db.execute(sql`select count(*)::int as n, min(key) as key from leaderboard_scores`),
      );
      expect(rows).toEqual({ n: 2000, key: -18 });
    } finally {
      await database.close();
    }
  });

  it("a running server vacuums every VACUUM_MS and reports it in its metrics", async () => {
    store ??= await factory.create();
    server = await startTestServer(store, { VACUUM_MS: "100", METRICS_PORT: "0" });
    const vacuums = async () => {
      const text = await (await fetch(`${server!.metricsUrl}/metrics`)).text();
      return Number(/^manaspire_vacuum_duration_seconds_count (\d+)/m.exec(text)?.[1] ?? 0);
    };
    await waitForAsync(async () => (await vacuums()) >= 2, 20_000, "two vacuums");
  });
});
