import { createRng, LootId, type Rng } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { freePort, ServerProcess } from "../support/child";
import { type Ledger, ledger, seedItems, unexplainedDust, withDb } from "../support/ledger";
import { connectRemote, type RemotePlayer, storedPlayers } from "../support/players";
import { TEST_JWT_SECRET } from "../support/server";
import { type TestStore, testStores } from "../support/stores";
import { sleep } from "../support/wait";

const PLAYERS = 4;

async function countCredits(db: Db): Promise<number> {
  const result = await db.execute(sql`select count(*)::int as n from credits`);
  return resultRows<{ n: number }>(result)[0]?.n ?? 0;
}
const ITEMS_EACH = 6;
const CRASHES = 3;

/**
 * Issue 15: value is never created or lost, whatever the moment a server dies. Four players
 * battle at a fast tick while they send each other dust and items, lend and take back items
 * and disenchant them, from the same seeded script each run; the server is killed with SIGKILL
 * at a random moment, three times, then runs and stops cleanly. After every death the database
 * must explain every Mana Dust by a saved kill or an item that no longer exists, hold no other
 * loot that was not earned, and have no item twice or back after its disenchant.
 */
describe.each(testStores())("conservation under kill -9 on $kind", (factory) => {
  let store: TestStore | undefined;
  let proc: ServerProcess | undefined;

  afterEach(async () => {
    await proc?.killIfRunning();
    proc = undefined;
    await store?.dispose();
    store = undefined;
  });

  async function start(s: TestStore, flushMs: number): Promise<ServerProcess> {
    const env = {
      ...s.env,
      JWT_SECRET: TEST_JWT_SECRET,
      TICK_MS: "40",
      FLUSH_MS: String(flushMs),
      ITEM_DROP_RATE: "0",
      LOG_LEVEL: "warn",
    };
    proc = await ServerProcess.start(env, await freePort());
    return proc;
  }

  /** Players made in the store before any process starts, each with dust and items. */
  async function setUp(s: TestStore): Promise<{ names: string[]; tokens: string[] }> {
    const accounts = await storedPlayers(
      s,
      [..."abcdefgh"].slice(0, PLAYERS).map((c) => `C${c}`),
    );
    await withDb(s, async (db) => {
      await db.execute(sql`update players set loot = '{"1": 5000}'::jsonb`);
      const rows = (await db.execute(sql`select id from players`)) as unknown as {
        rows: Array<{ id: string | number }>;
      };
      for (const row of rows.rows) await seedItems(db, Number(row.id), ITEMS_EACH);
    });
    return { names: accounts.map((a) => a.name), tokens: accounts.map((a) => a.token) };
  }

  /** Sends one random move of value from one player (it may be refused: not theirs any more). */
  function randomMove(rng: Rng, from: RemotePlayer, names: string[], itemIds: number[]): void {
    const to = names[rng.int(names.length)]!;
    const item = itemIds[rng.int(itemIds.length)]!;
    const roll = rng.int(10);
    if (roll < 4) {
      const quantity = 1 + rng.int(40);
      from.client.send("transferLoot", { lootId: LootId.ManaDust, quantity, to });
    } else if (roll < 7) {
      from.client.send("transferItem", { id: item, to, borrow: rng.chance(0.3) });
    } else if (roll < 8) {
      from.client.send("returnItem", { id: item });
    } else {
      from.client.send("disenchant", { target: item, rarity: 0, itemIds: [], confirmed: true });
    }
  }

  function expectConserved(before: Ledger, after: Ledger, when: string): void {
    expect(unexplainedDust(before, after), when).toBe(0);
    for (const [id, amount] of Object.entries(before.value)) {
      if (Number(id) === LootId.ManaDust) continue;
      // Battles only add other loot; moves and disenchants keep it (items count as their yield).
      expect(after.value[Number(id)] ?? 0, `${when}: loot ${id}`).toBeGreaterThanOrEqual(amount);
    }
    for (const id of after.items) expect(before.items.has(id), `${when}: item ${id}`).toBe(true);
  }

  it("keeps every dust and item through three SIGKILLs and a clean restart", async () => {
    store = await factory.create();
    const { names, tokens } = await setUp(store);
    const before = await withDb(store, ledger);
    const rng = createRng(20261124);
    let moves = 0;
    let last = before;
    const summary: Array<Record<string, number>> = [];

    for (let crash = 1; crash <= CRASHES; crash++) {
      const itemIds = [...last.items];
      // A short flush interval on one run, so deaths land between flushes and during them.
      const p = await start(store, crash === 2 ? 150 : 60_000);
      const clients = await Promise.all(tokens.map((t) => connectRemote(p.url, t)));
      for (const c of clients) c.client.send("selectEnemy", { zone: 1, enemy: 1, magicType: 1 });
      const until = Date.now() + 400 + rng.int(1200);
      while (Date.now() < until) {
        for (const c of clients) {
          randomMove(rng, c, names, itemIds);
          moves++;
        }
        await sleep(15);
      }
      p.kill("SIGKILL");
      await p.exit;
      const after = await withDb(store, ledger);
      expectConserved(before, after, `after SIGKILL ${crash}`);
      const credits = await withDb(store, countCredits);
      summary.push({ crash, kills: after.kills, items: after.items.size, credits });
      last = after;
    }

    // A clean run applies every pending credit and saves it all.
    const p = await start(store, 5000);
    const clients = await Promise.all(tokens.map((t) => connectRemote(p.url, t)));
    await sleep(300);
    for (const c of clients) c.client.close();
    p.kill("SIGTERM");
    await p.exit;
    expect(p.child.exitCode).toBe(0);
    const final = await withDb(store, ledger);
    expectConserved(before, final, "after a clean stop");
    expect(final.kills).toBeGreaterThan(before.kills);
    const pending = await withDb(store, (db) =>
      db.execute(sql`select count(*)::int as n from credits`),
    );
    expect((pending as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
    expect(moves).toBeGreaterThan(100);
    console.info(`conservation ${factory.kind}: ${moves} moves sent`, JSON.stringify(summary));
  }, 240_000); // several server processes start and die; slow on a busy 2-core machine
});
