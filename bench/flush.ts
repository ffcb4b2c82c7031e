import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createRng, type GearSlot, generateItem } from "@manaspire/game";
import { sql } from "drizzle-orm";
import pg from "pg";
import { type Database, openDatabase } from "../apps/server/src/db/client";
import { refreshStatistics } from "../apps/server/src/db/statistics";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
import { trackLoot } from "../apps/server/src/world/loot-tracker";
import { BATTLE_ACTION_COLUMNS, markDirty } from "../apps/server/src/world/player-columns";
import { PlayerStore } from "../apps/server/src/world/player-store";
import { toItemRecord } from "../apps/server/src/world/player-writes";
import { seedPlayers } from "../apps/server/test/support/seed";

/**
 * Issue 16 figures on a real database: start-up load of N played accounts (8 items each) and
 * a flush of all N dirty after a battle action each, with the longest event-loop stall during
 * each, and the same rows written by one raw bulk `UPDATE … FROM unnest(…)` beside it.
 * `BENCH_PLAYERS` (default 100,000); PostgreSQL from `BENCH_DATABASE_URL` (default the local
 * server; skipped when unreachable), PGlite in a temporary directory.
 */

const N = Number(process.env.BENCH_PLAYERS ?? 100_000);
const ITEMS_EACH = 8;
/**
 * The bench's LEADERBOARD_MS: long enough that no player's scores come due during the timer's
 * flushes measured (with the default 30 s, a player's next write 15-30 s after the one before,
 * some would, depending on how long the rounds take). In play a timer's flush writes the
 * scores of FLUSH_MS / (0.75 × LEADERBOARD_MS) of its players on average (22% by default).
 */
const SCORES_EVERY_MS = 600_000;

function line(label: string, value: string): void {
  console.log(`${label.padEnd(48)} ${value}`);
}

/** Longest gap between 5 ms timers while `work` runs: how long the event loop was held. */
async function withStallMeter<T>(work: () => Promise<T>): Promise<{ value: T; stallMs: number }> {
  let last = performance.now();
  let worst = 0;
  const timer = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 5);
  try {
    const value = await work();
    worst = Math.max(worst, performance.now() - last);
    return { value, stallMs: worst };
  } finally {
    clearInterval(timer);
  }
}

export async function seed(db: Database["db"]): Promise<void> {
  // No autovacuum while the bench runs: the first load must meet tables without statistics.
  for (const table of ["players", "items"]) {
    await db.execute(sql.raw(`alter table ${table} set (autovacuum_enabled = false)`));
  }
  for (let done = 0; done < N; done += 20_000) {
    const n = Math.min(20_000, N - done);
    await seedPlayers(db, n);
  }
  // Eight items per player (four worn, as a player after some hours), with a real item's maps.
  const samples = Array.from({ length: 8 }, (_, i) => {
    const item = generateItem(
      { slot: (i + 1) as GearSlot, rarity: 3, level: 20, id: 1 },
      createRng(i),
    );
    return toItemRecord({ item, ownerId: 0, borrowerId: null, favorite: false, equipped: i < 4 });
  });
  for (const [i, s] of samples.entries()) {
    await db.execute(sql`
      insert into items (owner_id, name, level, rarity, slot, boosts, rolls, quality, equipped)
      select id, ${s.name}, ${s.level}, ${s.rarity}, ${s.slot}, ${JSON.stringify(s.boosts)}::jsonb,
        ${JSON.stringify(s.rolls)}::jsonb, ${s.quality}, ${i < 4} from players`);
  }
}

function heapUsed(): number {
  (globalThis as { gc?: () => void }).gc?.();
  return process.memoryUsage().heapUsed;
}

/** What one battle action changes, on every loaded player. */
export function actOnce(players: Iterable<LoadedPlayer>, now: number): number {
  let n = 0;
  for (const p of players) {
    p.battleXp += 10;
    p.kills++;
    p.currentEnemyKills++;
    p.actions--;
    p.actionCounter++;
    p.battleQuestProgress++;
    p.loot[1] = (p.loot[1] ?? 0) + 5;
    if (n % 20 === 0) trackLoot(p, { timestamp: now, lootId: 2, amount: 1 });
    markDirty(p, BATTLE_ACTION_COLUMNS);
    n++;
  }
  return n;
}

