import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import { type ColumnSet, columnSet, unsignedWords } from "./column-set";
import { type ColumnDef, MASK_AS_NUMBER } from "./player-columns";
import type { PlayerWrite } from "./player-write";
import { layoutOf, relayRow } from "./row-json";

/**
 * Players sharing one set of changed columns that get a statement of their own. A tick's
 * players share a handful of sets (a battle, a gathering action); the rest, each with a set of
 * its own, share one statement that picks per row which columns to take.
 */
export const OWN_STATEMENT_MIN = 32;

interface Statement {
  /** The columns in the rows' positions after the id and the mask. */
  columns: readonly ColumnDef[];
  /** The typed columns read out of the JSON rows (`u`). */
  select: string;
  set: string;
}

const byMaskCache = new Map<string, Statement>();
const mixedCache = new Map<string, Statement>();

/** `r`'s values read as the columns' types: `r->>i` (text, then cast), JSON kept as JSON. */
function selectOf(columns: readonly ColumnDef[]): string {
  const m = MASK_AS_NUMBER ? "(r->>1)::int8" : "r->1";
  const values = columns.map((c, i) => {
    const json = c.type === "jsonb" || c.type === "json";
    const value = json ? `(r->${2 + i})::${c.type}` : `(r->>${2 + i})::${c.type}`;
    return `${value} as ${c.sql}`;
  });
  return ["(r->>0)::int8 as id", `${m} as m`, ...values].join(", ");
}

/** Every row of the statement changed exactly the columns of `mask`. */
function sameColumns(mask: ColumnSet, key: string): Statement {
  let s = byMaskCache.get(key);
  if (!s) {
    const columns = layoutOf(mask, key);
    const set = columns.map((c) => `${c.sql} = u.${c.sql}`);
    s = { columns, select: selectOf(columns), set: [...set, "updated_at = now()"].join(", ") };
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
    const columns = layoutOf(union, key);
    const set = columns.map((c) => {
      const flag = MASK_AS_NUMBER
        ? `u.m & ${2 ** c.unit}`
        : `(u.m->>${c.unit >> 5})::int8 & ${(1 << (c.unit & 31)) >>> 0}`;
      return `${c.sql} = case when ${flag} <> 0 then u.${c.sql} else p.${c.sql} end`;
    });
    s = { columns, select: selectOf(columns), set: [...set, "updated_at = now()"].join(", ") };
    mixedCache.set(key, s);
  }
  return s;
}

/**
 * Writes the players' rows (inside the caller's transaction): one `UPDATE … FROM` the rows'
 * JSON arrays (row-json.ts) per set of changed columns shared by {@link OWN_STATEMENT_MIN}
 * players or more, naming only those columns, and one for all the others, their rows laid out
 * again for the union of their columns. A column set to null (a player leaving an event) is
 * written as null. With `fence`, only rows this process owns are written. Returns the ids
 * written.
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
  const rest: PlayerWrite[][] = [];
  for (const [key, group] of groups) {
    const { mask } = group[0] as PlayerWrite;
    if (group.length >= OWN_STATEMENT_MIN || groups.size === 1) {
      statements.push({ statement: sameColumns(mask, key), rows: group.map((w) => w.json) });
    } else {
      rest.push(group);
    }
  }
  if (rest.length > 0) {
    const mixed = mixedColumns(columnSet(...rest.map((group) => (group[0] as PlayerWrite).mask)));
    const rows: string[] = [];
    for (const group of rest) {
      const { mask, maskKey } = group[0] as PlayerWrite;
      const from = layoutOf(mask, maskKey);
      for (const w of group) rows.push(relayRow(w.json, from, mixed.columns));
    }
    statements.push({ statement: mixed, rows });
  }
  const written = new Set<number>();
  for (const { statement, rows } of statements) {
    const result = await tx.execute(sql`
      update players as p set ${sql.raw(statement.set)}
      from (select ${sql.raw(statement.select)} from jsonb_array_elements(${`[${rows.join(",")}]`}::jsonb) as r) as u
      where p.id = u.id ${fence === undefined ? sql`` : sql`and p.owner_id = ${fence}`}
      returning p.id`);
    for (const r of resultRows<{ id: string | number }>(result)) written.add(Number(r.id));
  }
  return written;
}
