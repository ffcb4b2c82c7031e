import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { Ownership } from "../../src/world/ownership";
import { PlayerStore } from "../../src/world/player-store";
import { seedPlayers } from "../support/seed";
import { type TestStore, testStores } from "../support/stores";

/**
 * The pick-up of acting players (at start, then every lease and whenever a dead process's row
 * is removed) claims only players nobody live holds. Until 2026-11-30 it claimed and read this
 * process's own players again too: a new version of every row and its whole state, each lease.
 */
describe.each(testStores())("the pick-up of acting players on $kind", (factory) => {
  let store: TestStore | undefined;
  let database: Database | undefined;
  let own: Ownership | undefined;

  afterEach(async () => {
    await own?.stop();
    own = undefined;
    await database?.close();
    database = undefined;
    await store?.dispose();
    store = undefined;
  });

  it("leaves its own players' rows alone, and loads one it owns but does not hold", async () => {
    store = await factory.create();
    database = await openDatabase({
      databaseUrl: store.env.DATABASE_URL,
      dataDir: store.env.DATA_DIR,
    });
    const { db } = database;
    const ids = await seedPlayers(db, 30);
    own = new Ownership(db, { leaseMs: 60_000, cluster: true, onFenced: () => {} });
    await own.start();
    const players = new PlayerStore(db, { ownership: own });
    expect(await players.loadActive()).toBe(30);
    // A row's xmin changes with each update of it, even one that writes the same values.
    const versions = async () =>
      resultRows<{ id: string; v: string }>(
        await db.execute(sql`select id::text, xmin::text as v from players order by id`),
      );
    const before = await versions();
    expect(before.length).toBe(30);

    expect(await players.loadActive()).toBe(0);
    expect(await versions()).toEqual(before);

    // Claimed by a load that never admitted it (it left memory without being released): still
    // ours, so nobody else may take it, and the next pick-up brings it back.
    const orphan = ids[7]!;
    players.unload(orphan);
    expect(await players.loadActive()).toBe(1);
    expect(players.loaded.get(orphan)?.id).toBe(orphan);
    expect(await versions()).toEqual(before);
  });
});