/**
 * The same rows written by hand-made statements in one transaction: the players' columns
 * (`BATTLE_ACTION_COLUMNS`, one typed array per column, unnested) and the loot tracker's new
 * entries (one insert of unnested arrays), the floor to compare the flush with. Until
 * 2026-11-29 it wrote only the players' columns, while the flush also wrote the tracker's
 * entries: those of its own action and of the one this write had left unsaved.
 */
export async function rawBulkUpdate(db: Database["db"], players: LoadedPlayer[]): Promise<void> {
  const col = <T>(f: (p: LoadedPlayer) => T) => JSON.stringify(players.map(f));
  const arr = (json: string, type: string) =>
    sql`(select array_agg(x::${sql.raw(type)}) from jsonb_array_elements_text(${json}::jsonb) x)`;
  const entries: Array<{ player: number; at: number; lootId: number; amount: number }> = [];
  for (const p of players) {
    for (const e of p.tracker.added) {
      entries.push({ player: p.id, at: e.timestamp, lootId: e.lootId ?? 0, amount: e.amount ?? 0 });
    }
    p.tracker.added = [];
  }
  const entry = <T>(f: (e: (typeof entries)[number]) => T) => JSON.stringify(entries.map(f));
  await db.transaction(async (tx) => {
    if (entries.length > 0) {
      await tx.execute(sql`
        insert into loot_tracker (player_id, at, loot_id, amount)
        select * from unnest(${arr(
          entry((e) => e.player),
          "int8",
        )}, ${arr(
          entry((e) => e.at),
          "float8",
        )}, ${arr(
          entry((e) => e.lootId),
          "int4",
        )}, ${arr(
          entry((e) => e.amount),
          "float8",
        )})`);
    }
    await tx.execute(sql`
      update players as p set battle_xp = u.xp, kills = u.kills, deaths = u.deaths,
        current_enemy_kills = u.cek, current_enemy_deaths = u.ced, actions = u.actions,
        action_counter = u.counter, battle_quest_progress = u.quest, loot = u.loot,
        boosts = u.boosts, highest_enemy = u.highest, updated_at = now()
      from (
        select * from unnest(
          ${arr(
            col((p) => p.id),
            "int8",
          )},
          ${arr(
            col((p) => p.battleXp),
            "float8",
          )},
          ${arr(
            col((p) => p.kills),
            "int8",
          )},
          ${arr(
            col((p) => p.deaths),
            "int8",
          )},
          ${arr(
            col((p) => p.currentEnemyKills),
            "int8",
          )},
          ${arr(
            col((p) => p.currentEnemyDeaths),
            "int8",
          )},
          ${arr(
            col((p) => p.actions),
            "int4",
          )},
          ${arr(
            col((p) => p.actionCounter),
            "int8",
          )},
          ${arr(
            col((p) => p.battleQuestProgress),
            "int4",
          )},
          (select array_agg(x) from jsonb_array_elements(${col((p) => p.loot)}::jsonb) x),
          (select array_agg(x) from jsonb_array_elements(${col((p) => p.boosts)}::jsonb) x),
          ${arr(
            col((p) => p.highestEnemy),
            "int8",
          )}
        ) as t(id, xp, kills, deaths, cek, ced, actions, counter, quest, loot, boosts, highest)
      ) u
      where p.id = u.id`);
  });
}

/** Times `work`, then the raw bulk write of the same rows, and prints both with their ratio. */
async function flushAgainstRaw(
  kind: string,
  label: string,
  db: Database["db"],
  players: LoadedPlayer[],
  work: () => Promise<{ written: number }>,
): Promise<number> {
  // What autovacuum does between a world's flushes (the seed turned it off for the load).
  await db.execute(sql`vacuum players`);
  actOnce(players, Date.now());
  const flushStarted = performance.now();
  const flush = await withStallMeter(work);
  const flushS = (performance.now() - flushStarted) / 1000;
  await db.execute(sql`vacuum players`);
  actOnce(players, Date.now());
  const rawStarted = performance.now();
  const raw = await withStallMeter(() => rawBulkUpdate(db, players));
  const rawS = (performance.now() - rawStarted) / 1000;
  line(
    `${kind}: flush of ${players.length.toLocaleString("en")} dirty, ${label}`,
    `${flushS.toFixed(2)} s (${Math.round(flush.value.written / flushS).toLocaleString("en")} rows/s), longest stall ${flush.stallMs.toFixed(0)} ms`,
  );
  line(
    `${kind}:   raw bulk UPDATE of the same rows`,
    `${rawS.toFixed(2)} s, longest stall ${raw.stallMs.toFixed(0)} ms; the flush at ${(rawS / flushS).toFixed(2)}× its speed`,
  );
  return flushS;
}

