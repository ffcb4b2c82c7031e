import { type ColumnSet, hasUnit, maskNumber } from "./column-set";
import type { LoadedPlayer } from "./loaded-player";
import { COLUMNS, type ColumnDef, MASK_AS_NUMBER } from "./player-columns";

/** By mask key, the mask's columns in table order: a tick's players share a handful of masks. */
const layouts = new Map<string, readonly ColumnDef[]>();
/** A world has few distinct masks; past this many, something marks columns oddly: start over. */
const MAX_LAYOUTS = 4096;

/** The columns of `mask`, in `COLUMNS` order: the positions of a row's values. */
export function layoutOf(mask: ColumnSet, key: string): readonly ColumnDef[] {
  let layout = layouts.get(key);
  if (!layout) {
    if (layouts.size >= MAX_LAYOUTS) layouts.clear();
    layout = COLUMNS.filter((c) => hasUnit(mask, c.unit));
    layouts.set(key, layout);
  }
  return layout;
}

/**
 * The flush's JSON of a player's changed columns, taken now (objects are written out, so later
 * changes to the player do not reach it): `[id, mask, …values]`, the values in the order of
 * the mask's columns (`layoutOf`), undefined and non-finite numbers as null. An array, not an
 * object: no column names repeated on every row, and `JSON.stringify`'s fast path (issue 30:
 * the names were two thirds of the flush's bytes, and the row objects most of its own CPU).
 * The mask is `m` as player-row-writes.ts reads it: one number while the flags fit one.
 */
export function rowJson(
  p: LoadedPlayer,
  mask: ColumnSet,
  words: readonly number[],
  key: string,
): string {
  const layout = layoutOf(mask, key);
  const row: unknown[] = new Array(2 + layout.length);
  row[0] = p.id;
  row[1] = MASK_AS_NUMBER ? maskNumber(words) : words;
  for (let i = 0; i < layout.length; i++) row[2 + i] = p[(layout[i] as ColumnDef).key];
  return JSON.stringify(row);
}

/**
 * A row of `rowJson` laid out again for other columns (`to`, a superset of its own `from`):
 * columns it did not change read null, and the statement keeps their value by the row's mask.
 */
export function relayRow(
  json: string,
  from: readonly ColumnDef[],
  to: readonly ColumnDef[],
): string {
  const row = JSON.parse(json) as unknown[];
  const at = new Map(from.map((c, i) => [c.key, 2 + i]));
  const out: unknown[] = [row[0], row[1]];
  for (const c of to) {
    const i = at.get(c.key);
    out.push(i === undefined ? null : row[i]);
  }
  return JSON.stringify(out);
}
