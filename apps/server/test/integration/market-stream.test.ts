import { LootId, MarketSide } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { STREAMS_PER_ADDRESS } from "../../src/http/public-api/market-stream";
import { PUBLIC_API_PER_MINUTE } from "../../src/http/public-api/rate-limit";
import type { ServerProcess } from "../support/child";
import { namedPlayer, type Player, type RemotePlayer, setLoot, toastFor } from "../support/players";
import { redisReachable } from "../support/redis";
import { SseStream } from "../support/sse";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { twoProcesses } from "../support/two-processes";

const PEARL = LootId.WhitePearl;

function order(p: Player | RemotePlayer, side: MarketSide, quantity: number, unitPrice: number) {
  const since = p.client.received.length;
  p.client.send("createOrder", { side, lootId: PEARL, quantity, unitPrice, quantityGiven: true });
  return p.client.next("toast", () => true, { since });
}

describe.each(testStores())("the market stream on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("streams best-price changes and trades to a tool on another origin", async () => {
    const url = `${suite.server.url}/api/market/stream`;
    const stream = await SseStream.open(url, { origin: "http://tools.example.test" });
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get("access-control-allow-origin")).toBe("*");
      const seller = await namedPlayer(suite.server);
      const buyer = await namedPlayer(suite.server);
      setLoot(seller.loaded, PEARL, 10);
      setLoot(buyer.loaded, LootId.ManaDust, 1_000);
      await order(seller, MarketSide.Sell, 10, 31);
      const best = await stream.next((e) => e.event === "best");
      expect(best.data).toEqual({ lootId: PEARL, Buy: null, Sell: 31 });
      const since = stream.events.length;
      const at = Date.now();
      await toastFor(buyer, () =>
        buyer.client.send("createOrder", {
          side: MarketSide.Buy,
          lootId: PEARL,
          quantity: 3,
          unitPrice: 31,
          quantityGiven: true,
        }),
      );
      const trade = await stream.next((e) => e.event === "trade", { since, timeoutMs: 1000 });
      expect(Date.now() - at).toBeLessThan(1000);
      expect(trade.data).toMatchObject({ lootId: PEARL, quantity: 3, unitPrice: 31 });
      expect(trade.id).toBe(String((trade.data as { id: number }).id));
    } finally {
      stream.close();
    }
  });

  it("holds at most a few streams per address; the next is 429 in the one error shape", async () => {
    const url = `${suite.server.url}/api/market/stream`;
    const open: SseStream[] = [];
    try {
      for (let i = 0; i < STREAMS_PER_ADDRESS; i++) open.push(await SseStream.open(url));
      expect(open.map((s) => s.response.status)).toEqual(open.map(() => 200));
      const refused = await fetch(url);
      expect(refused.status).toBe(429);
      expect(await refused.json()).toMatchObject({ code: "rate_limited" });
    } finally {
      for (const s of open) s.close();
    }
    // Closed streams free their places.
    await new Promise((r) => setTimeout(r, 200));
    const again = await SseStream.open(url);
    expect(again.response.status).toBe(200);
    again.close();
  });
});

const postgres = testStores().find((f) => f.kind === "postgres");
const redisUp = postgres ? await redisReachable() : false;

describe.runIf(postgres && redisUp)("the public API on two processes", () => {
  const world = twoProcesses(postgres!);

  it("shares the public API's quota between the processes (Redis)", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    let remaining = Number.NaN;
    for (let i = 0; i < PUBLIC_API_PER_MINUTE / 2; i++) {
      const res = await fetch(`${one.url}/api/guilds`);
      expect(res.status).toBe(200);
      remaining = Number(res.headers.get("ratelimit-remaining"));
      await res.arrayBuffer();
    }
    expect(remaining).toBe(PUBLIC_API_PER_MINUTE / 2);
    const other = await fetch(`${two.url}/api/guilds`);
    expect(other.status).toBe(200);
    expect(Number(other.headers.get("ratelimit-remaining"))).toBe(PUBLIC_API_PER_MINUTE / 2 - 1);
    let last: Response | undefined;
    for (let i = 0; i <= PUBLIC_API_PER_MINUTE && last?.status !== 429; i++) {
      last = await fetch(`${two.url}/api/guilds`);
      await last.arrayBuffer();
    }
    expect(last?.status).toBe(429);
    const fromOne = await fetch(`${one.url}/api/guilds`);
    expect(fromOne.status).toBe(429);
    expect(await fromOne.json()).toMatchObject({ code: "rate_limited" });
  });

  it("delivers a trade made on the other process within a second", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const seller = await world.player(two, "Se", { [PEARL]: 10 });
    const buyer = await world.player(two, "Bu", { [LootId.ManaDust]: 1000 });
    const stream = await SseStream.open(`${one.url}/api/market/stream`);
    try {
      await order(seller, MarketSide.Sell, 10, 40);
      await stream.next((e) => e.event === "best" && (e.data as { Sell: number }).Sell === 40);
      const since = stream.events.length;
      const at = Date.now();
      await order(buyer, MarketSide.Buy, 2, 40);
      const trade = await stream.next((e) => e.event === "trade", { since, timeoutMs: 1000 });
      const ms = Date.now() - at;
      console.log(`trade on process two reached process one's stream in ${ms} ms`);
      expect(trade.data).toMatchObject({ lootId: PEARL, quantity: 2, unitPrice: 40 });
    } finally {
      stream.close();
    }
  });
});
