import { getTableColumns } from "drizzle-orm";
import { PLAYER_PARTS, type PlayerStateColumns, players } from "../db/schema/players";
import {
  addSet,
  type ColumnSet,
  columnSet,
  type DirtyMask,
  emptyMask,
  hasUnit,
  isClean,
  maskWords,
  unitSet,
} from "./column-set";

/**
 * The player columns the store writes, generated from the parts' declarations
 * (db/schema/players.ts `PLAYER_PARTS`). Whoever changes a loaded player marks the columns it
 * changed (`markDirty`); the flush writes only those, so an idle player costs nothing and a
 * player who acted writes a few numbers, not the whole row.
 *
 * Each column has a dirty flag of its own, unless its part says it only changes with another
 * (`dirtyWith`): then it shares that column's flag and is written with it. The flags are bits
 * of as many 32-bit words as they need (column-set.ts): no fixed limit.
 */
export type ColumnKey = keyof PlayerStateColumns & string;

export interface ColumnDef {
  key: ColumnKey;
  /** The dirty flag's number (shared with the column it is dirty with). */
  unit: number;
  /** The column's name in the `players` table. */
  sql: string;
  /** Its SQL type, as `json_to_recordset` reads it from the flush's JSON. */
  type: string;
}

function declare(): { columns: ColumnDef[]; units: number } {
  const table = getTableColumns(players) as Record<string, { name: string; getSQLType(): string }>;
  const unitOf = new Map<string, number>();
  let units = 0;
  for (const part of PLAYER_PARTS) {
    const shared = (part as { dirtyWith?: Record<string, string> }).dirtyWith ?? {};
    for (const key of Object.keys(part.columns)) if (!shared[key]) unitOf.set(key, units++);
    for (const [key, with_] of Object.entries(shared)) {
      const unit = unitOf.get(with_);
      if (unit === undefined)
        throw new Error(`${part.name}: ${key} is dirty with ${with_}, not a column of its own`);
      unitOf.set(key, unit);
    }
  }
  const columns = [...unitOf].map(([key, unit]) => {
    const column = table[key];
    if (!column) throw new Error(`player column ${key} is not in the players table`);
    return { key: key as ColumnKey, unit, sql: column.name, type: column.getSQLType() };
  });
  return { columns, units };
}

const declared = declare();

/** Every column the store writes, in the parts' order. */
export const COLUMNS: readonly ColumnDef[] = declared.columns;

/** The words every dirty mask has. */
export const MASK_WORDS = maskWords(declared.units);

/**
 * Whether the flush sends a mask as one number (flag `u` worth 2^u: exact in a JavaScript
 * number and an `int8` up to 53 flags) rather than a JSON array of its words. The number is
 * what PostgreSQL reads fastest (the array cost PGlite's flush up to a fifth more).
 */
export const MASK_AS_NUMBER = declared.units <= 53;

/** Each column's dirty set: `markDirty(p, Col.loot)`, `columnSet(Col.loot, Col.boosts)`. */
export const Col = Object.fromEntries(
  COLUMNS.map((c) => [c.key, unitSet(MASK_WORDS, c.unit)]),
) as Record<ColumnKey, ColumnSet>;

/** What one battle action changes (xp, counters, loot, tracker, stat drops). */
export const BATTLE_ACTION_COLUMNS = columnSet(
  Col.battleXp,
  Col.actions,
  Col.actionCounter,
  Col.kills,
  Col.deaths,
  Col.currentEnemyKills,
  Col.currentEnemyDeaths,
  Col.battleQuestProgress,
  Col.loot,
  Col.boosts,
  Col.highestEnemy,
);

/** What one gathering action changes. */
export const GATHER_ACTION_COLUMNS = columnSet(
  Col.miningXp,
  Col.fishingXp,
  Col.woodcuttingXp,
  Col.actions,
  Col.actionCounter,
  Col.gatherQuestProgress,
  Col.loot,
);

/** What one action for a world event changes (event-action.ts does the rest). */
export const EVENT_ACTION_COLUMNS = columnSet(Col.actions, Col.actionCounter, Col.event);

/** Something whose columns can be marked dirty (a loaded player). */
export interface Dirtyable {
  dirty: DirtyMask;
}

/** A mask with no column dirty, for a player just loaded or saved. */
export function cleanMask(): DirtyMask {
  return emptyMask(MASK_WORDS);
}

/**
 * Marks columns of a loaded player as changed since the last save: up to five sets, named one
 * by one (no rest array: the tick calls this for every action, with one set of the first word).
 */
export function markDirty(
  p: Dirtyable,
  a: ColumnSet,
  b?: ColumnSet,
  c?: ColumnSet,
  d?: ColumnSet,
  e?: ColumnSet,
): void {
  const mask = p.dirty;
  if (a.high === null) {
    mask.low |= a.low;
    mask.mid |= a.mid;
  } else addSet(mask, a);
  if (b !== undefined) addSet(mask, b);
  if (c !== undefined) addSet(mask, c);
  if (d !== undefined) addSet(mask, d);
  if (e !== undefined) addSet(mask, e);
}

/** The columns of a mask, by key (sorted): what a test or a log line shows of it. */
export function dirtyKeys(mask: ColumnSet): ColumnKey[] {
  if (isClean(mask)) return [];
  return COLUMNS.filter((c) => hasUnit(mask, c.unit))
    .map((c) => c.key)
    .sort();
}
