import { LogCategory, LootId } from "@manaspire/game";
import { eq } from "drizzle-orm";
import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { accounts, activityLog, players } from "../../src/db/schema";
import type { GameServer } from "../../src/server";
import { TestClient } from "../support/client";
import { connect, giveItem, namedPlayer } from "../support/players";
import { api, startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

/**
 * Issue 15 findings 3, 3b and 5: a deleted or banned account is unloaded and its sockets
 * closed, without stopping anyone else's saves; a player leaves memory only after its newest
 * state has committed.
 */
describe.each(testStores())("deleted and banned accounts on $kind", (factory) => {
  let store: TestStore | undefined;
  let server: GameServer | undefined;

  afterEach(async () => {
    await server?.stop();
    server = undefined;
    await store?.dispose();
    store = undefined;
  });

  async function accountOf(s: GameServer, playerId: number): Promise<number> {
    const [row] = await s.database.db
      .select({ accountId: players.accountId })
      .from(players)
      .where(eq(players.id, playerId));
    if (!row) throw new Error("no such player");
    return row.accountId;
  }

  it("a deleted account is unloaded and closed; everyone else keeps being saved", async () => {
    store = await factory.create();
    server = await startTestServer(store);
    const s = server;
    const gone = await namedPlayer(s);
    const stays = await namedPlayer(s);
    await s.store.flush();
    await s.database.db.delete(accounts).where(eq(accounts.id, await accountOf(s, gone.id)));
    // Its log entry now points at a missing player: the log's flush drops it, keeps the rest.
    s.activityLog.record(gone.id, LogCategory.Account, "after deletion");
    s.activityLog.record(stays.id, LogCategory.Account, "still here");
    await s.activityLog.flush();
    const logged = await s.database.db
      .select({ text: activityLog.text })
      .from(activityLog)
      .where(eq(activityLog.playerId, stays.id));
    expect(logged.map((r) => r.text)).toContain("still here");

    expect(await gone.client.closedWith()).toEqual({ code: 4001, reason: "Player not found" });
    expect(s.store.loaded.has(gone.id)).toBe(false);
    const again = await TestClient.connect(s.url, gone.token);
    expect(await again.closedWith()).toEqual({ code: 4001, reason: "Player not found" });

    // The other player's actions keep being saved, and shutdown saves everything it can.
    const { written, failed } = await s.store.flush();
    expect(failed).toBe(0);
    expect(written).toBeGreaterThanOrEqual(0);
    const actions = stays.loaded.actions;
    await s.stop();
    server = undefined;
    server = await startTestServer(store, { TICK_MS: "60000" });
    const back = await connect(server, stays.token);
    expect(back.loaded.actions).toBe(actions);
  });

  it("a ban closes the open sockets, stops the player and refuses its token", async () => {
    store = await factory.create();
    server = await startTestServer(store);
    const s = server;
    const banned = await namedPlayer(s);
    const accountId = await accountOf(s, banned.id);
    await s.database.db.update(accounts).set({ banned: true }).where(eq(accounts.id, accountId));
    await s.accountEvents.poll();
    expect(await banned.client.closedWith()).toEqual({ code: 4001, reason: "Account banned" });
    const actions = banned.loaded.actions;
    await new Promise((r) => setTimeout(r, 500)); // five ticks
    expect(banned.loaded.actions).toBe(actions);
    const again = await TestClient.connect(s.url, banned.token);
    expect(await again.closedWith()).toEqual({ code: 4001, reason: "Account banned" });
    const login = await api(s, "/api/auth/login", { username: banned.name, password: "pass1234" });
    expect(login.status).toBe(403);

    await s.database.db.update(accounts).set({ banned: false }).where(eq(accounts.id, accountId));
    await s.accountEvents.poll();
    const welcome = await connect(s, banned.token);
    expect(welcome.id).toBe(banned.id);
  });

  it.runIf(factory.kind === "postgres")(
    "a player whose save is stuck stays in memory until it commits",
    async () => {
      store = await factory.create();
      server = await startTestServer(store);
      const s = server;
      const p = await namedPlayer(s);
      const item = giveItem(s, p.loaded, { rarity: 3 }).item;
      p.client.send("setActionType", { actionType: 0, flag: false });
      await p.client.next("playerUpdate", (m) => m.patch.actionType === 0);
      await s.store.flush();

      const locker = new pg.Client({ connectionString: store.env.DATABASE_URL });
      await locker.connect();
      try {
        await locker.query("begin");
        await locker.query("select 1 from players where id = $1 for update", [p.id]);
        const since = p.client.received.length;
        p.client.send("disenchant", { target: item.id, rarity: 0, itemIds: [], confirmed: true });
        await p.client.next("toast", (m) => m.text.startsWith("Disenchanted"), { since });
        const dust = p.loaded.loot[LootId.ManaDust] ?? 0;
        p.client.close();
        await p.client.closedWith();
        await new Promise((r) => setTimeout(r, 1500)); // several flush and eviction rounds
        expect(s.store.loaded.has(p.id)).toBe(true);
        await locker.query("commit");

        for (let i = 0; i < 50 && s.store.loaded.has(p.id); i++) {
          await new Promise((r) => setTimeout(r, 100));
        }
        expect(s.store.loaded.has(p.id)).toBe(false);
        const back = await connect(s, p.token);
        expect(back.inventory.map((i) => i.id)).not.toContain(item.id);
        expect(back.loaded.loot[LootId.ManaDust]).toBe(dust);
      } finally {
        await locker.end();
      }
    },
  );
});
