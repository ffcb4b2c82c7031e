import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";

/**
 * The leaderboards' SQL (issue 12). Every board sorts ascending by (key, player_id) in
 * `leaderboard_scores` (index `(board, key, player_id)`), so a page is an index range and a rank
 * is a count of index entries before a point. Counting from the top is exact; deep in a big
 * board, counting starts at the nearest anchor (`leaderboard_anchors`: every
 * {@link ANCHOR_SPACING}th position as last counted), so no query reads more than about
 * {@link ANCHOR_SPACING} index entries plus what moved since the anchors were counted.
 */

/** Places between two anchors: the top 2,000 of every board are always counted exactly. */
export const ANCHOR_SPACING = 2_000;
/** A count past this many rows means stale anchors: it is finished without the index walk. */
const COUNT_CAP = ANCHOR_SPACING * 10;

/** A point of a board's order: rows sort by (key, playerId). */
export interface BoardPoint {
  key: number;
  playerId: number;
}

/** A board row with what a page shows. */
export interface BoardRow extends BoardPoint {
  name: string;
  banned: boolean;
}

type Reader = Pick<Db, "execute">;

/** A counted place: the row at `position` when the anchors were last counted. */
function toAnchor(r: {
  position: string | number;
  key: number;
  player_id: string | number;
}): BoardPoint & { position: number } {
  return { position: Number(r.position), key: Number(r.key), playerId: Number(r.player_id) };
}

/** The deepest anchor at or before a position. */
async function anchorAtOrBefore(db: Reader, board: number, position: number) {
  const [row] = resultRows<{ position: string; key: number; player_id: string }>(
    await db.execute(sql`
      select position, key, player_id from leaderboard_anchors
      where board = ${board} and position <= ${position}
      order by position desc limit 1`),
  );
  return row ? toAnchor(row) : undefined;
}

/** The deepest anchor whose point is at or before `point`. */
async function anchorBefore(db: Reader, board: number, point: BoardPoint) {
  const [row] = resultRows<{ position: string; key: number; player_id: string }>(
    await db.execute(sql`
      select position, key, player_id from leaderboard_anchors
      where board = ${board} and (key, player_id) <= (${point.key}, ${point.playerId})
      order by key desc, player_id desc limit 1`),
  );
  return row ? toAnchor(row) : undefined;
}

/**
 * Counts a board's rows from `from` (inclusive) to `to` (exclusive) along the index. The count
 * walks the index in order under a cap, so the planner always takes the index (a row
 * comparison's selectivity is poorly estimated, and a sequential scan of every board would be
 * chosen otherwise); only a range past the cap, which means the anchors are far behind the
 * board, is counted again without it.
 */
async function countRange(
  db: Reader,
  board: number,
  from: BoardPoint | undefined,
  to: BoardPoint | undefined,
): Promise<number> {
  const range = sql`board = ${board}
    ${from ? sql`and key >= ${from.key} and (key, player_id) >= (${from.key}, ${from.playerId})` : sql``}
    ${to ? sql`and key <= ${to.key} and (key, player_id) < (${to.key}, ${to.playerId})` : sql``}`;
  const [capped] = resultRows<{ n: string | number }>(
    await db.execute(sql`
      select count(*) as n from (
        select 1 from leaderboard_scores where ${range}
        order by key, player_id limit ${COUNT_CAP}
      ) s`),
  );
  const n = Number(capped?.n ?? 0);
  if (n < COUNT_CAP) return n;
  const [all] = resultRows<{ n: string | number }>(
    await db.execute(sql`select count(*) as n from leaderboard_scores where ${range}`),
  );
  return Number(all?.n ?? 0);
}

/** Rows strictly before `point` in the board's order (rank − 1 with playerId 0). */
export async function countBefore(db: Reader, board: number, point: BoardPoint): Promise<number> {
  const anchor = await anchorBefore(db, board, point);
  return (anchor ? anchor.position - 1 : 0) + (await countRange(db, board, anchor, point));
}

