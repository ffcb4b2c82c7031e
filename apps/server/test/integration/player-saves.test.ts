import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { scoresPending } from "../../src/world/leaderboard-scores";
import type { LoadedPlayer } from "../../src/world/loaded-player";
import { Col, markDirty } from "../../src/world/player-columns";
import { OWN_STATEMENT_MIN } from "../../src/world/player-row-writes";
import { PlayerStore } from "../../src/world/player-store";
import { withDb } from "../support/ledger";
import { seedPlayers } from "../support/seed";
import { type TestStore, testStores } from "../support/stores";

/** The Battle board's stored sort key of a player (its negated experience), or null. */
async function battleKey(db: Db, id: number): Promise<number | null> {
  const [row] = resultRows<{ key: number }>(
    await db.execute(sql`select key from leaderboard_scores where player_id = ${id} and board = 1`),
  );
  return row ? Number(row.key) : null;
}

async function row(db: Db, id: number) {
  const [r] = resultRows<{
    battle_xp: number;
    mining_xp: number;
    zone: number;
    event: unknown;
    title: string;
  }>(
    await db.execute(
      sql`select battle_xp, mining_xp, zone, event, title from players where id = ${id}`,
    ),
  );
  return r;
}

/** Issue 30: how the flush writes players (columns per change set, scores on their cadence). */
describe.each(testStores())("player saves on $kind", (factory) => {
  let store: TestStore | undefined;
  afterAll(async () => {
    await store?.dispose();
  });

  it("writes each player's changed columns, a cleared one too, and the scores on their cadence", async () => {
    store = await factory.create();
    await withDb(store, async (db) => {
      const [a, b, ...many] = await seedPlayers(db, 2 + OWN_STATEMENT_MIN, { actionType: 0 });
      const players = new PlayerStore(db, { scoresEveryMs: 3_600_000 });
      const pa = (await players.get(a!)) as LoadedPlayer;
      const pb = (await players.get(b!)) as LoadedPlayer;

      // Many players with one change set (a statement of their own) and two with sets of their
      // own (a statement shared): each row gets its own columns and nothing else.
      for (const id of many) {
        const p = (await players.get(id)) as LoadedPlayer;
        p.miningXp = id;
        markDirty(p, Col.miningXp);
      }
      pa.battleXp = 500;
      markDirty(pa, Col.battleXp);
      pb.miningXp = 70;
      pb.zone = 2;
      // Text through the rows' JSON: quotes, a backslash, a line break, non-ASCII.
      pb.title = 'The "Quiet" \\ Mage\nof Ünder';
      markDirty(pb, Col.miningXp, Col.zone, Col.title);
      pa.event = { id: 9, action: 1 } as unknown as LoadedPlayer["event"];
      markDirty(pa, Col.event);
      expect((await players.flush({ timed: true })).written).toBe(2 + many.length);
      for (const id of many)
        expect(await row(db, id)).toMatchObject({ battle_xp: 0, mining_xp: id });
      expect(await row(db, a!)).toMatchObject({ battle_xp: 500, mining_xp: 0, zone: 1 });
      expect((await row(db, a!))?.event).toMatchObject({ id: 9 });
      expect(await row(db, b!)).toMatchObject({ battle_xp: 0, mining_xp: 70, zone: 2 });
      expect((await row(db, b!))?.title).toBe(pb.title);
      // The first timed flush writes the scores.
      expect(await battleKey(db, a!)).toBe(-500);

      // Leaving the event clears the column: the saved row must say so.
      // (With b in the same flush, on a change set of its own: one statement for both, each
      // row taking its own columns by its mask.)
      pa.event = null;
      markDirty(pa, Col.event);
      pa.battleXp = 900;
      markDirty(pa, Col.battleXp);
      pb.title = "";
      pb.battleXp = 40;
      markDirty(pb, Col.title, Col.battleXp, Col.zone);
      await players.flush({ timed: true });
      expect(await row(db, a!)).toMatchObject({ battle_xp: 900, event: null, zone: 1 });
      expect(await row(db, b!)).toMatchObject({ battle_xp: 40, title: "", zone: 2 });
      // A timed flush within LEADERBOARD_MS leaves the scores pending, and so in memory.
      expect(await battleKey(db, a!)).toBe(-500);
      expect(scoresPending(pa)).toBe(true);
      expect(await players.evictIdle(() => false)).toBe(many.length); // saved and idle
      expect(players.loaded.has(a!)).toBe(true);

      // A flush on demand (shutdown, backup) writes them, and the player may leave memory.
      expect((await players.flush()).written).toBe(2);
      expect(await battleKey(db, a!)).toBe(-900);
      expect(scoresPending(pa)).toBe(false);
      expect(await players.evictIdle(() => false)).toBe(2);
    });
  });
});
