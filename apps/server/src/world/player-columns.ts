/**
 * The player columns the store writes, one dirty bit each. Whoever changes a loaded player
 * marks the columns it changed (`markDirty`); the flush writes only those, so an idle player
 * costs nothing and a player who acted writes a few numbers, not the whole row.
 *
 * A mask is a 32-bit integer (JavaScript's bitwise operators): 32 bits, all taken. Columns that
 * always change together share one bit (title and its colour: a shared bit writes all of its
 * columns). A column that needs a bit of its own past these needs a wider mask.
 */
export const Col = {
  battleXp: 1 << 0,
  miningXp: 1 << 1,
  fishingXp: 1 << 2,
  woodcuttingXp: 1 << 3,
  zone: 1 << 4,
  enemy: 1 << 5,
  magicType: 1 << 6,
  actionType: 1 << 7,
  actions: 1 << 8,
  kills: 1 << 9,
  deaths: 1 << 10,
  currentEnemyKills: 1 << 11,
  currentEnemyDeaths: 1 << 12,
  battleQuestProgress: 1 << 13,
  battleQuestCompleted: 1 << 14,
  gatherQuestProgress: 1 << 15,
  gatherQuestCompleted: 1 << 16,
  actionCounter: 1 << 17,
  /** The action counter's bit: every gathering action counts in both. */
  gatherActions: 1 << 17,
  /** The action counter's bit: every event action counts in both. */
  eventActions: 1 << 17,
  boosts: 1 << 18,
  loot: 1 << 19,
  preferences: 1 << 20,
  taxes: 1 << 21,
  sigil: 1 << 22,
  title: 1 << 23,
  /** Title's bit: the two change together (setTitle). */
  titleColor: 1 << 23,
  highestEnemy: 1 << 25,
  farmHarvestAt: 1 << 26,
  /** The harvest time's bit: a collection changes both. */
  farmHarvested: 1 << 26,
  potions: 1 << 27,
  pets: 1 << 28,
  away: 1 << 29,
  qolEnd: 1 << 30,
  /** Title colour's former bit. */
  dungeon: 1 << 24,
  /** The 32nd bit (the sign bit of JavaScript's 32-bit operations: masks are only ever tested with `& bit` and `!== 0`). */
  event: 1 << 31,
} as const;

export type ColumnKey = keyof typeof Col;

/** SQL type of each column, as `jsonb_to_recordset` reads it from the flush's JSON. */
const SQL_TYPES: Record<ColumnKey, string> = {
  battleXp: "float8",
  miningXp: "float8",
  fishingXp: "float8",
  woodcuttingXp: "float8",
  zone: "int2",
  enemy: "int8",
  magicType: "int2",
  actionType: "int2",
  actions: "int4",
  kills: "int8",
  deaths: "int8",
  currentEnemyKills: "int8",
  currentEnemyDeaths: "int8",
  battleQuestProgress: "int4",
  battleQuestCompleted: "int4",
  gatherQuestProgress: "int4",
  gatherQuestCompleted: "int4",
  actionCounter: "int8",
  gatherActions: "int8",
  eventActions: "int8",
  boosts: "jsonb",
  loot: "jsonb",
  preferences: "jsonb",
  taxes: "jsonb",
  sigil: "jsonb",
  title: "text",
  titleColor: "text",
  highestEnemy: "int8",
  farmHarvestAt: "float8",
  farmHarvested: "float8",
  potions: "jsonb",
  pets: "jsonb",
  away: "jsonb",
  qolEnd: "float8",
  dungeon: "jsonb",
  event: "jsonb",
};

export interface ColumnDef {
  key: ColumnKey;
  bit: number;
  /** The column's name in the `players` table. */
  sql: string;
  type: string;
}

export const COLUMNS: readonly ColumnDef[] = (Object.keys(Col) as ColumnKey[]).map((key) => ({
  key,
  bit: Col[key],
  sql: key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`),
  type: SQL_TYPES[key],
}));

/** Every column: a player whose whole row must be written. */
export const ALL_COLUMNS = COLUMNS.reduce((mask, c) => mask | c.bit, 0);

/** What one battle action changes (xp, counters, loot, tracker, stat drops). */
export const BATTLE_ACTION_COLUMNS =
  Col.battleXp |
  Col.actions |
  Col.actionCounter |
  Col.kills |
  Col.deaths |
  Col.currentEnemyKills |
  Col.currentEnemyDeaths |
  Col.battleQuestProgress |
  Col.loot |
  Col.boosts |
  Col.highestEnemy;

/** What one gathering action changes. */
export const GATHER_ACTION_COLUMNS =
  Col.miningXp |
  Col.fishingXp |
  Col.woodcuttingXp |
  Col.actions |
  Col.actionCounter |
  Col.gatherQuestProgress |
  Col.loot;

/** Something whose columns can be marked dirty (a loaded player). */
export interface Dirtyable {
  dirty: number;
}

/** Marks columns of a loaded player as changed since the last save. */
export function markDirty(p: Dirtyable, columns: number): void {
  p.dirty |= columns;
}
