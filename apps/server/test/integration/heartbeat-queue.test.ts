import { describe, expect, it } from "vitest";
import type { Connection } from "../../src/socket/connection";
import { guestPlayer } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

describe.each(testStores())("heartbeats while a handler waits on $kind", (factory) => {
  const suite = serverSuite(factory);

  it("answers a heartbeat at once while the socket's queued handling is stuck", async () => {
    const p = await guestPlayer(suite.server);
    const conn = [...suite.server.sessions.all()].find((c: Connection) => c.playerId === p.id);
    if (!conn) throw new Error("no connection");
    // A handler that never finishes (as one waiting on a locked row does for a while).
    let unblock!: () => void;
    const stuck = new Promise<void>((r) => {
      unblock = r;
    });
    conn.inbox = conn.inbox.then(() => stuck);
    const since = p.client.received.length;
    p.client.send("getInventory", {});
    const sent = Date.now();
    p.client.send("heartbeat", {});
    await p.client.next("pong", () => true, { since, timeoutMs: 2000 });
    expect(Date.now() - sent).toBeLessThan(1000);
    // The queued message really was held up behind the stuck one, and runs once it is done.
    expect(p.client.received.slice(since).some((m) => m.type === "inventory")).toBe(false);
    unblock();
    await p.client.next("inventory", () => true, { since });
    p.client.close();
  });
});
