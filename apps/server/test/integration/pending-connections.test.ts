import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { PENDING_TIMEOUT_MS } from "../../src/socket/pending-connections";
import { TestClient } from "../support/client";
import { healthy, hostPort } from "../support/raw-http";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/** A connection that sends half an upgrade request and never the rest. */
function halfSent(url: string): Promise<{ socket: Socket; closed: () => boolean }> {
  return new Promise((resolve) => {
    let closed = false;
    const socket = connect(hostPort(url), () => {
      socket.write("GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: websocket\r\n");
      resolve({ socket, closed: () => closed });
    });
    socket.on("error", () => {});
    socket.on("close", () => {
      closed = true;
    });
  });
}

/**
 * Issue 25: half-sent upgrade requests were held about 90 s each and not counted by the
 * per-address cap (1,000 from one address held 1,000 file descriptors).
 */
describe.each(testStores())("half-sent requests on $kind", (factory) => {
  const suite = serverSuite(factory, { MAX_PENDING_CONNECTIONS_PER_IP: "10" });

  it("caps them per address and closes them after a few seconds", async () => {
    const url = suite.server.url;
    const held = [];
    for (let i = 0; i < 15; i++) held.push(await halfSent(url));
    await new Promise((r) => setTimeout(r, 500));
    // Beyond the cap they are closed at once.
    expect(held.filter((h) => h.closed()).length).toBe(5);
    // After the timeout every half-sent one is gone.
    await new Promise((r) => setTimeout(r, PENDING_TIMEOUT_MS + 1000));
    expect(held.filter((h) => !h.closed()).length).toBe(0);
    // The address is free again: requests and sockets work.
    expect(await healthy(suite.server)).toBe(true);
    const client = await TestClient.connect(url, await guestToken(suite.server));
    await client.next("versionCheck");
    client.close();
  }, 30_000);
});
