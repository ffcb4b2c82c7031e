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
    server = await startTestServer(store, { METRICS_PORT: "0" });
    const get = async (path: string, base = server!.url) => {
      const res = await fetch(`${base}${path}`);
      return { status: res.status, body: (await res.json()) as Record<string, unknown> };
    };
    // Publicly a status word; the checks and counts only on the operator's listener.
    expect(await get("/api/ready")).toEqual({
      status: 200,
      body: { ready: true, status: "ready" },
    });
    expect(await get("/api/health")).toEqual({ status: 200, body: { ok: true } });
    expect(await get("/ready", server.metricsUrl)).toEqual({
      status: 200,
      body: { ready: true, status: "ready", checks: { database: "ok", migrations: "ok" } },
    });
    expect((await get("/health", server.metricsUrl)).body).toMatchObject({
      ok: true,
      database: factory.kind,
      loaded: expect.any(Number),
    });

    await server.database.close();
    expect(await get("/api/ready")).toEqual({
      status: 503,
      body: { error: "Not ready.", code: "unavailable", ready: false, status: "not ready" },
    });
    const down = await get("/ready", server.metricsUrl);
    expect(down.status).toBe(503);
    expect(String((down.body.checks as Record<string, string>).database)).toMatch(/^unreachable/);
    expect((await get("/api/health")).status).toBe(200); // alive, just not ready
  });

  it("keeps metrics and what the process holds off the public port (issue 25)", async () => {
    store = await factory.create();
    server = await startTestServer(store, { METRICS_PORT: "0" });
    const player = await guestPlayer(server);
    const metrics = await fetch(`${server.url}/metrics`);
    expect(metrics.status).toBe(404);
    await metrics.body?.cancel();
    const health = await (await fetch(`${server.url}/api/health`)).text();
    expect(health).not.toMatch(/loaded|online|tick|database|node/i);
    const ready = await (await fetch(`${server.url}/api/ready`)).text();
    expect(ready).not.toMatch(/checks|database|migrations|redis/i);
    // The operator's listener is on loopback.
    expect(new URL(server.metricsUrl).hostname).toBe("127.0.0.1");
    expect((await fetch(`${server.metricsUrl}/metrics`)).status).toBe(200);
    player.client.close();
  });
  it("exposes Prometheus metrics: sockets, players, ticks, flushes, messages and the process", async () => {
    store = await factory.create();
    server = await startTestServer(store, { TICK_MS: "50", FLUSH_MS: "100", METRICS_PORT: "0" });
    const player = await guestPlayer(server);
    await player.client.next("battleTick");
    await new Promise((r) => setTimeout(r, 300)); // a flush or two
    const res = await fetch(`${server.metricsUrl}/metrics`);
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
