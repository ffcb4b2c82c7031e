import { LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, ServerProcess } from "../support/child";
import { ledger, seedItems, unexplainedDust, withDb } from "../support/ledger";
import { connectRemote, storedPlayers } from "../support/players";
import { TEST_JWT_SECRET } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

/**
 * Issue 15 finding 2: a transfer used to write the sender's loot column alone, so a crash right
 * after it kept a disenchant's yield with the item back, or the loot of unsaved actions with the
 * actions still to replay. Each sequence is killed with SIGKILL at each step; the database must
 * hold whole states only: every mana dust is explained by an item that no longer exists or by a
 * kill that is saved.
 */
describe.each(testStores())("crash consistency on $kind", (factory) => {
  let store: TestStore | undefined;
  let proc: ServerProcess | undefined;

  afterEach(async () => {
    await proc?.killIfRunning();
    proc = undefined;
    await store?.dispose();
    store = undefined;
  });

  /** A server process that saves only when value moves (the periodic flush is a minute away). */
  async function start(s: TestStore): Promise<ServerProcess> {
    const env = {
      ...s.env,
      JWT_SECRET: TEST_JWT_SECRET,
      TICK_MS: "50",
      FLUSH_MS: "60000",
      ITEM_DROP_RATE: "0",
      LOG_LEVEL: "warn",
    };
    proc = await ServerProcess.start(env, await freePort());
    return proc;
  }

  async function kill(p: ServerProcess): Promise<void> {
    p.kill("SIGKILL");
    await p.exit;
  }

  type Stored = Awaited<ReturnType<typeof storedPlayers>>[number];

  /** Two players made in the store (no process yet); the sender idle with dust and three items. */
  async function twoPlayers(s: TestStore) {
    const [sender, receiver] = (await storedPlayers(s, ["S", "R"])) as [Stored, Stored];
    const ids = await withDb(s, async (db) => {
      await db.execute(sql`update players set action_type = 0, loot = '{"1": 1000}'::jsonb`);
      const [row] = (
        (await db.execute(
          sql`select id from players where lower(name) = ${sender.name.toLowerCase()}`,
        )) as unknown as { rows: Array<{ id: string | number }> }
      ).rows;
      return seedItems(db, Number(row?.id), 3);
    });
    return { sender, receiver, items: ids };
  }

  it("disenchant then transfer, killed after each step, never keeps an item and its yield", async () => {
    store = await factory.create();
    const { sender, receiver, items } = await twoPlayers(store);
    for (const [step, item] of [
      ["after the disenchant", items[0]!],
      ["after the transfer", items[1]!],
    ] as const) {
      const before = await withDb(store, ledger);
      const p = await start(store);
      const s = await connectRemote(p.url, sender.token);
      let since = s.client.received.length;
      s.client.send("disenchant", { target: item, rarity: 0, itemIds: [], confirmed: true });
      await s.client.next("toast", (m) => m.text.startsWith("Disenchanted"), { since });
      if (step === "after the transfer") {
        since = s.client.received.length;
        s.client.send("transferLoot", { lootId: LootId.ManaDust, quantity: 1, to: receiver.name });
        await s.client.next("toast", (m) => m.text.startsWith("Sent 1 Mana Dust"), { since });
      }
      await kill(p);
      const after = await withDb(store, ledger);
      expect(after.value, step).toEqual(before.value);
      // The transfer committed the sender's whole state, disenchant included; before it, nothing.
      expect(after.items.has(item), step).toBe(step === "after the disenchant");
    }
  }, 180_000);

  it("a transfer after unsaved actions saves those actions with it: nothing is paid twice", async () => {
    store = await factory.create();
    const { sender, receiver } = await twoPlayers(store);
    const before = await withDb(store, ledger);
    const p = await start(store);
    const s = await connectRemote(p.url, sender.token);
    s.client.send("selectEnemy", { zone: 1, enemy: 1, magicType: 1 });
    await s.client.next("playerUpdate", (m) => (m.patch.kills ?? 0) >= 20);
    const since = s.client.received.length;
    s.client.send("transferLoot", { lootId: LootId.ManaDust, quantity: 1, to: receiver.name });
    await s.client.next("toast", (m) => m.text.startsWith("Sent 1 Mana Dust"), { since });
    await kill(p);
    const mid = await withDb(store, ledger);
    expect(mid.kills).toBeGreaterThanOrEqual(20); // the actions committed with the transfer
    expect(unexplainedDust(before, mid)).toBe(0);

    // After the restart the same actions are not replayed with their pay kept twice.
    const again = await start(store);
    const s2 = await connectRemote(again.url, sender.token);
    await s2.client.next("playerUpdate", (m) => (m.patch.kills ?? 0) >= mid.kills + 10);
    await kill(again);
    expect(unexplainedDust(before, await withDb(store, ledger))).toBe(0);
  }, 180_000);
});
