import type { IncomingMessage } from "node:http";
import { clientProtocol, type ServerMessage } from "@manaspire/protocol";
import { beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { SocketClient } from "../../../web/src/net/socketClient";
import { TokenService } from "../../src/auth/tokens";
import { TestClient } from "../support/client";
import { connect, namedPlayer } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const SECRET = "test-secret-that-is-long-enough-for-hs256-tokens";
const DAY = 86_400;
const TTL = 30 * DAY;

/** The test's sign-in timeout (the default is 10 s). */
const AUTH_TIMEOUT_MS = 3000;
/** The claims of a token (its payload, unverified: the server verified it). */
function claimsOf(token: string): { sub: string; pid: number; iat: number; exp: number } {
  return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8"));
}

describe.each(testStores())("login tokens on $kind", (factory) => {
  const suite = serverSuite(factory, {
    JWT_SECRET: SECRET,
    TOKEN_TTL_DAYS: "30",
    AUTH_TIMEOUT_MS: String(AUTH_TIMEOUT_MS),
  });

  const upgradeUrls: string[] = [];
  beforeAll(() => {
    suite.server.app.server.on("upgrade", (req: IncomingMessage) =>
      upgradeUrls.push(req.url ?? ""),
    );
  });

  it("renews a token older than a day as soon as its player connects", async () => {
    const p = await namedPlayer(suite.server, "Renew");
    const now = Math.floor(Date.now() / 1000);
    const old = await new TokenService(SECRET, TTL).issue(
      { accountId: p.loaded.accountId, playerId: p.id },
      TTL,
      now - 2 * DAY,
    );
    p.client.close();
    const client = await TestClient.connect(suite.server.url, old);
    const { token } = await client.next("loginToken");
    const fresh = claimsOf(token);
    expect(fresh.sub).toBe(String(p.loaded.accountId));
    expect(fresh.pid).toBe(p.id);
    expect(fresh.iat).toBeGreaterThanOrEqual(now);
    expect(fresh.exp - claimsOf(old).exp).toBeGreaterThanOrEqual(2 * DAY);
    client.close();
    // The renewed token signs in, and being fresh it is not renewed again.
    const again = await connect(suite.server, token);
    again.client.send("heartbeat", {});
    await again.client.next("pong");
    expect(again.client.received.some((m) => m.type === "loginToken")).toBe(false);
    again.client.close();
  });

  it("renews while the player stays connected, at a heartbeat once the token is due", async () => {
    const p = await namedPlayer(suite.server, "Stay");
    p.client.send("heartbeat", {});
    await p.client.next("pong");
    expect(p.client.received.some((m) => m.type === "loginToken")).toBe(false);
    // A day passes for this socket's token.
    for (const conn of suite.server.sessions.all()) {
      if (conn.playerId === p.id) conn.tokenIssuedAt -= DAY;
    }
    const since = p.client.received.length;
    p.client.send("heartbeat", {});
    const { token } = await p.client.next("loginToken", () => true, { since });
    expect(claimsOf(token).iat).toBeGreaterThan(claimsOf(p.token).iat - 1);
    expect(claimsOf(token).exp).toBeGreaterThanOrEqual(claimsOf(p.token).exp);
    p.client.close();
  });

  it("never reads a token from the socket's address", async () => {
    const p = await namedPlayer(suite.server, "Url");
    p.client.close();
    // A valid token in the address and no `authenticate`: the socket is not let in.
    const client = await TestClient.open(
      suite.server.url,
      {},
      `/ws?token=${encodeURIComponent(p.token)}`,
    );
    client.send("hydrate", {});
    expect(await client.closedWith()).toEqual({ code: 1008, reason: "Authenticate first" });
    // It was told the build first, so an older client reloads instead of retrying.
    expect(client.received.map((m) => m.type)).toEqual(["versionCheck"]);
  });

  it("the browser's socket client sends its token in its first message, not in the address", async () => {
    const p = await namedPlayer(suite.server, "Browser");
    p.client.close();
    const before = upgradeUrls.length;
    const g = globalThis as { WebSocket?: unknown };
    const had = g.WebSocket;
    g.WebSocket = WebSocket; // the browser's API, as ws implements it
    const received: ServerMessage[] = [];
    let sock: SocketClient | undefined;
    try {
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error("no player state")), 10_000);
        sock = new SocketClient(
          () => `${suite.server.url.replace("http", "ws")}/ws`,
          () => p.token,
          {
            onStatus() {},
            onOpen() {
              sock?.send("hydrate", {});
            },
            onMessage(m) {
              received.push(m);
              if (m.type === "playerState") {
                clearTimeout(timer);
                resolve();
              }
            },
            onAuthFailure(reason) {
              reject(new Error(reason));
            },
          },
        );
        sock.connect();
      });
    } finally {
      sock?.close();
      g.WebSocket = had;
    }
    const state = received.find((m) => m.type === "playerState");
    expect(state?.type === "playerState" && state.data.player.id).toBe(p.id);
    const urls = upgradeUrls.slice(before);
    expect(urls).toEqual(["/ws"]);
    for (const url of upgradeUrls) expect(url).not.toContain(p.token);
  });

  it("refuses a second authenticate on a signed-in socket and a socket that never signs in", async () => {
    const p = await namedPlayer(suite.server, "Twice");
    const since = p.client.received.length;
    p.client.sendRaw(clientProtocol.encode("authenticate", { token: "someone-else" }));
    const toast = await p.client.next("toast", () => true, { since });
    expect(toast.text).toBe("This connection is already signed in.");
    p.client.close();
    const silent = await TestClient.open(suite.server.url);
    expect(await silent.closedWith(AUTH_TIMEOUT_MS + 5000)).toEqual({
      code: 1008,
      reason: "Authentication timeout",
    });
  });
});
