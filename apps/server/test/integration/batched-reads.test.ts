import { ChatChannel } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openDatabase } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { ChatHistory } from "../../src/services/chat/history";
import { ChatIgnores } from "../../src/services/chat/ignores";
import { HISTORY_PER_CHANNEL } from "../../src/services/chat/limits";
import { LOOT_TRACKER_SIZE, readTrackers } from "../../src/world/loot-tracker";
import { seedPlayers } from "../support/seed";
import { type TestStore, testStores } from "../support/stores";

/**
 * What hydration reads for many players at once (a dead process's sockets arriving together)
 * is what it read for each alone: each read here is compared with the one-player query it
 * replaced, written out in the test.
 */
describe.each(testStores())("batched hydrate reads on $kind", (factory) => {
  let store: TestStore;
  let database: Database;
  let a: number;
  let b: number;
  let c: number;
  let idle: number;

  beforeAll(async () => {
    store = await factory.create();
    database = await openDatabase({
      databaseUrl: store.env.DATABASE_URL,
      dataDir: store.env.DATA_DIR,
    });
    [a, b, c, idle] = (await seedPlayers(database.db, 4)) as [number, number, number, number];
  });
  afterAll(async () => {
    await database?.close();
    await store?.dispose();
  });

  const rows = async <T>(query: ReturnType<typeof sql>) =>
    resultRows<T>(await database.db.execute(query));

  it("reads each player's newest loot tracker entries, oldest first", async () => {
    // a: more than the tracker keeps, interleaved with b's; c: an item; idle: nothing.
    await database.db.execute(sql`
      insert into loot_tracker (player_id, at, loot_id, amount)
      select (case when g % 3 = 0 then ${b} else ${a} end)::int8, g, 1 + g % 5, g * 1.5
      from generate_series(1, ${LOOT_TRACKER_SIZE * 2}) g`);
    await database.db.execute(sql`
      insert into loot_tracker (player_id, at, item)
      values (${c}, 7, ${JSON.stringify({ id: 9, name: "Staff", rarity: 3 })}::jsonb)`);
    const batched = await readTrackers(database.db, [a, b, c, idle]);
    for (const id of [a, b, c, idle]) {
      const alone = await rows<{ at: number; loot_id: number | null; amount: number | null }>(sql`
        select at, loot_id, amount, item from loot_tracker where player_id = ${id}
        order by id desc limit ${LOOT_TRACKER_SIZE}`);
      const expected = alone.reverse().map((r) => ({
        timestamp: Number(r.at),
        ...(r.loot_id !== null ? { lootId: Number(r.loot_id) } : {}),
        ...(r.amount !== null ? { amount: Number(r.amount) } : {}),
      }));
      const got = (batched.get(id) ?? []).map(({ item: _item, ...rest }) => rest);
      expect(got).toEqual(expected);
    }
    expect(batched.get(a)).toHaveLength(LOOT_TRACKER_SIZE);
    expect(batched.get(c)?.[0]?.item).toEqual({ id: 9, name: "Staff", rarity: 3 });
    expect(batched.has(idle)).toBe(false);
  });

  it("gives each player their own whispers, sent and received, a whisper between two in both", async () => {
    const whisper = (from: number, to: number, n: number) =>
      database.db.execute(sql`
        insert into chat_messages (channel, sender_id, sender_name, recipient_id, recipient_name,
          text, parts)
        select ${ChatChannel.Whispers}, ${from}, 'From', ${to}, 'To', 'w' || g,
          jsonb_build_array(jsonb_build_object('kind', 0, 'text', 'w' || g))
        from generate_series(1, ${n}) g`);
    await whisper(a, b, 2);
    await whisper(b, c, 1);
    await whisper(c, a, HISTORY_PER_CHANNEL); // a gets more than history keeps
    await whisper(a, b, 1);
    await database.db.execute(sql`
      insert into chat_messages (channel, sender_id, sender_name, text, parts)
      values (${ChatChannel.General}, ${idle}, 'Idle', 'hi', '[]'::jsonb)`);
    const history = new ChatHistory(database.db);
    const ids = [a, b, c, idle];
    const batched = await Promise.all(ids.map((id) => history.whispersOf(id)));
    for (const [i, id] of ids.entries()) {
      const alone = await rows<{ id: number }>(sql`
        select id from chat_messages
        where channel = ${ChatChannel.Whispers} and (sender_id = ${id} or recipient_id = ${id})
        order by id desc limit ${HISTORY_PER_CHANNEL}`);
      expect(batched[i]?.map((e) => e.id)).toEqual(alone.map((r) => Number(r.id)).reverse());
    }
    expect(batched[0]).toHaveLength(HISTORY_PER_CHANNEL);
    expect(batched[1]).toHaveLength(4);
    expect(batched[3]).toEqual([]);
  });

  it("gives each player their own ignore list, by name", async () => {
    await database.db.execute(sql`
      insert into chat_ignores (player_id, ignored_id)
      values (${a}, ${c}), (${a}, ${b}), (${b}, ${a})`);
    const ignores = new ChatIgnores(database.db);
    const [ofA, ofB, ofC] = await Promise.all([ignores.load(a), ignores.load(b), ignores.load(c)]);
    const name = async (id: number) =>
      (await rows<{ name: string }>(sql`select name from players where id = ${id}`))[0]!.name;
    const expectedA = [
      [b, await name(b)],
      [c, await name(c)],
    ].sort((x, y) => String(x[1]).localeCompare(String(y[1])));
    expect([...ofA]).toEqual(expectedA);
    expect([...ofB]).toEqual([[a, await name(a)]]);
    expect(ofC.size).toBe(0);
  });
});
