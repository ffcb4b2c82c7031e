import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";

/** At most this many names answer one search. */
export const NAME_MATCHES = 10;

/** The start of a name a search takes: 1-20 letters and underscores (the name rules' alphabet). */
export const NAME_PREFIX = /^[A-Za-z_]{1,20}$/;

/**
 * A LIKE pattern for the names that begin with `prefix`, ignoring case: `\`, `%` and `_` are
 * taken literally (names hold underscores: "bob_" must not match "Bobby").
 */
export function likePrefix(prefix: string): string {
  return `${prefix.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The range of `lower(name) collate "C"` (byte order) holding the names that begin with
 * `prefix`: from the lowered prefix up to it with its last character one higher. Stated
 * besides the LIKE so a generic plan, which cannot read a range out of a LIKE parameter,
 * still walks only the range.
 */
export function prefixRange(prefix: string): { from: string; to: string } {
  const from = prefix.toLowerCase();
  const last = from.charCodeAt(from.length - 1);
  return { from, to: from.slice(0, -1) + String.fromCharCode(last + 1) };
}

/**
 * The names on a board that begin with `prefix`, ignoring case, in name order, at most
 * `limit` (Rankings' Find a player, issue 31); `prefix` is 1-20 letters and underscores
 * ({@link NAME_PREFIX}). A range of `players_name_prefix_idx` (`lower(name) collate "C"`,
 * migration 0023) walked in order and stopped once `limit` of its players are on the board
 * (a board with few players is read from its own index instead): no scan of the players,
 * whatever the database's collation. An exact name comes first (a name sorts before the
 * longer names it begins).
 */
export async function namesOnBoard(
  db: Pick<Db, "execute">,
  board: number,
  prefix: string,
  limit = NAME_MATCHES,
): Promise<string[]> {
  const { from, to } = prefixRange(prefix);
  const rows = resultRows<{ name: string }>(
    await db.execute(sql`
      select p.name from players p
      where lower(p.name) collate "C" >= ${from} and lower(p.name) collate "C" < ${to}
        and lower(p.name) collate "C" like ${likePrefix(prefix)}
        and exists (
          select 1 from leaderboard_scores s where s.player_id = p.id and s.board = ${board})
      order by lower(p.name) collate "C"
      limit ${limit}`),
  );
  return rows.map((r) => r.name);
}
