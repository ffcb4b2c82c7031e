import { connect, type Socket } from "node:net";
import { describe, expect, it } from "vitest";
import { TestClient } from "../support/client";
import { healthy, hostPort } from "../support/raw-http";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

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

/** The test's timeout for half-sent requests (the default is 10 s). */
const PENDING_TIMEOUT_MS = 3000;

/**
 * Issue 25: half-sent upgrade requests were held about 90 s each and not counted by the
 * per-address cap (1,000 from one address held 1,000 file descriptors).
 */
describe.each(testStores())("half-sent requests on $kind", (factory) => {
  const suite = serverSuite(factory, {
    MAX_PENDING_CONNECTIONS_PER_IP: "10",
    PENDING_TIMEOUT_MS: String(PENDING_TIMEOUT_MS),
  });

  it("caps them per address and closes them after a few seconds", async () => {
    const url = suite.server.url;
    const held: Array<{ socket: Socket; closed: () => boolean }> = [];
    for (let i = 0; i < 15; i++) held.push(await halfSent(url));
    await new Promise((r) => setTimeout(r, 500));
    // Beyond the cap they are closed at once.
    expect(held.filter((h) => h.closed()).length).toBe(5);
    // After the timeout every half-sent one is gone.
    await waitFor(
      () => held.every((h) => h.closed()),
      PENDING_TIMEOUT_MS + 5000,
      "every half-sent request closed",
    );
    // The address is free again: requests and sockets work.
    expect(await healthy(suite.server)).toBe(true);
    const client = await TestClient.connect(url, await guestToken(suite.server));
    await client.next("versionCheck");
    client.close();
  }, 30_000);
});