/**
 * The baseline start-up load, on tables without statistics. In a function of its own, so its
 * store and players are garbage once it returns: kept alive (by a closure of the caller's
 * scope, until 2026-11-29) they doubled the heap of the load measured after it, and its
 * garbage collections' pauses.
 */
async function bareLoad(kind: string, db: Database["db"]): Promise<number> {
  const bare = new PlayerStore(db);
  const started = performance.now();
  const load = await withStallMeter(() => bare.loadActive());
  const seconds = (performance.now() - started) / 1000;
  line(
    `${kind}: start-up load, no statistics (baseline)`,
    `${load.value.toLocaleString("en")} players in ${seconds.toFixed(1)} s, longest stall ${load.stallMs.toFixed(0)} ms`,
  );
  return seconds;
}

async function benchStore(kind: string, open: () => Promise<Database>): Promise<void> {
  let database = await open();
  const seeded = performance.now();
  await seed(database.db);
  line(
    `${kind}: seed ${N.toLocaleString("en")} players + ${ITEMS_EACH} items`,
    `${((performance.now() - seeded) / 1000).toFixed(1)} s`,
  );
  await database.close();

  // The start-up load as a fresh process sees it, first on tables without planner statistics
  // (a new, restored or bulk-imported database; PGlite never analyses by itself), then after
  // the server's own refreshStatistics.
  database = await open();
  const bareS = await bareLoad(kind, database.db);
  await database.close();
  database = await open(); // a fresh process's view: nothing cached
  const analysed = performance.now();
  await refreshStatistics(database);
  const analyseS = (performance.now() - analysed) / 1000;

  const store = new PlayerStore(database.db, { scoresEveryMs: SCORES_EVERY_MS });
  const heapBefore = heapUsed();
  const rssBefore = process.memoryUsage().rss;
  const started = performance.now();
  const load = await withStallMeter(() => store.loadActive());
  const loadS = (performance.now() - started) / 1000;
  line(
    `${kind}: start-up load (statistics first: ${analyseS.toFixed(1)} s)`,
    `${load.value.toLocaleString("en")} players in ${loadS.toFixed(1)} s (${Math.round(load.value / loadS).toLocaleString("en")}/s), longest stall ${load.stallMs.toFixed(0)} ms; ${((analyseS + loadS) / bareS).toFixed(2)}× the baseline's time with the ANALYZE`,
  );
  const heap = (heapUsed() - heapBefore) / load.value;
  const rss = (process.memoryUsage().rss - rssBefore) / load.value;
  line(
    `${kind}: memory per loaded player (8 items)`,
    `${(heap / 1024).toFixed(1)} KB heap, ${(rss / 1024).toFixed(1)} KB RSS`,
  );

  const players = [...store.loaded.values()];
  // The seeded players have no leaderboard rows yet: the first save writes all of them.
  await store.flush();
  // A flush that writes every score (one on demand; the timer's writes a player's every
  // LEADERBOARD_MS), then the timer's flushes before any player's scores are due again.
  await flushAgainstRaw(kind, "every score", database.db, players, () => store.flush());
  for (let i = 1; i <= 2; i++) {
    await flushAgainstRaw(kind, `timer's, rows only (${i})`, database.db, players, () =>
      store.flush({ timed: true }),
    );
  }
  await database.close();
}

async function postgresUrl(): Promise<{ url: string; drop: () => Promise<void> } | null> {
  const admin = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const client = new pg.Client({ connectionString: admin });
  try {
    await client.connect();
  } catch {
    return null;
  }
  const name = `manaspire_bench_${process.pid}`;
  await client.query(`CREATE DATABASE "${name}"`);
  await client.end();
  const url = new URL(admin);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: admin });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Runs the start-up and flush figures on PostgreSQL (when reachable) and on PGlite. */
export async function flushBench(): Promise<void> {
  console.log(`\nBig world on a real database (${N.toLocaleString("en")} players)`);
  const pgDb = await postgresUrl();
  if (pgDb) {
    try {
      await benchStore("postgres", () => openDatabase({ databaseUrl: pgDb.url, dataDir: "" }));
    } finally {
      await pgDb.drop();
    }
  } else {
    line("postgres", "skipped: no server at BENCH_DATABASE_URL");
  }
  const dir = mkdtempSync(path.join(tmpdir(), "manaspire-bench-"));
  try {
    await benchStore("pglite", () => openDatabase({ dataDir: dir }));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
