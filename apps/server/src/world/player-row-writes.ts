import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import { COLUMNS } from "./player-columns";
import type { PlayerWrite } from "./player-write";

/**
 * Players sharing one set of changed columns that get a statement of their own. A tick's
 * players share a handful of sets (a battle, a gathering action); the rest, each with a set of
 * its own, share one statement that picks per row which columns to take.
 */
export const OWN_STATEMENT_MIN = 32;

interface Statement {
  /** `json_to_recordset`'s record: the id, the mask and the columns. */
  record: string;
  set: string;
}

const byMaskCache = new Map<number, Statement>();
const mixedCache = new Map<number, Statement>();

function columnsOf(mask: number) {
  return COLUMNS.filter((c) => (mask & c.bit) !== 0);
}

function recordOf(mask: number): string {
  return ["id int8", "m int8", ...columnsOf(mask).map((c) => `${c.sql} ${c.type}`)].join(", ");
}

/** Every row of the statement changed exactly the columns of `mask`. */
function sameColumns(mask: number): Statement {
  let s = byMaskCache.get(mask);
  if (!s) {
    const set = columnsOf(mask).map((c) => `${c.sql} = u.${c.sql}`);
    s = { record: recordOf(mask), set: [...set, "updated_at = now()"].join(", ") };
    byMaskCache.set(mask, s);
  }
  return s;
}

/** Rows that changed different columns among `union`: each takes those its mask `m` names. */
function mixedColumns(union: number): Statement {
  let s = mixedCache.get(union);
  if (!s) {
    const set = columnsOf(union).map(
      (c) => `${c.sql} = case when u.m & ${c.bit >>> 0} <> 0 then u.${c.sql} else p.${c.sql} end`,
    );
    s = { record: recordOf(union), set: [...set, "updated_at = now()"].join(", ") };
    mixedCache.set(union, s);
  }
  return s;
}

/**
 * Writes the players' rows (inside the caller's transaction): one `UPDATE … FROM
 * json_to_recordset` per set of changed columns shared by {@link OWN_STATEMENT_MIN} players or
 * more, naming only those columns, and one for all the others. A column set to null (a player
 * leaving an event) is written as null. JSON text, not `jsonb`: nothing to index or sort on the
 * way in. With `fence`, only rows this process owns are written. Returns the ids written.
 */
export async function writeRows(
  tx: Runner,
  writes: readonly PlayerWrite[],
  fence?: number,
): Promise<Set<number>> {
  const groups = new Map<number, PlayerWrite[]>();
  for (const w of writes) {
    const group = groups.get(w.mask);
    if (group) group.push(w);
    else groups.set(w.mask, [w]);
  }
  const statements: Array<{ statement: Statement; rows: string[] }> = [];
  const rest: string[] = [];
  let union = 0;
  for (const [mask, group] of groups) {
    if (group.length >= OWN_STATEMENT_MIN || groups.size === 1) {
      statements.push({ statement: sameColumns(mask), rows: group.map((w) => w.json) });
    } else {
      union |= mask;
      for (const w of group) rest.push(w.json);
    }
  }
  if (rest.length > 0) statements.push({ statement: mixedColumns(union), rows: rest });
  const written = new Set<number>();
  for (const { statement, rows } of statements) {
    const result = await tx.execute(sql`
      update players as p set ${sql.raw(statement.set)}
      from json_to_recordset(${`[${rows.join(",")}]`}::json) as u(${sql.raw(statement.record)})
      where p.id = u.id ${fence === undefined ? sql`` : sql`and p.owner_id = ${fence}`}
      returning p.id`);
    for (const r of resultRows<{ id: string | number }>(result)) written.add(Number(r.id));
  }
  return written;
}
