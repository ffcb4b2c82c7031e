import { afterEach, describe, expect, it } from "vitest";
import type { GameServer } from "../../src/server";
import { guestPlayer } from "../support/players";
import { startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

/** Liveness and readiness for load balancers and orchestrators. */
describe.each(testStores())("health and readiness on $kind", (factory) => {
  let store: TestStore | undefined;
  let server: GameServer | undefined;

  afterEach(async () => {
    await server?.stop().catch(() => undefined); // the test closed the database itself
    server = undefined;
    await store?.dispose();
    store = undefined;
  });

  it("is ready with the database and every migration, and says which check fails", async () => {
    store = await factory.create();
    server = await startTestServer(store);
    const get = async (path: string) => {
      const res = await fetch(`${server!.url}${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    expect(await get("/api/ready")).toEqual({
      status: 200,
      body: { ready: true, checks: { database: "ok", migrations: "ok" } },
    });
    expect((await get("/api/health")).body).toMatchObject({ ok: true, database: factory.kind });

    await server.database.close();
    const down = await get("/api/ready");
    expect(down.status).toBe(503);
    expect(down.body.ready).toBe(false);
    expect(String((down.body.checks as Record<string, string>).database)).toMatch(/^unreachable/);
    expect((await get("/api/health")).status).toBe(200); // alive, just not ready
  });
  it("exposes Prometheus metrics: sockets, players, ticks, flushes, messages and the process", async () => {
    store = await factory.create();
    server = await startTestServer(store, { TICK_MS: "50", FLUSH_MS: "100" });
    const player = await guestPlayer(server);
    await player.client.next("battleTick");
    await new Promise((r) => setTimeout(r, 300)); // a flush or two
    const res = await fetch(`${server.url}/metrics`);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const text = await res.text();
    const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(text)?.[1]);
    expect(value("manaspire_sockets")).toBe(1);
    expect(value("manaspire_online_players")).toBe(1);
    expect(value("manaspire_loaded_players")).toBeGreaterThanOrEqual(1);
    expect(value("manaspire_tick_duration_seconds_count")).toBeGreaterThan(0);
    expect(value("manaspire_tick_longest_slice_seconds_count")).toBeGreaterThan(0);
    expect(value("manaspire_redis_errors_total")).toBe(0);
    expect(value("manaspire_flush_duration_seconds_count")).toBeGreaterThan(0);
    expect(value("manaspire_flushed_players_total")).toBeGreaterThan(0);
    expect(text).toMatch(/^manaspire_messages_in_total\{type="hydrate"\} [1-9]/m);
    expect(text).toMatch(/^manaspire_messages_out_total\{type="battleTick"\} [1-9]/m);
    expect(text).toMatch(/^nodejs_eventloop_lag_seconds /m);
    // Not the metrics that walk every libuv handle on each scrape (a stall with many sockets).
    expect(text).not.toMatch(/^nodejs_active_handles/m);
    expect(text).toMatch(/^process_open_fds /m);
    player.client.close();
  });
});
