import { connect } from "node:net";
import { describe, expect, it } from "vitest";
import { TestClient } from "../support/client";
import { healthy, hostPort, rawExchange, statusOf } from "../support/raw-http";
import { guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const UPGRADE = "Upgrade: websocket\r\nConnection: Upgrade\r\n";
const KEY = "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n";

/** An upgrade request for `target` with the given extra header lines. */
function upgrade(target: string, headers = KEY): string {
  return `GET ${target} HTTP/1.1\r\nHost: localhost\r\n${UPGRADE}${headers}\r\n`;
}

describe.each(testStores())("malformed HTTP and upgrade requests on $kind", (factory) => {
  const suite = serverSuite(factory);

  it("answers upgrade requests to unreadable targets with 400 and keeps running", async () => {
    // `GET //` with an Upgrade header used to throw "Invalid URL" in the listener and end the process.
    for (const target of ["http://x", "http://x/ws", "%", "*", "ws", "%%%%", "?token=a"]) {
      const answer = await rawExchange(suite.server.url, upgrade(target));
      expect(statusOf(answer), target).toBe(400);
    }
    expect(await healthy(suite.server)).toBe(true);
  });

  it("answers upgrades to other paths with 404 and over-long targets with 431", async () => {
    for (const target of [
      "//",
      "//ws",
      "//%",
      "/",
      "/%",
      "/ws/",
      "/ws/../ws",
      "/WS",
      "/%77s",
      "/ws%00",
      "/api/health",
    ]) {
      const answer = await rawExchange(suite.server.url, upgrade(target));
      expect(statusOf(answer), target).toBe(404);
    }
    const long = await rawExchange(suite.server.url, upgrade(`/ws?token=${"a".repeat(100_000)}`));
    expect(statusOf(long)).toBe(431);
    expect(await healthy(suite.server)).toBe(true);
  });

  it("refuses broken handshakes to /ws with 400 (or 405) and keeps running", async () => {
    const cases: Array<[string, number]> = [
      [upgrade("/ws?token=%", ""), 400],
      [
        upgrade("/ws?token=%E0%A4%A", "Sec-WebSocket-Key: short\r\nSec-WebSocket-Version: 13\r\n"),
        400,
      ],
      [
        upgrade(
          "/ws",
          "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 99\r\n",
        ),
        400,
      ],
      [upgrade("/ws", `${KEY}Sec-WebSocket-Protocol: a,,b\r\n`), 400],
      [upgrade("/ws", `${KEY}Sec-WebSocket-Extensions: ;;=;\r\n`), 101],
      [
        `GET /ws HTTP/1.1\r\nHost: localhost\r\nUpgrade: nonsense\r\nConnection: Upgrade\r\n${KEY}\r\n`,
        400,
      ],
      // A well-formed handshake carrying a body: accepted (then closed for its empty token).
      [`${upgrade("/ws", `${KEY}Content-Length: 5\r\n`)}abc`, 101],
      [`POST /ws HTTP/1.1\r\nHost: localhost\r\n${UPGRADE}${KEY}Content-Length: 3\r\n\r\nabc`, 405],
    ];
    for (const [request, status] of cases) {
      const answer = await rawExchange(suite.server.url, request, 1000);
      expect(statusOf(answer), request).toBe(status);
    }
    expect(await healthy(suite.server)).toBe(true);
  });

  it("survives garbage request lines and headers, with or without Upgrade", async () => {
    const requests = [
      "GET // HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET % HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET http://x HTTP/1.1\r\nHost: localhost\r\n\r\n",
      `GET /ws HTTP/1.1\r\nHost: localhost\r\nX-Bad: a\x01b\r\n${UPGRADE}${KEY}\r\n`,
      `GET /ws HTTP/1.1\r\nHost: localhost\r\n${UPGRADE}${KEY}${KEY}\r\n`,
      `GET /ws HTTP/1.1\r\nHost: localhost\r\n${UPGRADE}${"X-Long: y\r\n".repeat(3000)}\r\n`,
      "\x00\x01\x02\x03 garbage\r\n\r\n",
      "GET /ws HTTP/9.9\r\nHost: localhost\r\nUpgrade: websocket\r\n\r\n",
      "CONNECT localhost:1 HTTP/1.1\r\nHost: localhost\r\n\r\n",
      "GET / HTTP/1.1\r\nHost: localhost\r\nTransfer-Encoding: chunked\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\nzz\r\n",
    ];
    for (const request of requests) {
      const answer = await rawExchange(suite.server.url, request, 1000);
      const status = statusOf(answer);
      // An HTTP error or a dropped connection; never an accepted socket.
      if (status !== undefined) expect(status, JSON.stringify(request)).toBeGreaterThanOrEqual(400);
    }
    expect(await healthy(suite.server)).toBe(true);
  });

  it("survives clients that reset the connection right after a refused upgrade", async () => {
    const { host, port } = hostPort(suite.server.url);
    for (let i = 0; i < 30; i++) {
      const socket = connect({ host, port });
      socket.on("error", () => {});
      await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
      socket.write(upgrade(i % 2 ? "//" : "/elsewhere"));
      socket.resetAndDestroy();
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(await healthy(suite.server)).toBe(true);
    const client = await TestClient.connect(suite.server.url, await guestToken(suite.server));
    client.send("heartbeat", {});
    await client.next("pong");
    client.close();
  });
});
