import { MARKET_CATEGORIES, MarketSide } from "@manaspire/game";
import { sql } from "drizzle-orm";
import pg from "pg";
import { loadConfig } from "../apps/server/src/config";
import { openDatabase } from "../apps/server/src/db/client";
import { createServer } from "../apps/server/src/server";
import { placeOrder } from "../apps/server/src/services/market/orders";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
import { seedPlayers } from "../apps/server/test/support/seed";

/**
 * Issue 9 figure: market matches per second on PostgreSQL, sustained, with every book (45
 * items; the issue asks 50) holding 1,000 resting orders. A real server (in this process) on a fresh database;
 * 1,000 players each rest one order per book (50,000 orders), then concurrent takers (as many
 * as the connection pool serves) place orders that each fill against one resting order, all
 * books at once, through the same `placeOrder` a socket call runs. `BENCH_MARKET_SECONDS`
 * (default 10) of matching; PostgreSQL from `BENCH_DATABASE_URL` (default the local server).
 */

const PLAYERS = Number(process.env.BENCH_MARKET_PLAYERS ?? 1_000);
const BOOKS = 50;
const SECONDS = Number(process.env.BENCH_MARKET_SECONDS ?? 10);
const TAKERS = Number(process.env.BENCH_MARKET_TAKERS ?? 50);

function line(label: string, value: string): void {
  console.log(`${label.padEnd(48)} ${value}`);
}

export async function marketBench(): Promise<void> {
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch {
    line("market matches/s (PostgreSQL)", "skipped: no PostgreSQL");
    return;
  }
  const dbName = `manaspire_market_bench_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  try {
    const lootIds = MARKET_CATEGORIES.flatMap((c) => c.lootIds).slice(0, BOOKS);
    const seeded = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    const loot: Record<number, number> = { 1: 1e12 };
    for (const id of lootIds) loot[id] = 1e7;
    await seedPlayers(seeded.db, PLAYERS + TAKERS, { loot });
    await seeded.close();

    const game = await createServer(
      loadConfig({
        PORT: "0",
        HOST: "127.0.0.1",
        TICK_MS: "60000",
        FLUSH_MS: "1000",
        LOG_LEVEL: "silent",
        WEB_DIST: "",
        JWT_SECRET: "bench-secret-that-is-long-enough-for-hs256-tokens",
        DATABASE_URL: url.toString(),
        DATA_DIR: "",
      }),
    );
    await game.start();
    await game.whenLoaded();
    const players = [...game.store.loaded.values()].sort((a, b) => a.id - b.id);
    const makers = players.slice(0, PLAYERS);
    const takers = players.slice(PLAYERS);
    const deps = {
      db: game.database.db,
      store: game.store,
      sessions: game.sessions,
      activityLog: game.activityLog,
      inbox: game.inbox,
    };
    const itemName = "bench";

    // The books: each maker sells on each item at its own price (1,000 levels a book).
    const restStarted = performance.now();
    // Makers at once (each its books in turn), as players would: orders batch together.
    await Promise.all(
      makers.map(async (maker, i) => {
        for (const lootId of lootIds) {
          await placeOrder(deps, maker, {
            side: MarketSide.Sell,
            lootId,
            itemName,
            quantity: 1_000,
            limit: 1_000 + i,
          });
        }
      }),
    );
    const rested = makers.length * lootIds.length;
    line(
      "market: resting orders placed/s (1,000 makers)",
      `${Math.round(rested / ((performance.now() - restStarted) / 1000)).toLocaleString("en")}  (${rested.toLocaleString("en")} orders)`,
    );

    // Matching: takers buy 10 at a time at any price, round robin over the books.
    let matches = 0;
    let trades = 0;
    const until = performance.now() + SECONDS * 1000;
    const started = performance.now();
    await Promise.all(
      takers.map(async (taker: LoadedPlayer, t) => {
        let k = t;
        while (performance.now() < until) {
          const lootId = lootIds[k++ % lootIds.length] as number;
          const placed = await placeOrder(deps, taker, {
            side: MarketSide.Buy,
            lootId,
            itemName,
            quantity: 10,
            limit: null,
          });
          matches++;
          trades += placed.fills.length;
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    const [row] = (
      (await game.database.db.execute(sql`select count(*)::int as n from market_orders`)) as {
        rows: Array<{ n: number }>;
      }
    ).rows;
    line(
      `market matches/s (PostgreSQL, ${lootIds.length} books x 1,000)`,
      `${Math.round(matches / seconds).toLocaleString("en")}  (${trades.toLocaleString("en")} fills in ${seconds.toFixed(1)} s, ${row?.n.toLocaleString("en")} orders rest; target 2,000)`,
    );
    await game.stop();
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}