/** Rows on a board. */
export async function boardSize(db: Reader, board: number): Promise<number> {
  const [last] = resultRows<{ position: string; key: number; player_id: string }>(
    await db.execute(sql`
      select position, key, player_id from leaderboard_anchors
      where board = ${board} order by position desc limit 1`),
  );
  const anchor = last ? toAnchor(last) : undefined;
  return (anchor ? anchor.position - 1 : 0) + (await countRange(db, board, anchor, undefined));
}

const rowColumns = sql`s.key, s.player_id, p.name, a.banned`;

function toRow(r: { key: number; player_id: string | number; name: string; banned: boolean }) {
  return { key: Number(r.key), playerId: Number(r.player_id), name: r.name, banned: r.banned };
}

/** `limit` rows from the 0-based `offset` of the board's order, with names and bans. */
export async function rowsAt(
  db: Reader,
  board: number,
  offset: number,
  limit: number,
): Promise<BoardRow[]> {
  const anchor = await anchorAtOrBefore(db, board, offset + 1);
  const from = anchor
    ? sql`and key >= ${anchor.key} and (key, player_id) >= (${anchor.key}, ${anchor.playerId})`
    : sql``;
  const skip = anchor ? offset - (anchor.position - 1) : offset;
  const rows = resultRows<{ key: number; player_id: string; name: string; banned: boolean }>(
    await db.execute(sql`
      select ${rowColumns} from (
        select key, player_id from leaderboard_scores s
        where board = ${board} ${from}
        order by key, player_id offset ${skip} limit ${limit}
      ) s
      join players p on p.id = s.player_id
      join accounts a on a.id = p.account_id
      order by s.key, s.player_id`),
  );
  return rows.map(toRow);
}

/** A player's sort key on a board, or undefined when they are not on it. */
export async function keyOf(db: Reader, board: number, playerId: number) {
  const [row] = resultRows<{ key: number }>(
    await db.execute(sql`
      select key from leaderboard_scores where board = ${board} and player_id = ${playerId}`),
  );
  return row ? Number(row.key) : undefined;
}

/** The rows of the given players (a guild's members), in board order. */
export async function rowsOf(
  db: Reader,
  board: number,
  playerIds: readonly number[],
): Promise<BoardRow[]> {
  if (playerIds.length === 0) return [];
  const rows = resultRows<{ key: number; player_id: string; name: string; banned: boolean }>(
    await db.execute(sql`
      select ${rowColumns} from leaderboard_scores s
      join players p on p.id = s.player_id
      join accounts a on a.id = p.account_id
      where s.board = ${board} and s.player_id = any(${`{${playerIds.join(",")}}`}::int8[])
      order by s.key, s.player_id`),
  );
  return rows.map(toRow);
}

/**
 * Counts a board again and replaces its anchors in one statement: the positions are of one
 * snapshot, and readers see the old set or the new one, never a half-written one (anchors are
 * overwritten in place and those past the board's new end removed). Returns the anchors written.
 */
export async function recountAnchors(db: Reader, board: number): Promise<number> {
  const rows = resultRows<{ n: string | number }>(
    await db.execute(sql`
      with placed as (
        select key, player_id, row_number() over (order by key, player_id) as position
        from leaderboard_scores where board = ${board}
      ), fresh as (
        select position, key, player_id from placed
        where position > 1 and position % ${ANCHOR_SPACING} = 1
      ), written as (
        insert into leaderboard_anchors (board, position, key, player_id)
        select ${board}, position, key, player_id from fresh
        on conflict (board, position) do update
          set key = excluded.key, player_id = excluded.player_id, counted_at = now()
        returning 1
      ), gone as (
        delete from leaderboard_anchors
        where board = ${board} and position > coalesce((select max(position) from fresh), 0)
      )
      select count(*) as n from written`),
  );
  return Number(rows[0]?.n ?? 0);
}
