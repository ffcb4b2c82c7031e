import type { ServerResponse } from "node:http";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { FeedEvent, MarketFeed } from "../../services/market/market-feed";
import { zodScope } from "./openapi";
import { publicRateLimit, type QuotaStore } from "./rate-limit";
import { errors } from "./schemas";

/** Open streams one address may hold at once (one more is 429). */
export const STREAMS_PER_ADDRESS = 4;
/** A comment line this often keeps proxies from closing a quiet stream. */
const KEEPALIVE_MS = 15_000;

const StreamAnswer = z
  .string()
  .describe(
    "Server-Sent Events. `event: best` with `{lootId, Buy, Sell}` (null for a side without orders): first one per item with orders, then each change of an item's best prices. `event: trade` with `id:` the trade's id and `{id, lootId, quantity, unitPrice, at}` (`at` in ms since the epoch), for every trade on any of the server's processes, within a second.",
  );

/**
 * `GET /api/market/stream` (issue 28): a read-only Server-Sent Events stream of the market's
 * trades and best-price changes for tools, fed by {@link MarketFeed} (trades every process
 * writes). Same CORS and quota as the other public routes, and at most
 * {@link STREAMS_PER_ADDRESS} open streams per address.
 */
export async function marketStreamRoute(
  app: FastifyInstance,
  feed: MarketFeed,
  quota?: QuotaStore,
): Promise<void> {
  const open = new Map<string, number>();
  const streams = new Set<ServerResponse>();
  // A stream never ends by itself: end them all when the server closes.
  app.addHook("preClose", async () => {
    for (const res of streams) res.end();
    feed.stop();
  });
  await app.register(async (plain) => {
    await zodScope(plain);
    await publicRateLimit(plain, "stream", quota);
    plain.withTypeProvider<ZodTypeProvider>().get(
      "/api/market/stream",
      {
        schema: {
          tags: ["Market"],
          summary: "Live trades and best prices",
          description:
            "A Server-Sent Events stream (`text/event-stream`; in a browser `new EventSource(url)`) of every trade and every change of an item's best prices. At most 4 open streams per address.",
          response: {
            200: {
              description: "The stream",
              content: { "text/event-stream": { schema: StreamAnswer } },
            },
            ...errors(429, 500),
          },
        },
      },
      async (req, reply) => {
        const address = req.ip;
        const held = open.get(address) ?? 0;
        if (held >= STREAMS_PER_ADDRESS) {
          return reply.code(429).send({
            error: `At most ${STREAMS_PER_ADDRESS} open streams per address.`,
            code: "rate_limited",
          } as never);
        }
        const snapshot = await feed.snapshot();
        open.set(address, (open.get(address) ?? 0) + 1);
        reply.hijack();
        const res = reply.raw;
        res.writeHead(200, {
          ...(reply.getHeaders() as Record<string, string>),
          "content-type": "text/event-stream; charset=utf-8",
          "cache-control": "no-store",
          connection: "keep-alive",
          "x-accel-buffering": "no",
        });
        const send = (e: FeedEvent) => {
          if (e.kind === "trade") {
            res.write(`event: trade\nid: ${e.trade.id}\ndata: ${JSON.stringify(e.trade)}\n\n`);
          } else {
            res.write(`event: best\ndata: ${JSON.stringify(e.best)}\n\n`);
          }
        };
        streams.add(res);
        res.write("retry: 2000\n\n");
        for (const best of snapshot) send({ kind: "best", best });
        const unsubscribe = feed.subscribe(send);
        const keepalive = setInterval(() => res.write(": keep-alive\n\n"), KEEPALIVE_MS);
        keepalive.unref();
        const close = () => {
          clearInterval(keepalive);
          unsubscribe();
          streams.delete(res);
          const n = (open.get(address) ?? 1) - 1;
          if (n <= 0) open.delete(address);
          else open.set(address, n);
        };
        req.raw.once("close", close);
      },
    );
  });
}
