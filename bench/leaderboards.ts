import { boardByKey, LEADERBOARD_PAGE_SIZE } from "@manaspire/game";
import { sql } from "drizzle-orm";
import pg from "pg";
import { openDatabase } from "../apps/server/src/db/client";
import { resultRows } from "../apps/server/src/db/runner";
import { recountAnchors } from "../apps/server/src/services/leaderboards/board-store";
import { noGuilds } from "../apps/server/src/services/leaderboards/guilds";
import { Leaderboards } from "../apps/server/src/services/leaderboards/leaderboard-service";

/**
 * Issue 12 figure: a leaderboard page and a search over 1,000,000 players on PostgreSQL (target
 * well under 50 ms). A fresh database gets BENCH_LEADERBOARD_PLAYERS (default 1,000,000)
 * accounts and players made by `generate_series`, each on three boards: Battle (every score
 * different), Deaths (1,000 values: big ties) and Damage research (one player in ten). Each page
 * and search runs through the server's own `Leaderboards` (the socket's code path, with the
 * viewer's own rank), 30 times; the median and slowest times are printed.
 */

const PLAYERS = Number(process.env.BENCH_LEADERBOARD_PLAYERS ?? 1_000_000);
const RUNS = 30;

function line(label: string, value: string): void {
  console.log(`${label.padEnd(48)} ${value}`);
}

async function timed<T>(
  work: () => Promise<T>,
): Promise<{ median: number; max: number; value: T }> {
  const times: number[] = [];
  let value!: T;
  for (let r = 0; r < RUNS; r++) {
    const started = performance.now();
    value = await work();
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { median: times[RUNS >> 1]!, max: times.at(-1)!, value };
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

export async function leaderboardBench(): Promise<void> {
  const server = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
  const admin = new pg.Client({ connectionString: server });
  try {
    await admin.connect();
  } catch {
    line("leaderboards (PostgreSQL)", "skipped: no PostgreSQL");
    return;
  }
  const dbName = `manaspire_ranks_bench_${Date.now()}`;
  await admin.query(`create database ${dbName}`);
  const url = new URL(server);
  url.pathname = `/${dbName}`;
  try {
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    const { db } = database;
    const battle = boardByKey("battle")!;
    const deaths = boardByKey("deaths")!;
    const damage = boardByKey("boost_damage")!;
    let started = performance.now();
    // Names of letters only (the name rules): Bench_ and the id's digits as letters a-j.
    await db.execute(sql`
      with a as (
        insert into accounts (guest, banned)
        select false, g % 997 = 0 from generate_series(1, ${PLAYERS}) g returning id
      )
      insert into players (account_id, name, actions, action_type)
      select id, 'Bench_' || translate(id::text, '0123456789', 'abcdefghij'), 0, 0 from a`);
    line(
      "leaderboards: players seeded",
      `${PLAYERS.toLocaleString("en")} in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    started = performance.now();
    await db.execute(sql`
      insert into leaderboard_scores (player_id, board, key)
      select id, ${battle.id}::int2, -(1 + (id * 2654435761) % 1000000007)::float8 from players
      union all
      select id, ${deaths.id}::int2, -(1 + (id * 40503) % 1000)::float8 from players
      union all
      select id, ${damage.id}::int2, -(1 + (id * 7919) % 5000)::float8 from players where id % 10 = 0`);
    // The steady state autovacuum keeps: statistics and the visibility map (index-only scans).
    await db.execute(sql`vacuum analyze leaderboard_scores`);
    await db.execute(sql`analyze players`);
    await db.execute(sql`analyze accounts`);
    const rows = resultRows<{ n: string }>(
      await db.execute(sql`select count(*) as n from leaderboard_scores`),
    )[0]!.n;
    line(
      "leaderboards: scores seeded",
      `${Number(rows).toLocaleString("en")} rows in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    for (const board of [battle, deaths, damage]) {
      const t = performance.now();
      const anchors = await recountAnchors(db, board.id);
      line(
        `leaderboards: anchors of ${board.key}`,
        `${anchors} counted in ${ms(performance.now() - t)} (once per ~5 min, in the background)`,
      );
    }
    const boards = new Leaderboards(db, noGuilds);
    const viewerAt = async (boardId: number, where: "top" | "middle" | "bottom") => {
      const order = where === "bottom" ? sql`key desc, player_id desc` : sql`key, player_id`;
      const offset =
        where === "middle" ? Math.floor(PLAYERS / (boardId === damage.id ? 20 : 2)) : 0;
      const [row] = resultRows<{ player_id: string; name: string }>(
        await db.execute(sql`
          select s.player_id, p.name from leaderboard_scores s join players p on p.id = s.player_id
          where board = ${boardId} order by ${order} offset ${offset} limit 1`),
      );
      return { id: Number(row!.player_id), name: row!.name };
    };
    for (const board of [battle, deaths, damage]) {
      const size = board.id === damage.id ? PLAYERS / 10 : PLAYERS;
      const last = Math.ceil(size / LEADERBOARD_PAGE_SIZE);
      const middle = await viewerAt(board.id, "middle");
      const bottom = await viewerAt(board.id, "bottom");
      for (const [label, page] of [
        ["page 1", 1],
        [`page ${Math.ceil(last / 2).toLocaleString("en")} (middle)`, Math.ceil(last / 2)],
        [`page ${last.toLocaleString("en")} (last)`, last],
      ] as const) {
        const r = await timed(() => boards.page(board, { page, viewerId: middle.id }));
        line(
          `leaderboard ${board.key}: ${label}`,
          `median ${ms(r.median)}, max ${ms(r.max)}  (ranks ${r.value.rows[0]?.rank}-${r.value.rows.at(-1)?.rank}, own rank ${r.value.own?.rank})`,
        );
      }
      for (const [label, who] of [
        ["search (middle)", middle],
        ["search (last place)", bottom],
      ] as const) {
        const r = await timed(() => boards.search(board, who.name.toLowerCase(), who.id));
        line(
          `leaderboard ${board.key}: ${label}`,
          `median ${ms(r.median)}, max ${ms(r.max)}  (page ${r.value.currentPage.toLocaleString("en")} of ${r.value.totalPages.toLocaleString("en")})`,
        );
      }
    }
    await database.close();
  } finally {
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  leaderboardBench().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
