import { createRng, GEAR_SLOTS, generateItem, type Rarity } from "@manaspire/game";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client";
import {
  type ItemSearch,
  searchListings,
} from "../apps/server/src/services/market/item-order-store";
import { seedPlayers } from "../apps/server/test/support/seed";

/**
 * Issue 9 figure: equipment market search time over 100,000 listings on PostgreSQL (target
 * well under 100 ms). A fresh database gets 1,000 sellers and 100,000 listings of generated
 * items (every slot, rarity and level 1-3,000, one in ten infused, prices 1 to 10,000,000);
 * then each search the browser can send runs through the server's own `searchListings`, 30
 * times, and its median and slowest times are printed. `BENCH_ITEM_LISTINGS` changes the count.
 */

const LISTINGS = Number(process.env.BENCH_ITEM_LISTINGS ?? 100_000);
const SELLERS = 1_000;
const RUNS = 30;
const BATCH = 5_000;

function line(label: string, value: string): void {
  console.log(`${label.padEnd(48)} ${value}`);
}

/** Searches a player can make, from none to several filters at once, and a second page. */
function searches(boostA: number, boostB: number, boostC: number): Array<[string, ItemSearch]> {
  const none: ItemSearch = { boosts: [], onlyInfused: false };
  return [
    ["no filters", none],
    ["slot", { ...none, slot: 3 }],
    ["slot + rarity", { ...none, slot: 3, rarity: 6 }],
    ["level 2,000-2,100", { ...none, minLevel: 2_000, maxLevel: 2_100 }],
    ["one boost", { ...none, boosts: [boostA] }],
    ["three boosts", { ...none, boosts: [boostA, boostB, boostC] }],
    ["quality >= 95", { ...none, minQuality: 95 }],
    ["max price 1,000", { ...none, maxPrice: 1_000 }],
    ["infused + slot + quality 90", { ...none, onlyInfused: true, slot: 5, minQuality: 90 }],
    [
      "everything (rare match)",
      {
        minLevel: 2_500,
        maxLevel: 3_000,
        rarity: 7,
        slot: 8,
        boosts: [boostA, boostB],
        onlyInfused: true,
        minQuality: 80,
        maxPrice: 5_000_000,
      },
    ],
  ];
}

export async function itemMarketBench(): Promise<void> {
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch {
    line("equipment search (PostgreSQL)", "skipped: no PostgreSQL");
    return;
  }
  const dbName = `manaspire_items_bench_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    const { db } = database;
    const sellers = await seedPlayers(db, SELLERS);
    const rng = createRng(9);
    const seeded = performance.now();
    const boostCount = new Map<number, number>();
    for (let start = 0; start < LISTINGS; start += BATCH) {
      const rows = [];
      for (let i = start; i < Math.min(LISTINGS, start + BATCH); i++) {
        const item = generateItem(
          {
            id: 10_000_000 + i,
            slot: GEAR_SLOTS[rng.int(GEAR_SLOTS.length)] as 1,
            rarity: (1 + rng.int(7)) as Rarity,
            level: 1 + rng.int(3_000),
          },
          rng,
        );
        for (const b of Object.keys(item.boosts)) {
          boostCount.set(Number(b), (boostCount.get(Number(b)) ?? 0) + 1);
        }
        rows.push({
          item_id: item.id,
          seller_id: sellers[rng.int(sellers.length)],
          unit_price: 1 + rng.int(10_000_000),
          name: item.name,
          level: item.level,
          rarity: item.rarity,
          slot: item.slot,
          boosts: item.boosts,
          rolls: item.rolls,
          boost_ids: Object.keys(item.boosts).map(Number),
          infusions: rng.int(10) === 0 ? 1 + rng.int(20) : 0,
          quality: item.quality,
          element: item.element ?? null,
          skill: item.skill ?? null,
        });
      }
      await db.execute(sql`
        insert into item_orders (item_id, seller_id, unit_price, name, level, rarity, slot, boosts,
          rolls, boost_ids, infusions, quality, element, skill)
        select item_id, seller_id, unit_price, name, level, rarity, slot, boosts, rolls,
          array(select jsonb_array_elements_text(boost_ids)::int2), infusions, quality, element,
          skill
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(item_id int8,
          seller_id int8, unit_price int8, name text, level int8, rarity int2, slot int2,
          boosts jsonb, rolls jsonb, boost_ids jsonb, infusions int2, quality float8,
          element int2, skill int2)`);
    }
    await db.execute(sql`analyze item_orders`);
    line(
      "equipment listings seeded",
      `${LISTINGS.toLocaleString("en")} in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );
    // Boosts by how common they are: a common one, and two rarer ones for the combined filters.
    const byCount = [...boostCount.entries()].sort((a, b) => b[1] - a[1]).map(([id]) => id);
    const [boostA, boostB, boostC] = [
      byCount[0] as number,
      byCount[Math.floor(byCount.length / 2)] as number,
      byCount[byCount.length - 1] as number,
    ];
    for (const [label, search] of searches(boostA, boostB, boostC)) {
      const times: number[] = [];
      let found = 0;
      let second = 0;
      for (let r = 0; r < RUNS; r++) {
        const started = performance.now();
        const page = await searchListings(db, search);
        times.push(performance.now() - started);
        found = page.listings.length;
        const last = page.listings.at(-1);
        if (r === 0 && last && page.hasMore) {
          const at = performance.now();
          await searchListings(db, { ...search, lastOrder: last.id });
          second = performance.now() - at;
        }
      }
      times.sort((a, b) => a - b);
      line(
        `equipment search: ${label}`,
        `median ${(times[RUNS >> 1] as number).toFixed(1)} ms, max ${(times.at(-1) as number).toFixed(1)} ms  (${found} rows${second > 0 ? `, next page ${second.toFixed(1)} ms` : ""})`,
      );
    }
    await database.close();
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  itemMarketBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
