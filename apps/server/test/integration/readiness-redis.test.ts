import { connect, createServer, type Socket } from "node:net";
import { afterAll, describe, expect, it } from "vitest";
import { hostPort } from "../support/raw-http";
import { redisReachable, TEST_REDIS_URL } from "../support/redis";
import { startTestServer } from "../support/server";
import { testStores } from "../support/stores";
import { sleep } from "../support/wait";

const redisUp = await redisReachable();

/** A TCP relay to the test Redis that a test can cut (Redis itself is shared). */
async function redisRelay() {
  const target = hostPort(TEST_REDIS_URL.replace(/^redis/, "http"));
  const sockets = new Set<Socket>();
  const relay = createServer((client) => {
    const upstream = connect(target);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("error", () => {});
      s.on("close", () => sockets.delete(s));
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => relay.listen(0, "127.0.0.1", resolve));
  const address = relay.address();
  const port = typeof address === "object" && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${port}`,
    cut() {
      relay.close();
      for (const s of sockets) s.destroy();
    },
  };
}

/**
 * Issue 25: with Redis down, every process turned unready at once (503) while it still served
 * pages and saved players, so a load balancer would take the whole world offline. Without
 * Redis a process is `degraded`: still ready (200), and says why on the operator's listener.
 */
describe.runIf(redisUp)("readiness when Redis goes away", () => {
  const factory = testStores()[0]!;
  let dispose = async () => {};
  afterAll(() => dispose());

  it("stays ready as degraded, and says Redis is the problem on the operator's listener", async () => {
    const store = await factory.create();
    const relay = await redisRelay();
    const server = await startTestServer(store, { REDIS_URL: relay.url, METRICS_PORT: "0" });
    dispose = async () => {
      await server.stop().catch(() => undefined);
      await store.dispose();
    };
    const ready = async () => {
      const res = await fetch(`${server.url}/api/ready`);
      return { status: res.status, body: await res.json() };
    };
    expect(await ready()).toEqual({ status: 200, body: { ready: true, status: "ready" } });
    relay.cut();
    await sleep(300);
    expect(await ready()).toEqual({ status: 200, body: { ready: true, status: "degraded" } });
    const detail = (await fetch(`${server.metricsUrl}/ready`).then((r) => r.json())) as {
      checks: Record<string, string>;
    };
    expect(detail.checks.database).toBe("ok");
    expect(detail.checks.redis).not.toBe("ok");
  }, 60_000);
});
