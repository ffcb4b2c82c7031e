import { ChatChannel } from "@manaspire/game";
import { afterAll, describe, expect, it } from "vitest";
import { LOGIN_FAILURES_PER_NAME } from "../../src/auth/sign-in-limits";
import { RATE_LIMIT_LINES } from "../../src/services/chat/limits";
import { TestClient } from "../support/client";
import { connectRemote, registerRemote } from "../support/players";
import { redisReachable } from "../support/redis";
import { testStores } from "../support/stores";
import { twoProcesses } from "../support/two-processes";
import { sleep } from "../support/wait";

const clients: TestClient[] = [];
afterAll(() => {
  for (const c of clients) c.close();
});

const postgres = testStores().find((f) => f.kind === "postgres");
const redisUp = postgres ? await redisReachable() : false;

async function guest(url: string, forwarded?: string): Promise<number> {
  const res = await fetch(`${url}/api/auth/guest`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...(forwarded ? { "x-forwarded-for": forwarded } : {}),
    },
    body: "{}",
  });
  await res.body?.cancel();
  return res.status;
}

/**
 * Issue 25: with REDIS_URL, an HTTP quota spent on one process is spent on the others (each
 * process used to count only its own requests, so two processes allowed twice the quota).
 */
describe.runIf(postgres && redisUp)("HTTP quotas shared by two processes on Redis", () => {
  const world = twoProcesses(postgres as NonNullable<typeof postgres>, {
    TRUST_PROXY: "1",
    MAX_SOCKETS_PER_IP: "2",
  });

  it("refuses the 11th guest sign-up of an address whichever process it reaches", async () => {
    const [a, b] = world.procs;
    if (!a || !b) throw new Error("two processes");
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      // Spoofed entries left of the proxy's do not help either.
      statuses.push(await guest((i % 2 === 0 ? a : b).url, `6.6.6.${i}, 203.0.113.9`));
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429, 429]);
    // Another address still has its quota, on both.
    expect(await guest(a.url, "198.51.100.2")).toBe(200);
    expect(await guest(b.url, "198.51.100.2")).toBe(200);
  });

  it("counts an address's sockets on every process against MAX_SOCKETS_PER_IP", async () => {
    const [a, b] = world.procs;
    if (!a || !b) throw new Error("two processes");
    const token = async (n: number) => {
      const res = await fetch(`${a.url}/api/auth/guest`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `192.0.2.${n}` },
        body: "{}",
      });
      return ((await res.json()) as { token: string }).token;
    };
    // Each process learns the other's id at a lease heartbeat (every LEASE_MS / 3).
    await sleep(2000);
    const first = await TestClient.connect(a.url, await token(1));
    const second = await TestClient.connect(b.url, await token(2));
    clients.push(first, second);
    await first.next("versionCheck");
    await second.next("versionCheck");
    // Both processes hold one each: a third from the same address is refused on either.
    await expect(TestClient.connect(a.url, await token(3))).rejects.toThrow(/429/);
    await expect(TestClient.connect(b.url, await token(4))).rejects.toThrow(/429/);
    // A closed socket frees its place for the whole world.
    first.close();
    await first.closedWith();
    await sleep(300);
    const again = await TestClient.connect(b.url, await token(5));
    clients.push(again);
    await again.next("versionCheck");
    // The address's places are free again for the tests below.
    for (const c of [second, again]) {
      c.close();
      await c.closedWith();
    }
    await sleep(300);
  });

  it("counts a name's failed sign-ins on every process", async () => {
    const [a, b] = world.procs;
    if (!a || !b) throw new Error("two processes");
    const { name } = await registerRemote(a.url, "Pw");
    // Each guess from its own address: only the name's own limit can stop them.
    const login = async (url: string, password: string, n: number) => {
      const res = await fetch(`${url}/api/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${n}` },
        body: JSON.stringify({ username: name, password }),
      });
      return { status: res.status, body: (await res.json()) as { error?: string } };
    };
    const statuses: number[] = [];
    for (let i = 0; i < LOGIN_FAILURES_PER_NAME; i++) {
      statuses.push((await login(i % 2 === 0 ? a.url : b.url, `wrong-${i}`, 10 + i)).status);
    }
    expect(statuses).toEqual(Array(LOGIN_FAILURES_PER_NAME).fill(401));
    // Spread over two processes, the name has had its ten: the right password waits too.
    for (const proc of [a, b]) {
      const refused = await login(proc.url, "pass1234", 50);
      expect(refused.status).toBe(429);
      expect(refused.body.error).toMatch(
        /^Too many failed sign-ins for this name; try again in 15 min\.$/,
      );
    }
  });

  it("keeps a player's chat rate when the player moves to the other process", async () => {
    const [a, b] = world.procs;
    if (!a || !b) throw new Error("two processes");
    const { token } = await registerRemote(a.url, "Chat");
    const here = await connectRemote(a.url, token);
    await here.client.next("chatHistory", () => true, { timeoutMs: 30_000 });
    for (let i = 1; i <= RATE_LIMIT_LINES; i++) {
      here.client.send("chat", { channel: ChatChannel.General, text: `line ${i}` });
      await here.client.next("chatLine", (m) =>
        m.entry.message.some((part) => part.text === `line ${i}`),
      );
    }
    // The next line within the window, sent from the other process after a hand-over.
    const there = await connectRemote(b.url, token);
    await there.client.next("chatHistory", () => true, { timeoutMs: 30_000 });
    here.client.close();
    there.client.send("chat", { channel: ChatChannel.General, text: "one too many" });
    const toast = await there.client.next("toast", (t) => t.text.includes("too fast"));
    expect(toast.text).toMatch(/^You are sending messages too fast; wait \d+ s\.$/);
    there.client.close();
  });
});
