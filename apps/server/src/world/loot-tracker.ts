import type { LootTrackerEntry } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { groupBy } from "../db/batched-read";
import type { Runner } from "../db/runner";
import { resultRows } from "../db/runner";
import { lootTracker } from "../db/schema";
import { idArray } from "./item-store";
import type { LoadedPlayer } from "./loaded-player";

/** Loot tracker and chat history keep the 200 newest entries (spec 000 section 9). */
export const LOOT_TRACKER_SIZE = 200;

/**
 * A saved player's tracker rows are pruned back to the newest {@link LOOT_TRACKER_SIZE} once
 * this many entries were added since the last prune (reading takes the newest 200 anyway).
 */
export const TRACKER_PRUNE_AFTER = 50;

/** Records a notable drop (it is saved with the player's next write). */
export function trackLoot(p: LoadedPlayer, entry: LootTrackerEntry): void {
  const added = p.tracker.added;
  added.push(entry);
  if (added.length > LOOT_TRACKER_SIZE) added.splice(0, added.length - LOOT_TRACKER_SIZE);
}

/** The player cleared the tracker: saved entries go with the next write, unsaved ones now. */
export function clearTracker(p: LoadedPlayer): void {
  p.tracker.added = [];
  p.tracker.cleared = true;
}

export function hasTrackerChanges(p: LoadedPlayer): boolean {
  return p.tracker.cleared || p.tracker.added.length > 0;
}

/** The tracker part of a write: taken with the rest of the player's unsaved state. */
export interface TrackerWrite {
  added: LootTrackerEntry[];
  cleared: boolean;
}

export function takeTracker(p: LoadedPlayer): TrackerWrite | null {
  if (!hasTrackerChanges(p)) return null;
  const taken = { added: p.tracker.added, cleared: p.tracker.cleared };
  p.tracker.added = [];
  p.tracker.cleared = false;
  return taken;
}

/** A failed write: its entries are unsaved again, before any added since. */
export function restoreTracker(p: LoadedPlayer, w: TrackerWrite): void {
  if (p.tracker.cleared) return; // cleared since: the failed entries are gone either way
  p.tracker.cleared = w.cleared;
  p.tracker.added = [...w.added, ...p.tracker.added].slice(-LOOT_TRACKER_SIZE);
}

/**
 * Writes the tracker parts of a save (inside its transaction): deletes the rows of players who
 * cleared, appends the new entries, and prunes the players due for it. Set-based: three
 * statements whatever the number of players.
 */
export async function writeTrackers(
  tx: Runner,
  parts: ReadonlyArray<{ p: LoadedPlayer; tracker: TrackerWrite }>,
): Promise<number[]> {
  const cleared: number[] = [];
  const rows: string[] = [];
  const prune: number[] = [];
  for (const { p, tracker } of parts) {
    if (tracker.cleared) cleared.push(p.id);
    for (const e of tracker.added) {
      rows.push(
        JSON.stringify({
          player_id: p.id,
          at: e.timestamp,
          loot_id: e.lootId ?? null,
          amount: e.amount ?? null,
          item: e.item ?? null,
        }),
      );
    }
    if (!tracker.cleared && p.tracker.sincePrune + tracker.added.length >= TRACKER_PRUNE_AFTER) {
      prune.push(p.id);
    }
  }
  if (cleared.length > 0) {
    await tx.execute(sql`
      delete from loot_tracker where player_id in
        (select jsonb_array_elements_text(${JSON.stringify(cleared)}::jsonb)::int8)`);
  }
  if (rows.length > 0) {
    await tx.execute(sql`
      insert into loot_tracker (player_id, at, loot_id, amount, item)
      select player_id, at, loot_id, amount, item
      from jsonb_to_recordset(${`[${rows.join(",")}]`}::jsonb)
        as u(player_id int8, at float8, loot_id int4, amount float8, item jsonb)`);
  }
  if (prune.length > 0) {
    await tx.execute(sql`
      delete from loot_tracker t
      using (
        select u.pid, (
          select l.id from loot_tracker l where l.player_id = u.pid
          order by l.id desc offset ${LOOT_TRACKER_SIZE - 1} limit 1
        ) as oldest_kept
        from (select jsonb_array_elements_text(${JSON.stringify(prune)}::jsonb)::int8 as pid) u
      ) c
      where t.player_id = c.pid and t.id < c.oldest_kept`);
  }
  return prune;
}

/** After a successful write: counts toward the next prune. */
export function trackerWritten(p: LoadedPlayer, w: TrackerWrite, pruned: boolean): void {
  p.tracker.sincePrune = pruned || w.cleared ? 0 : p.tracker.sincePrune + w.added.length;
}

/**
 * The saved entries of each player, oldest first (at most {@link LOOT_TRACKER_SIZE} each), in
 * one query for them all, as one JSON text; a player without entries is absent.
 */
export async function readTrackers(
  db: Runner,
  playerIds: readonly number[],
): Promise<Map<number, LootTrackerEntry[]>> {
  if (playerIds.length === 0) return new Map();
  const result = await db.execute(sql`
    select coalesce(json_agg(t order by t.p, t.id), '[]')::text as rows_json from (
      select u.p, l.id, l.at, l.loot_id, l.amount, l.item
      from unnest(${idArray(playerIds)}::int8[]) as u(p)
      cross join lateral (
        select id, at, loot_id, amount, item from ${lootTracker}
        where player_id = u.p order by id desc limit ${LOOT_TRACKER_SIZE}) l) t`);
  const rows = JSON.parse(resultRows<{ rows_json: string }>(result)[0]?.rows_json ?? "[]") as {
    p: number;
    at: number;
    loot_id: number | null;
    amount: number | null;
    item: LootTrackerEntry["item"] | null;
  }[];
  const byPlayer = groupBy(rows, (r) => Number(r.p));
  return new Map(
    [...byPlayer].map(([id, list]) => [
      id,
      list.map((r) => {
        const entry: LootTrackerEntry = { timestamp: Number(r.at) };
        if (r.loot_id !== null) entry.lootId = Number(r.loot_id);
        if (r.amount !== null) entry.amount = Number(r.amount);
        if (r.item !== null) entry.item = r.item;
        return entry;
      }),
    ]),
  );
}

/** What hydrate shows: the saved entries (unless cleared) then the unsaved ones, newest 200. */
export function mergeTracker(p: LoadedPlayer, saved: LootTrackerEntry[]): LootTrackerEntry[] {
  const all = p.tracker.cleared ? [...p.tracker.added] : [...saved, ...p.tracker.added];
  return all.slice(-LOOT_TRACKER_SIZE);
}
