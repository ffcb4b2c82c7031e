import { hasMarket } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import type { Db } from "../db/client";
import { resultRows } from "../db/runner";
import { CandleInterval, candles } from "../services/market/history";
import { zodScope } from "./public-api/openapi";
import {
  errors,
  MarketBest,
  MarketHistory,
  MarketHistoryParams,
  MarketHistoryQuery,
} from "./public-api/schemas";

/** Public market answers are cached this long (in this process and by clients). */
export const MARKET_CACHE_MS = 5000;

/**
 * The public answers of the last few seconds. An item's entries are forgotten when it trades
 * in this process (other processes' trades show within `MARKET_CACHE_MS`).
 */
export class MarketCache {
  private readonly entries = new Map<string, { at: number; body: unknown }>();

  async get(key: string, make: () => Promise<unknown>): Promise<unknown> {
    const hit = this.entries.get(key);
    if (hit && Date.now() - hit.at < MARKET_CACHE_MS) return hit.body;
    const body = await make();
    this.entries.set(key, { at: Date.now(), body });
    return body;
  }

  /** An item's book or history changed. */
  changed(lootId: number): void {
    this.entries.delete("best");
    this.entries.delete(`${lootId}:hour`);
    this.entries.delete(`${lootId}:day`);
  }
}

/**
 * The market's public read API (issue 9), for the community's tools:
 * - `GET /api/market`: the best buy and sell price of each loot id with orders, in the live
 *   game's shape `{"Buy": {lootId: price}, "Sell": {lootId: price}}`.
 * - `GET /api/market/{lootId}/history?interval=hour|day`: the item's candles (a week of hours
 *   or a month of days), oldest first: `{lootId, interval, candles: [{start, open, high, low,
 *   close, volume}]}` with `start` in ms since the epoch.
 * Both are cached for a few seconds, here and by clients (`Cache-Control`).
 */
export async function marketRoutes(
  app: FastifyInstance,
  db: Db,
  cache: MarketCache,
): Promise<void> {
  const cached = (key: string, make: () => Promise<unknown>) => cache.get(key, make);
  const maxAge = `public, max-age=${MARKET_CACHE_MS / 1000}`;
  await app.register(async (plain) => {
    await zodScope(plain);
    const scope = plain.withTypeProvider<ZodTypeProvider>();

    scope.get(
      "/api/market",
      {
        schema: {
          tags: ["Market"],
          summary: "Best prices",
          description: "The best buy and sell price of every item with a market, by item id.",
          response: { 200: MarketBest, ...errors(429, 500) },
        },
      },
      async (_req, reply) => {
        reply.header("cache-control", maxAge);
        return cached("best", async () => {
          const rows = resultRows<{ loot_id: number; side: number; price: string }>(
            await db.execute(sql`
              select loot_id, side, case when side = 1 then max(unit_price) else min(unit_price) end as price
              from market_orders group by loot_id, side`),
          );
          const out: { Buy: Record<number, number>; Sell: Record<number, number> } = {
            Buy: {},
            Sell: {},
          };
          for (const r of rows) {
            (Number(r.side) === 1 ? out.Buy : out.Sell)[Number(r.loot_id)] = Number(r.price);
          }
          return out;
        }) as Promise<z.infer<typeof MarketBest>>;
      },
    );

    scope.get(
      "/api/market/:lootId/history",
      {
        schema: {
          tags: ["Market"],
          summary: "Price history",
          description:
            "An item's price candles, oldest first: a week of hours or a month of days. 404 for an item without a market, 400 for another interval.",
          params: MarketHistoryParams,
          querystring: MarketHistoryQuery,
          response: { 200: MarketHistory, ...errors(400, 404, 429, 500) },
        },
      },
      async (req, reply) => {
        const lootId = Number(req.params.lootId);
        if (!/^\d{1,6}$/.test(req.params.lootId) || !hasMarket(lootId)) {
          return reply.code(404).send({ error: "No market for that item.", code: "not_found" });
        }
        const name = req.query.interval ?? "hour";
        const interval = name === "hour" ? CandleInterval.Hour : CandleInterval.Day;
        reply.header("cache-control", maxAge);
        return cached(`${lootId}:${name}`, async () => ({
          lootId,
          interval: name,
          candles: await candles(db, lootId, interval),
        })) as Promise<z.infer<typeof MarketHistory>>;
      },
    );
  });
}
