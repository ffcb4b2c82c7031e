import { afterEach, describe, expect, it } from "vitest";
import { freePort, ServerProcess } from "../support/child";
import { TestClient } from "../support/client";
import { savedPlayer } from "../support/saved";
import { guestToken, startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

const TICK_MS = 100;
const FLUSH_MS = 400;

describe.each(testStores())("persistence on $kind", (factory) => {
  let store: TestStore | undefined;
  let proc: ServerProcess | undefined;

  afterEach(async () => {
    await proc?.killIfRunning();
    proc = undefined;
    await store?.dispose();
    store = undefined;
  });

  it("keeps a player's state intact across a graceful restart", async () => {
    store = await factory.create();
    const first = await startTestServer(store);
    const token = await guestToken(first);
    const client = await TestClient.connect(first.url, token);
    client.send("hydrate", {});
    const { player } = await client.next("playerState");
    const since = client.received.length;
    client.send("selectEnemy", { zone: 1, enemy: 3, magicType: 3 });
    // The choice is applied first (kills of the default enemy may come before it is read).
    await client.next("playerUpdate", (m) => m.patch.enemy === 3, { since });
    const chosen = client.received.length;
    await client.next("playerUpdate", (m) => m.patch.kills !== undefined, { since: chosen });
    await first.stop();
    const saved = first.store.loaded.get(player.id);
    if (!saved) throw new Error("player not loaded");

    // No tick on the second server before the check: the mage would act on (offline players do).
    const second = await startTestServer(store, { TICK_MS: "60000" });
    const again = await TestClient.connect(second.url, token);
    again.send("hydrate", {});
    const restored = (await again.next("playerState")).player;
    expect(restored).toMatchObject({
      id: player.id,
      name: player.name,
      zone: 1,
      enemy: 3,
      magicType: 3,
      kills: saved.kills,
      deaths: saved.deaths,
      loot: saved.loot,
    });
    expect(restored.battle.experience + restored.battle.level).toBeGreaterThan(0);
    again.close();
    await second.stop();
  });

  it("on SIGTERM stops ticking, saves everything, closes sockets with 1012 and exits 0", async () => {
    store = await factory.create();
    const env = { ...store.env, TICK_MS: String(TICK_MS), FLUSH_MS: "60000", LOG_LEVEL: "warn" };
    const port = await freePort();
    proc = await ServerProcess.start(env, port);
    const token = await guestToken(proc);
    const client = await TestClient.connect(proc.url, token);
    client.send("hydrate", {});
    const { player } = await client.next("playerState");
    await client.next("playerUpdate", (m) => (m.patch.kills ?? 0) + (m.patch.deaths ?? 0) >= 5);
    proc.kill("SIGTERM");
    const closed = await client.closedWith();
    expect(closed).toEqual({ code: 1012, reason: "Server restarting" });
    expect(await proc.exit).toEqual({ code: 0, signal: null });
    // With a 60 s flush interval, only the shutdown flush can have saved the last actions.
    const lastSeen = lastActions(client);

    expect((await savedPlayer(store, player.id)).actions).toBe(lastSeen);
  });

  it("loses at most one flush interval of actions when the process is killed", async () => {
    store = await factory.create();
    const env = {
      ...store.env,
      TICK_MS: String(TICK_MS),
      FLUSH_MS: String(FLUSH_MS),
      LOG_LEVEL: "warn",
    };
    const port = await freePort();
    proc = await ServerProcess.start(env, port);
    const token = await guestToken(proc);
    const client = await TestClient.connect(proc.url, token);
    client.send("hydrate", {});
    const { player } = await client.next("playerState");
    const start = player.actions;
    await client.next("playerUpdate", (m) => (m.patch.actions ?? start) <= start - 15);
    proc.kill("SIGKILL");
    await proc.exit;
    const lastSeen = lastActions(client);

    const restored = await savedPlayer(store, player.id);
    const lost = restored.actions - lastSeen;
    // Worst case (docs/architecture.md): the actions of one flush interval plus the flush in flight.
    const bound = Math.ceil((2 * FLUSH_MS) / TICK_MS) + 1;
    expect(lost).toBeGreaterThanOrEqual(0);
    expect(lost).toBeLessThanOrEqual(bound);
    expect(restored.actions).toBeLessThan(start);
  });
});

function lastActions(client: TestClient): number {
  for (let i = client.received.length - 1; i >= 0; i--) {
    const m = client.received[i];
    if (m?.type === "playerUpdate" && m.data.patch.actions !== undefined)
      return m.data.patch.actions;
  }
  throw new Error("no actions seen");
}
