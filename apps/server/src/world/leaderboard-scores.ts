import {
  BOARDS,
  boardScore,
  type DungeonState,
  dungeonScores,
  type PetState,
  type ScoreInput,
  sortKey,
  totalPetLevels,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import { type ColumnSet, columnSet, overlaps } from "./column-set";
import type { LoadedPlayer } from "./loaded-player";
import { Col } from "./player-columns";

/**
 * A loaded player's leaderboard scores (issue 12). A save of a player whose scored columns
 * changed computes its score on every board with the rules (`BOARDS`) and writes the ones that
 * differ from what its rows hold, in the same transaction as the player's columns.
 *
 * The scores are derived from the player's row, so they may lag it: the timed flush writes a
 * player's scores at most every `LEADERBOARD_MS` (issue 30: with every battle changing the
 * Battle board's score, writing them on every flush took 40% of it, and more than the rows at
 * 100,000 players), and meanwhile they are *pending*. Each write sets the player's next one
 * between half and all of that interval later, by its id, so the players' score writes spread
 * over the flushes instead of all landing in one. Every other save (a move of value, a
 * hand-over, a flush on demand or at shutdown) writes a player's pending scores.
 * A player loaded with rows that differ from its state (a crash before the scores were written,
 * or a rule change) gets them written at its next save.
 *
 * What the rows hold is remembered per player (board id → sort key), loaded with the player,
 * so an unchanged score costs nothing.
 */

/** The columns any score is computed from: a save that changed none of them skips the scores. */
export const SCORE_COLUMNS = columnSet(
  Col.battleXp,
  Col.miningXp,
  Col.fishingXp,
  Col.woodcuttingXp,
  Col.kills,
  Col.deaths,
  Col.actionCounter,
  Col.battleQuestCompleted,
  Col.gatherQuestCompleted,
  Col.highestEnemy,
  Col.boosts,
  Col.loot,
  Col.sigil,
  Col.pets,
  Col.dungeon,
  Col.farmHarvested,
);

/** What a loaded player's rows hold, and whether its state has changed them since. */
interface SavedScores {
  /** Sort key by board id. */
  keys: Map<number, number>;
  /** The scored columns changed since the rows were written (a timed flush left them). */
  pending: boolean;
  /** When a timed flush may write them next (performance.now()). */
  dueAt: number;
}

const saved = new WeakMap<LoadedPlayer, SavedScores>();

/** One score change: the board's new sort key, or null when the player left the board. */
export interface ScoreChange {
  board: number;
  key: number | null;
}

/** The changes a write carries, and the player's saved keys once it commits. */
export interface ScoreWrite {
  changes: ScoreChange[];
  after: Map<number, number>;
}

/** The rules' input from a player's state; features that land later add their fields here. */
export function scoreInput(p: {
  battleXp: number;
  miningXp: number;
  fishingXp: number;
  woodcuttingXp: number;
  kills: number;
  deaths: number;
  actionCounter: number;
  battleQuestCompleted: number;
  gatherQuestCompleted: number;
  highestEnemy: number;
  boosts: Record<number, number>;
  loot: Record<number, number>;
  sigil: { points: number };
  pets: PetState;
  dungeon: DungeonState;
  farmHarvested: number;
}): ScoreInput {
  return {
    battleXp: p.battleXp,
    miningXp: p.miningXp,
    fishingXp: p.fishingXp,
    woodcuttingXp: p.woodcuttingXp,
    kills: p.kills,
    deaths: p.deaths,
    actionCounter: p.actionCounter,
    battleQuestCompleted: p.battleQuestCompleted,
    gatherQuestCompleted: p.gatherQuestCompleted,
    highestEnemy: p.highestEnemy,
    boosts: p.boosts,
    loot: p.loot,
    sigilPoints: p.sigil.points,
    petLevels: totalPetLevels(p.pets),
    dungeons: dungeonScores(p.dungeon),
    farmHarvested: p.farmHarvested,
  };
}

/** Every board's sort key for a state (boards the player is not on are absent). */
export function sortKeys(input: ScoreInput): Map<number, number> {
  const keys = new Map<number, number>();
  for (const board of BOARDS) {
    const score = boardScore(board, input);
    if (score !== undefined) keys.set(board.id, sortKey(board, score));
  }
  return keys;
}

/** The changes that turn `before` (the rows) into `after`. */
export function diffKeys(
  before: ReadonlyMap<number, number> | undefined,
  after: ReadonlyMap<number, number>,
): ScoreChange[] {
  const changes: ScoreChange[] = [];
  for (const [board, key] of after) {
    if (before?.get(board) !== key) changes.push({ board, key });
  }
  if (before)
    for (const board of before.keys()) if (!after.has(board)) changes.push({ board, key: null });
  return changes;
}

/** Remembers what the rows of a player just loaded hold. */
export function rememberScores(p: LoadedPlayer, keys: Map<number, number>): void {
  saved.set(p, { keys, pending: false, dueAt: 0 });
}

/** Whether the player's rows differ from its state (a rule changed since they were written). */
export function scoresStale(p: LoadedPlayer): boolean {
  return diffKeys(saved.get(p)?.keys, sortKeys(scoreInput(p))).length > 0;
}

/** Whether a timed flush left the player's scores unwritten. */
export function scoresPending(p: LoadedPlayer): boolean {
  return saved.get(p)?.pending === true;
}

/** Whether the player's scores are pending and a timed flush at `now` may write them. */
export function scoresDue(p: LoadedPlayer, now: number): boolean {
  const entry = saved.get(p);
  return entry?.pending === true && now >= entry.dueAt;
}

/**
 * How a save treats leaderboard scores: the timer's flush writes a player's at most every
 * `everyMs` (0: every time); any other save (`force`) writes every pending change.
 */
export interface ScoreCadence {
  everyMs: number;
  /** performance.now() when the save takes the state. */
  now: number;
  force: boolean;
}

/** Every change written now (a move of value, a hand-over). */
export const SCORES_NOW: ScoreCadence = { everyMs: 0, now: 0, force: true };

/** Between half and all of `everyMs`, by the player's id (a fixed spread, golden ratio). */
function spread(id: number, everyMs: number): number {
  return everyMs * (0.5 + 0.5 * ((id * 0.618033988749895) % 1));
}

/**
 * The score changes of a save taking `mask` (the player's dirty columns), or null when there
 * are none. A timed save before the player's scores are due leaves the changes pending. A
 * player whose rows are unknown (never loaded through the store) writes all of its scores.
 */
export function takeScores(
  p: LoadedPlayer,
  mask: ColumnSet,
  cadence: ScoreCadence = SCORES_NOW,
): ScoreWrite | null {
  const entry = saved.get(p);
  const before = entry?.keys;
  if (entry && !overlaps(mask, SCORE_COLUMNS) && !entry.pending) return null;
  if (entry && !cadence.force && cadence.everyMs > 0 && cadence.now < entry.dueAt) {
    entry.pending = true;
    return null;
  }
  if (entry) {
    entry.pending = false;
    if (cadence.everyMs > 0) entry.dueAt = cadence.now + spread(p.id, cadence.everyMs);
  }
  const after = sortKeys(scoreInput(p));
  const changes = diffKeys(before, after);
  if (!before) {
    // Unknown rows: clear every board it is not on, too.
    for (const board of BOARDS)
      if (!after.has(board.id)) changes.push({ board: board.id, key: null });
  }
  return changes.length === 0 ? null : { changes, after };
}

/** The write committed: its keys are what the rows hold now. */
export function scoresWritten(p: LoadedPlayer, w: ScoreWrite): void {
  const entry = saved.get(p);
  if (entry) entry.keys = w.after;
  else saved.set(p, { keys: w.after, pending: false, dueAt: 0 });
}

/** The write failed: its changes are pending again. */
export function scoresUnwritten(p: LoadedPlayer): void {
  const entry = saved.get(p);
  if (entry) entry.pending = true;
}

/** Writes the changes of several players (inside their save's transaction): one statement. */
export async function writeScores(
  tx: Runner,
  writes: ReadonlyArray<{ playerId: number; scores: ScoreWrite }>,
): Promise<void> {
  const rows: Array<{ p: number; b: number; k: number | null }> = [];
  for (const w of writes) {
    for (const c of w.scores.changes) rows.push({ p: w.playerId, b: c.board, k: c.key });
  }
  if (rows.length === 0) return;
  await tx.execute(sql`
    with c as (
      select * from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as c(p int8, b int2, k float8)
    ), gone as (
      delete from leaderboard_scores s using c
      where c.k is null and s.player_id = c.p and s.board = c.b
    )
    insert into leaderboard_scores (player_id, board, key)
    select p, b, k from c where k is not null
    on conflict (player_id, board) do update set key = excluded.key`);
}

/** The saved sort keys of players, by player id (each player's map by board id). */
export async function loadScores(
  db: Pick<Runner, "execute">,
  ids: readonly number[],
): Promise<Map<number, Map<number, number>>> {
  const out = new Map<number, Map<number, number>>();
  for (const id of ids) out.set(id, new Map());
  if (ids.length === 0) return out;
  const rows = resultRows<{ player_id: string | number; board: number; key: number }>(
    await db.execute(sql`
      select player_id, board, key from leaderboard_scores
      where player_id = any(${`{${ids.join(",")}}`}::int8[])`),
  );
  for (const r of rows) out.get(Number(r.player_id))?.set(Number(r.board), Number(r.key));
  return out;
}
