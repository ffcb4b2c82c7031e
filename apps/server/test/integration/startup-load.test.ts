import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { createServer, type GameServer } from "../../src/server";
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
});
