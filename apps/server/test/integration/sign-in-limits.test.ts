import {
  afterAll,
  afterEach,
  beforeAll,
  beforeEach,
  describe,
  expect,
  it,
  type MockInstance,
  vi,
} from "vitest";
import { needsRehash, UNKNOWN_NAME_HASH, verifyPassword } from "../../src/auth/passwords";
import type { GameServer } from "../../src/server";
import { uniqueName } from "../support/players";
import { api, startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";

const PASSWORD = "pass1234";
const WRONG = { error: "Wrong name or password.", code: "unauthorized" };

describe.each(testStores())("sign-in names and limits on $kind", (factory) => {
  let store: TestStore;
  let server: GameServer;
  let checks: MockInstance<typeof verifyPassword>;

  beforeAll(async () => {
    store = await factory.create();
  });

  // A fresh server per test: the per-address limits live in its memory.
  beforeEach(async () => {
    server = await startTestServer(store, { TICK_MS: "60000" });
    // Watch the password checks the accounts service makes (the real Argon2id still runs).
    checks = vi.spyOn(server.accounts, "checkPassword");
  });

  afterEach(async () => {
    await server?.stop();
  });

  afterAll(async () => {
    await store?.dispose();
  });

  const register = (username: string) =>
    api(server, "/api/auth/register", { username, password: PASSWORD });
  const login = (username: string, password = PASSWORD) =>
    api(server, "/api/auth/login", { username, password });

  it("refuses reserved names at sign-up, but a reserved word later in a name is fine", async () => {
    for (const username of [
      "Admin",
      "SYSTEM",
      "Mod_erator",
      "Guest",
      "Guest_abcdefgh",
      "Staff_Ann",
    ]) {
      expect(await register(username), username).toEqual({
        status: 400,
        body: { error: "That name is reserved.", code: "bad_request" },
      });
    }
    expect((await register(`Lord_${uniqueName("Admin")}`)).status).toBe(200);
  });

  it("runs Argon2id against a stand-in hash when the name does not exist", async () => {
    const name = uniqueName("Real");
    expect((await register(name)).status).toBe(200);
    expect(await login(name, "wrong-password")).toEqual({ status: 401, body: WRONG });
    expect(await login(uniqueName("Nobody"))).toEqual({ status: 401, body: WRONG });
    // A name that cannot exist never reaches the database, and costs the same.
    expect(await login("no\u0000such name")).toEqual({ status: 401, body: WRONG });
    const hashes = checks.mock.calls.map(([, hash]) => hash);
    expect(hashes).toHaveLength(3);
    expect(hashes[0]).not.toBe(UNKNOWN_NAME_HASH);
    expect(hashes.slice(1)).toEqual([UNKNOWN_NAME_HASH, UNKNOWN_NAME_HASH]);
    // The stand-in is a well-formed Argon2id hash with today's parameters (so the check
    // really derives a key, as costly as a real one)…
    expect(UNKNOWN_NAME_HASH).toMatch(
      /^\$argon2id\$v=19\$m=19456,t=2,p=1\$[\w+/]{22}\$[\w+/]{43}$/,
    );
    expect(needsRehash(UNKNOWN_NAME_HASH)).toBe(false);
    // …that no password matches.
    expect(await verifyPassword("", UNKNOWN_NAME_HASH)).toBe(false);
  });

  it("limits failed sign-ins per name (existing or not), whatever the password, then not others", async () => {
    const name = uniqueName("Target");
    expect((await register(name)).status).toBe(200);
    // Successful sign-ins do not count.
    for (let i = 0; i < 3; i++) expect((await login(name)).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await login(name, `guess${i}xx`)).status).toBe(401);
    const limited = {
      status: 429,
      body: {
        error: "Too many failed sign-ins for this name; try again in 15 min.",
        code: "rate_limited",
      },
    };
    expect(await login(name.toUpperCase(), "guess-again")).toEqual(limited);
    // Even the right password waits: otherwise guessing could go on.
    expect(await login(name)).toEqual(limited);
    // A missing name is limited the same way, so the limit does not reveal which names exist.
    const ghost = uniqueName("Ghost");
    for (let i = 0; i < 10; i++) expect((await login(ghost)).status).toBe(401);
    expect(await login(ghost)).toEqual(limited);
    // Other names are not affected.
    const other = uniqueName("Other");
    expect((await register(other)).status).toBe(200);
  });

  it("limits guest creation per address separately from sign-in and sign-up", async () => {
    for (let i = 0; i < 10; i++)
      expect((await api(server, "/api/auth/guest", {})).status).toBe(200);
    const guests = await api(server, "/api/auth/guest", {});
    expect([guests.status, guests.body.error]).toEqual([
      429,
      "Too many attempts; wait 60 minutes and try again.",
    ]);
    // Sign-up and sign-in still have their own budget: 30 a minute together.
    const name = uniqueName("Busy");
    expect((await register(name)).status).toBe(200);
    for (let i = 0; i < 29; i++) expect((await login(name)).status).toBe(200);
    const busy = await login(name);
    expect([busy.status, busy.body.error]).toEqual([
      429,
      "Too many attempts; wait a minute and try again.",
    ]);
    expect((await api(server, "/api/auth/guest", {})).status).toBe(429);
  });
});
