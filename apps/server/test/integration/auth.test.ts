import { clientProtocol } from "@manaspire/protocol";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { legacyScryptHash, needsRehash, verifyPassword } from "../../src/auth/passwords";
import { TokenService } from "../../src/auth/tokens";
import { identities } from "../../src/db/schema";
import { TestClient } from "../support/client";
import { uniqueName } from "../support/players";
import { api, guestToken } from "../support/server";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const SECRET = "test-secret-that-is-long-enough-for-hs256-tokens";

describe.each(testStores())("accounts and socket safety on $kind", (factory) => {
  const suite = serverSuite(factory, { JWT_SECRET: SECRET });

  it("creates an account, refuses bad names and duplicates, and signs in", async () => {
    const made = await api(suite.server, "/api/auth/register", {
      username: "Morgana",
      password: "pass1234",
    });
    expect(made.status).toBe(200);
    expect(made.body.token).toBeTruthy();
    const cases: Array<[string, string]> = [
      ["ab", "Name must be 3–20 letters."],
      ["_Morg", "Name can't start or end with an underscore."],
      ["Mo__rg", "Name can't contain double underscores."],
    ];
    for (const [username, error] of cases) {
      const res = await api(suite.server, "/api/auth/register", { username, password: "pass1234" });
      expect(res).toEqual({ status: 400, body: { error, code: "bad_request" } });
    }
    const short = await api(suite.server, "/api/auth/register", {
      username: "Nimue",
      password: "short",
    });
    expect(short.status).toBe(400);
    const dup = await api(suite.server, "/api/auth/register", {
      username: "morgana",
      password: "pass1234",
    });
    expect(dup).toEqual({ status: 409, body: { error: "That name is taken.", code: "conflict" } });
    const wrong = await api(suite.server, "/api/auth/login", {
      username: "Morgana",
      password: "nope1234",
    });
    expect(wrong).toEqual({
      status: 401,
      body: { error: "Wrong name or password.", code: "unauthorized" },
    });
    const ok = await api(suite.server, "/api/auth/login", {
      username: "MORGANA",
      password: "pass1234",
    });
    expect(ok.status).toBe(200);
    const client = await TestClient.connect(suite.server.url, ok.body.token ?? "");
    client.send("hydrate", {});
    expect((await client.next("playerState")).player.name).toBe("Morgana");
    client.close();
  });

  it("upgrades a password hash of older parameters at the next sign-in", async () => {
    const name = uniqueName("Old");
    expect(
      (await api(suite.server, "/api/auth/register", { username: name, password: "pass1234" }))
        .status,
    ).toBe(200);
    const { db } = suite.server.database;
    const local = and(
      eq(identities.provider, "local"),
      eq(identities.providerId, name.toLowerCase()),
    );
    const hashOf = async () =>
      (await db.select({ h: identities.secretHash }).from(identities).where(local))[0]?.h ?? "";
    // New accounts get Argon2id at OWASP's parameters.
    expect(await hashOf()).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    // An account of the first release: scrypt N=2^14.
    const legacy = await legacyScryptHash("pass1234");
    await db.update(identities).set({ secretHash: legacy }).where(local);
    const wrong = await api(suite.server, "/api/auth/login", {
      username: name,
      password: "wrong1234",
    });
    expect(wrong.status).toBe(401);
    expect(await hashOf()).toBe(legacy); // a failed sign-in changes nothing
    const ok = await api(suite.server, "/api/auth/login", { username: name, password: "pass1234" });
    expect(ok.status).toBe(200);
    const upgraded = await hashOf();
    expect(upgraded).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(needsRehash(upgraded)).toBe(false);
    expect(await verifyPassword("pass1234", upgraded)).toBe(true);
    expect(
      (await api(suite.server, "/api/auth/login", { username: name, password: "pass1234" })).status,
    ).toBe(200);
  });

  it("closes sockets with the spec's reasons for bad tokens", async () => {
    const forged = await new TokenService("another-secret-that-is-long-enough-xx", 3600).issue({
      accountId: 1,
      playerId: 1,
    });
    const expired = await new TokenService(SECRET, -10).issue({ accountId: 1, playerId: 1 });
    const ghost = await new TokenService(SECRET, 3600).issue({
      accountId: 999_999,
      playerId: 999_999,
    });
    const expectations: Array<[string, string]> = [
      ["garbage", "Invalid token"],
      [forged, "Invalid token"],
      [expired, "Token expired"],
      [ghost, "Player not found"],
    ];
    for (const [token, reason] of expectations) {
      const client = await TestClient.connect(suite.server.url, token);
      const closed = await client.closedWith();
      expect(closed).toEqual({ code: 4001, reason });
    }
  });

  it("survives malformed frames while another player keeps playing", async () => {
    const honest = await TestClient.connect(suite.server.url, await guestToken(suite.server));
    honest.send("hydrate", {});
    await honest.next("playerState");
    const attacker = await TestClient.connect(suite.server.url, await guestToken(suite.server));
    const valid = clientProtocol.encode("selectEnemy", { zone: 1, enemy: 1, magicType: 1 });
    const frames = [
      new Uint8Array([]),
      new Uint8Array([0xff, 0xff]),
      valid.slice(0, valid.length - 1),
      new Uint8Array([...valid, 0]),
      new Uint8Array([0, 5, 9, 0, 0, 0, 0, 0, 0, 0, 0, 0]),
    ];
    for (const frame of frames) attacker.sendRaw(frame);
    attacker.ws.send("a text frame");
    await attacker.next("toast", (m) => m.text.includes("could not read"));
    expect(attacker.closed).toBeUndefined();
    const since = honest.received.length;
    await honest.next("battleTick", () => true, { since });
    // Past the limit the attacker is disconnected; the honest player still plays.
    for (let i = 0; i < 25; i++) attacker.sendRaw(new Uint8Array([0xff, 0xfe]));
    await new Promise((r) => setTimeout(r, 1100));
    for (let i = 0; i < 25; i++) attacker.sendRaw(new Uint8Array([0xff, 0xfe]));
    expect((await attacker.closedWith()).reason).toBe("Too many malformed messages");
    const later = honest.received.length;
    await honest.next("battleTick", () => true, { since: later });
    honest.close();
  });

  it("drops a flood with one toast and keeps the socket open", async () => {
    const client = await TestClient.connect(suite.server.url, await guestToken(suite.server));
    await client.next("versionCheck");
    for (let i = 0; i < 60; i++) client.send("heartbeat", {});
    await client.next("toast", (m) => m.text.includes("too fast"));
    await new Promise((r) => setTimeout(r, 1100));
    client.send("heartbeat", {});
    const since = client.received.length;
    await client.next("pong", () => true, { since });
    const pongs = client.received.filter((m) => m.type === "pong").length;
    expect(pongs).toBeLessThanOrEqual(21);
    expect(client.closed).toBeUndefined();
    client.close();
  });
});
