import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { GameServer } from "../../src/server";
import { TestClient } from "../support/client";
import { guestToken, startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

/** A guest sign-up through a proxy that appended `client` to what the client wrote itself. */
async function guestVia(server: GameServer, forwarded: string): Promise<number> {
  const res = await fetch(`${server.url}/api/auth/guest`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-forwarded-for": forwarded },
    body: "{}",
  });
  await res.body?.cancel();
  return res.status;
}

describe.each(testStores())("a client behind a trusted proxy on $kind", (factory) => {
  let store: TestStore;
  let server: GameServer | undefined;
  const clients: TestClient[] = [];

  beforeAll(async () => {
    store = await factory.create();
  });
  afterEach(async () => {
    for (const c of clients.splice(0)) c.close();
    await server?.stop();
    server = undefined;
  });
  afterAll(async () => {
    await store?.dispose();
  });

  for (const trust of ["true", "127.0.0.1/8,10.0.0.0/8"]) {
    it(`cannot raise the guest quota with X-Forwarded-For values of its own (TRUST_PROXY=${trust})`, async () => {
      server = await startTestServer(store, { TRUST_PROXY: trust });
      const s = server;
      const statuses: number[] = [];
      for (let i = 0; i < 12; i++) statuses.push(await guestVia(s, `6.6.${i}.1, 203.0.113.7`));
      expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
      // Another client of the same proxy has its own quota.
      expect(await guestVia(s, "6.6.6.6, 198.51.100.1")).toBe(200);
    });
  }

  it("cannot raise the socket cap with X-Forwarded-For values of its own", async () => {
    server = await startTestServer(store, { TRUST_PROXY: "1", MAX_SOCKETS_PER_IP: "2" });
    const s = server;
    const open = async (spoof: string) => {
      const c = await TestClient.connect(s.url, await guestToken(s), {
        "X-Forwarded-For": `${spoof}, 203.0.113.7`,
      });
      clients.push(c);
      return c;
    };
    for (const spoof of ["6.6.6.1", "6.6.6.2"]) await (await open(spoof)).next("versionCheck");
    await expect(open("6.6.6.3")).rejects.toThrow(/429/);
  });
});
