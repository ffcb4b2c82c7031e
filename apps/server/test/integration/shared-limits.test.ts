import { describe, expect, it } from "vitest";
import { redisReachable } from "../support/redis";
import { testStores } from "../support/stores";
import { twoProcesses } from "../support/two-processes";

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
  const world = twoProcesses(postgres as NonNullable<typeof postgres>, { TRUST_PROXY: "1" });

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
});
