import type { FastifyBaseLogger } from "fastify";
import type { FlushResult } from "./flush-queue";
import { type ScoreCadence, scoresDue, scoresPending } from "./leaderboard-scores";
import type { LoadedPlayer } from "./loaded-player";
import { hasUnsaved } from "./player-writes";

/** Players per flush transaction: each player's row, items and credits commit together. */
export const FLUSH_CHUNK = 2000;

/**
 * Flush transactions the database runs side by side: while it runs one chunk's statements,
 * the process takes and builds the next chunk's, and PostgreSQL runs two chunks on two
 * connections (issue 30). Their players are disjoint; rows two chunks share (guilds, events)
 * are locked in id order, as between processes, and a deadlock would only fail a chunk, which
 * is then split and written again.
 */
export const FLUSH_LANES = 2;

/**
 * Chunks a flush writes in one turn of the store's `exclusive`: other writes (a move of value,
 * a hand-over, an eviction) wait at most for these, not for the whole flush.
 */
export const FLUSH_TURN_CHUNKS = 4;

/** What a flush needs of the store (player-store.ts). */
export interface FlushDeps {
  loaded: ReadonlyMap<number, LoadedPlayer>;
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Writes the players' whole unsaved state in one transaction (players gone are unloaded). */
  commit(players: readonly LoadedPlayer[], cadence: ScoreCadence): Promise<{ written: number }>;
  log?: FastifyBaseLogger | undefined;
}

/**
 * Writes every loaded player with something to write under `cadence`: {@link FLUSH_CHUNK} per
 * transaction, {@link FLUSH_LANES} transactions at once, {@link FLUSH_TURN_CHUNKS} chunks per
 * turn of `exclusive`.
 */
export async function flushDue(deps: FlushDeps, cadence: ScoreCadence): Promise<FlushResult> {
  const due: LoadedPlayer[] = [];
  for (const p of deps.loaded.values()) if (isDue(p, cadence)) due.push(p);
  const result: FlushResult = { written: 0, failed: 0 };
  const step = FLUSH_CHUNK * FLUSH_TURN_CHUNKS;
  for (let i = 0; i < due.length; i += step) {
    const chunks: LoadedPlayer[][] = [];
    for (let at = i; at < Math.min(i + step, due.length); at += FLUSH_CHUNK) {
      chunks.push(due.slice(at, at + FLUSH_CHUNK));
    }
    const parts = await deps.exclusive(() => writeChunks(deps, chunks, cadence));
    for (const part of parts) {
      result.written += part.written;
      result.failed += part.failed;
    }
  }
  return result;
}

/** Whether a flush with this score cadence has anything of the player's to write. */
function isDue(p: LoadedPlayer, cadence: ScoreCadence): boolean {
  if (hasUnsaved(p)) return true;
  return cadence.force ? scoresPending(p) : scoresDue(p, cadence.now);
}

/** Writes the chunks, {@link FLUSH_LANES} at a time, each lane taking the next one left. */
async function writeChunks(
  deps: FlushDeps,
  chunks: readonly LoadedPlayer[][],
  cadence: ScoreCadence,
): Promise<FlushResult[]> {
  const parts: FlushResult[] = [];
  let next = 0;
  const lane = async () => {
    for (let chunk = chunks[next++]; chunk; chunk = chunks[next++]) {
      parts.push(await writeChunk(deps, chunk, cadence));
    }
  };
  await Promise.all(Array.from({ length: FLUSH_LANES }, lane));
  return parts;
}

/** Writes a chunk in one transaction; on failure, each half on its own, down to one player. */
async function writeChunk(
  deps: FlushDeps,
  chunk: readonly LoadedPlayer[],
  cadence: ScoreCadence,
): Promise<FlushResult> {
  const current = chunk.filter((p) => deps.loaded.get(p.id) === p && isDue(p, cadence));
  if (current.length === 0) return { written: 0, failed: 0 };
  try {
    const { written } = await deps.commit(current, cadence);
    return { written, failed: 0 };
  } catch (err) {
    if (current.length === 1) {
      deps.log?.error({ err, player: current[0]?.id }, "saving a player failed");
      return { written: 0, failed: 1 };
    }
    const half = Math.ceil(current.length / 2);
    const a = await writeChunk(deps, current.slice(0, half), cadence);
    const b = await writeChunk(deps, current.slice(half), cadence);
    return { written: a.written + b.written, failed: a.failed + b.failed };
  }
}
