import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import { type ColumnSet, columnSet, hasUnit, unsignedWords } from "./column-set";
import { COLUMNS, MASK_AS_NUMBER } from "./player-columns";
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

const byMaskCache = new Map<string, Statement>();
const mixedCache = new Map<string, Statement>();

function columnsOf(mask: ColumnSet) {
  return COLUMNS.filter((c) => hasUnit(mask, c.unit));
}

function recordOf(mask: ColumnSet): string {
  return [
    "id int8",
    `m ${MASK_AS_NUMBER ? "int8" : "json"}`,
    ...columnsOf(mask).map((c) => `${c.sql} ${c.type}`),
  ].join(", ");
}

/** Every row of the statement changed exactly the columns of `mask`. */
function sameColumns(mask: ColumnSet, key: string): Statement {
  let s = byMaskCache.get(key);
  if (!s) {
    const set = columnsOf(mask).map((c) => `${c.sql} = u.${c.sql}`);
    s = { record: recordOf(mask), set: [...set, "updated_at = now()"].join(", ") };
    byMaskCache.set(key, s);
  }
  return s;
}

/**
 * Rows that changed different columns among `union`: each takes those its mask `m` (the
 * flag `u` worth 2^u while they fit a number, else a JSON array of its words) names.
 */
function mixedColumns(union: ColumnSet): Statement {
  const key = unsignedWords(union).join(".");
  let s = mixedCache.get(key);
  if (!s) {
    const set = columnsOf(union).map((c) => {
      const flag = MASK_AS_NUMBER
        ? `u.m & ${2 ** c.unit}`
        : `(u.m->>${c.unit >> 5})::int8 & ${(1 << (c.unit & 31)) >>> 0}`;
      return `${c.sql} = case when ${flag} <> 0 then u.${c.sql} else p.${c.sql} end`;
    });
    s = { record: recordOf(union), set: [...set, "updated_at = now()"].join(", ") };
    mixedCache.set(key, s);
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
  const groups = new Map<string, PlayerWrite[]>();
  for (const w of writes) {
    const group = groups.get(w.maskKey);
    if (group) group.push(w);
    else groups.set(w.maskKey, [w]);
  }
  const statements: Array<{ statement: Statement; rows: string[] }> = [];
  const rest: string[] = [];
  const others: ColumnSet[] = [];
  for (const [key, group] of groups) {
    const { mask } = group[0] as PlayerWrite;
    if (group.length >= OWN_STATEMENT_MIN || groups.size === 1) {
      statements.push({ statement: sameColumns(mask, key), rows: group.map((w) => w.json) });
    } else {
      others.push(mask);
      for (const w of group) rest.push(w.json);
    }
  }
  const union = columnSet(...others);
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
