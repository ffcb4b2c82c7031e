import { afterEach, describe, expect, it } from "vitest";
import type { GameServer } from "../../src/server";
import { TOO_MANY_TABS } from "../../src/socket/gateway-limits";
import { TestClient } from "../support/client";
import { guestToken, startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

/** A socket that got in: the server sent versionCheck and answers a heartbeat. */
async function admitted(client: TestClient): Promise<void> {
  await client.next("versionCheck");
  client.send("heartbeat", {});
  await client.next("pong");
}

/** Waits until the server has let go of closed sockets (their slots are free again). */
async function settle(): Promise<void> {
  await new Promise((r) => setTimeout(r, 100));
}

describe.each(testStores())("sockets per player and per address on $kind", (factory) => {
  let store: TestStore | undefined;
  let server: GameServer | undefined;
  const clients: TestClient[] = [];

  async function start(env: Record<string, string>): Promise<GameServer> {
    store = await factory.create();
    server = await startTestServer(store, env);
    return server;
  }

  async function open(token: string, headers?: Record<string, string>): Promise<TestClient> {
    if (!server) throw new Error("no server");
    const client = await TestClient.connect(server.url, token, headers);
    clients.push(client);
    return client;
  }

  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.stop();
    await store?.dispose();
    server = undefined;
    store = undefined;
  });

  it("refuses a player's socket beyond MAX_SOCKETS_PER_PLAYER with 4008, keeping the open ones", async () => {
    const s = await start({ MAX_SOCKETS_PER_PLAYER: "2" });
    const token = await guestToken(s);
    const first = await open(token);
    const second = await open(token);
    await admitted(first);
    await admitted(second);
    const third = await open(token);
    expect(await third.closedWith(2000)).toEqual({ code: 4008, reason: TOO_MANY_TABS });
    // Another player is not affected; the first two still work.
    await admitted(await open(await guestToken(s)));
    first.send("heartbeat", {});
    await first.next("pong", () => true, { since: first.received.length });
    // A closed tab frees its place.
    second.close();
    await second.closedWith();
    await settle();
    await admitted(await open(token));
  });

  it("refuses upgrades beyond MAX_SOCKETS_PER_IP from one address with HTTP 429", async () => {
    const s = await start({ MAX_SOCKETS_PER_IP: "3" });
    const held = [];
    for (let i = 0; i < 3; i++) {
      // X-Forwarded-For is not trusted without TRUST_PROXY: all three are 127.0.0.1.
      held.push(await open(await guestToken(s), { "X-Forwarded-For": `10.0.0.${i}` }));
    }
    for (const c of held) await admitted(c);
    const token = await guestToken(s);
    await expect(open(token)).rejects.toThrow(/429/);
    await expect(open(token, { "X-Forwarded-For": "10.9.9.9" })).rejects.toThrow(/429/);
    held[0]?.close();
    await held[0]?.closedWith();
    await settle();
    await admitted(await open(token));
  });

  it("counts sockets per X-Forwarded-For client with TRUST_PROXY, as Fastify reads it", async () => {
    const s = await start({ MAX_SOCKETS_PER_IP: "2", TRUST_PROXY: "true" });
    const a = { "X-Forwarded-For": "203.0.113.7" };
    await admitted(await open(await guestToken(s), a));
    // What the client wrote left of the address its proxy appended is not its address.
    await admitted(await open(await guestToken(s), { "X-Forwarded-For": "10.0.0.1, 203.0.113.7" }));
    await expect(open(await guestToken(s), a)).rejects.toThrow(/429/);
    // Another client behind the same proxy, and a direct one, still get in.
    await admitted(await open(await guestToken(s), { "X-Forwarded-For": "198.51.100.1" }));
    await admitted(await open(await guestToken(s)));
  });
});
