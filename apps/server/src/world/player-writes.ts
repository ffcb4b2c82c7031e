import { sql } from "drizzle-orm";
import type { Runner } from "../db/runner";
import { isClean, unsignedWords } from "./column-set";
import { mergeShare, writeEventShares } from "./event-writes";
import { toItemRow } from "./item-rows";
import {
  SCORES_NOW,
  type ScoreCadence,
  type ScoreWrite,
  scoresUnwritten,
  scoresWritten,
  takeScores,
  writeScores,
} from "./leaderboard-scores";
import type { LoadedPlayer } from "./loaded-player";
import {
  hasTrackerChanges,
  restoreTracker,
  type TrackerWrite,
  takeTracker,
  trackerWritten,
  writeTrackers,
} from "./loot-tracker";
import { cleanMask, markDirty } from "./player-columns";
import { writeRows } from "./player-row-writes";
import type { PlayerWrite } from "./player-write";
import { writeReferralShares } from "./referral-writes";
import { rowJson } from "./row-json";

/**
 * Takes the player's unsaved state and marks it saved; `restoreWrite` undoes that if the
 * write fails. A clean player still yields a write (its row is locked and checked to exist),
 * so a transaction that moves value can include the sender whatever its state. The timed flush
 * passes its score cadence: scores not yet due stay pending (leaderboard-scores.ts).
 */
export function takeWrite(p: LoadedPlayer, cadence: ScoreCadence = SCORES_NOW): PlayerWrite {
  const mask = p.dirty;
  const words = unsignedWords(mask);
  const maskKey = words.join(".");
  const write: PlayerWrite = {
    p,
    mask,
    maskKey,
    json: rowJson(p, mask, words, maskKey),
    items: p.inventory.hasChanges ? p.inventory.takeChanges() : null,
    credits: p.credits,
    tracker: takeTracker(p),
    scores: takeScores(p, mask, cadence),
    guildTax: p.guildTax,
    guildXp: p.guildXp,
    eventShare: p.eventShare,
    referralShards: p.referralShards,
  };
  p.dirty = cleanMask();
  p.credits = null;
  p.guildTax = null;
  p.guildXp = null;
  p.eventShare = null;
  p.referralShards = 0;
  return write;
}

/** Whether the player has anything a save would write. */
export function hasUnsaved(p: LoadedPlayer): boolean {
  return (
    !isClean(p.dirty) ||
    p.credits !== null ||
    p.guildTax !== null ||
    p.guildXp !== null ||
    p.eventShare !== null ||
    p.referralShards > 0 ||
    p.inventory.hasChanges ||
    hasTrackerChanges(p)
  );
}

/** A failed write: its changes are pending again (merged with whatever changed meanwhile). */
export function restoreWrite(w: PlayerWrite): void {
  markDirty(w.p, w.mask);
  if (w.items) w.p.inventory.restoreChanges(w.items);
  if (w.credits) w.p.credits = w.p.credits ? [...w.credits, ...w.p.credits] : w.credits;
  if (w.tracker) restoreTracker(w.p, w.tracker);
  if (w.scores) scoresUnwritten(w.p);
  if (w.guildTax) {
    const into = w.p.guildTax ?? new Map<number, Record<number, number>>();
    for (const [guildId, loot] of w.guildTax) {
      const pending = into.get(guildId) ?? {};
      for (const [k, v] of Object.entries(loot)) pending[Number(k)] = (pending[Number(k)] ?? 0) + v;
      into.set(guildId, pending);
    }
    w.p.guildTax = into;
  }
  if (w.guildXp) {
    const into = w.p.guildXp ?? new Map<number, number>();
    for (const [guildId, xp] of w.guildXp) into.set(guildId, (into.get(guildId) ?? 0) + xp);
    w.p.guildXp = into;
  }
  if (w.eventShare) w.p.eventShare = mergeShare(w.eventShare, w.p.eventShare);
  w.p.referralShards += w.referralShards;
}

/** A committed write: bookkeeping that must wait for the commit. */
export function confirmWrite(w: PlayerWrite, pruned: ReadonlySet<number>): void {
  if (w.tracker) trackerWritten(w.p, w.tracker, pruned.has(w.p.id));
  if (w.scores) scoresWritten(w.p, w.scores);
}

const itemRecord =
  "id int8, owner_id int8, borrower_id int8, name text, level int8, rarity int2, slot int2, " +
  "boosts jsonb, rolls jsonb, infusions int2, quality float8, element int2, skill int2, " +
  "favorite bool, equipped bool";
const itemNames =
  "id, owner_id, borrower_id, name, level, rarity, slot, boosts, rolls, infusions, quality, " +
  "element, skill, favorite, equipped";
const itemUpdates = itemNames
  .split(", ")
  .filter((c) => c !== "id")
  .map((c) => `${c} = excluded.${c}`)
  .join(", ");

/**
 * Writes the given players' state in set-based statements (inside the caller's transaction):
 * the rows (player-row-writes.ts),
 * one upsert for changed items, one delete for destroyed items, one delete for the credits
 * applied, and the loot tracker's appends (loot-tracker.ts). Returns the ids whose row exists
 * (a player missing from it was deleted, and none of its items, credits or tracker entries
 * were written) and the ids whose tracker was pruned.
 */
export async function writePlayers(
  tx: Runner,
  writes: readonly PlayerWrite[],
  /** This process's fencing token: only rows it owns are written. */
  fence?: number,
): Promise<{ written: Set<number>; pruned: Set<number> }> {
  const written = new Set<number>();
  const pruned = new Set<number>();
  if (writes.length === 0) return { written, pruned };
  for (const id of await writeRows(tx, writes, fence)) written.add(id);

  const upserts: string[] = [];
  const deletes: number[] = [];
  const applied: number[] = [];
  const trackers: Array<{ p: LoadedPlayer; tracker: TrackerWrite }> = [];
  const scores: Array<{ playerId: number; scores: ScoreWrite }> = [];
  for (const w of writes) {
    if (!written.has(w.p.id)) continue;
    if (w.scores) scores.push({ playerId: w.p.id, scores: w.scores });
    if (w.tracker) trackers.push({ p: w.p, tracker: w.tracker });
    if (w.items) {
      for (const o of w.items.upserts) upserts.push(JSON.stringify(toItemRecord(o)));
      for (const id of w.items.deletes) deletes.push(id);
    }
    if (w.credits) applied.push(...w.credits);
  }
  if (upserts.length > 0) await upsertItems(tx, upserts);
  if (deletes.length > 0) {
    await tx.execute(sql`
      delete from items where id in (select jsonb_array_elements_text(${JSON.stringify(deletes)}::jsonb)::int8)`);
  }
  if (applied.length > 0) {
    await tx.execute(sql`
      delete from credits where id in (select jsonb_array_elements_text(${JSON.stringify(applied)}::jsonb)::int8)`);
  }
  if (trackers.length > 0) for (const id of await writeTrackers(tx, trackers)) pruned.add(id);
  if (scores.length > 0) await writeScores(tx, scores);
  await writeGuildShares(tx, writes, written);
  await writeEventShares(tx, writes, written);
  await writeReferralShares(tx, writes, written);
  return { written, pruned };
}

/**
 * The written players' guild taxes and guild experience. The guilds' rows are locked first, in
 * id order, so two processes saving members of the same guilds wait for each other instead of
 * deadlocking; the experience of the whole batch goes in one `experience = experience + delta`
 * per guild (never read, changed and written back: another process adds its own meanwhile).
 */
async function writeGuildShares(
  tx: Runner,
  writes: readonly PlayerWrite[],
  written: ReadonlySet<number>,
): Promise<void> {
  const xp = new Map<number, number>();
  const guilds = new Set<number>();
  for (const w of writes) {
    if (!written.has(w.p.id)) continue;
    if (w.guildTax) for (const guildId of w.guildTax.keys()) guilds.add(guildId);
    if (w.guildXp) {
      for (const [guildId, delta] of w.guildXp) {
        if (!(delta > 0) || !Number.isFinite(delta)) continue;
        xp.set(guildId, (xp.get(guildId) ?? 0) + delta);
        guilds.add(guildId);
      }
    }
  }
  if (guilds.size === 0) return;
  const ids = [...guilds].sort((a, b) => a - b);
  await tx.execute(sql`
    select id from guilds
    where id in (select jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)::int8)
    order by id for update`);
  if (xp.size > 0) {
    const deltas = JSON.stringify([...xp].map(([id, delta]) => ({ id, delta })));
    await tx.execute(sql`
      update guilds as g set experience = g.experience + d.delta
      from jsonb_to_recordset(${deltas}::jsonb) as d(id int8, delta float8)
      where g.id = d.id`);
  }
  for (const w of writes) {
    if (!w.guildTax || !written.has(w.p.id)) continue;
    for (const [guildId, loot] of w.guildTax) await payGuildTax(tx, guildId, w.p.id, loot);
  }
}

/** Adds `loot` to a jsonb map of amounts, in SQL. */
function addAmounts(column: string, loot: Record<number, number>) {
  return sql`(select coalesce(jsonb_object_agg(k, v), '{}'::jsonb) from (
    select k, sum(v) as v from (
      select key as k, value::float8 as v from jsonb_each_text(${sql.raw(column)})
      union all
      select key, value::float8 from jsonb_each_text(${JSON.stringify(loot)}::jsonb)
    ) a group by k) b)`;
}

/**
 * A member's taxes into the guild's funds and their contributions (a guild gone meanwhile
 * takes nothing: its funds are gone too).
 */
async function payGuildTax(
  tx: Runner,
  guildId: number,
  playerId: number,
  loot: Record<number, number>,
): Promise<void> {
  await tx.execute(
    sql`update guilds set funds = ${addAmounts("funds", loot)} where id = ${guildId}`,
  );
  await tx.execute(sql`
    update guild_members set contributions = ${addAmounts("contributions", loot)}
    where player_id = ${playerId} and guild_id = ${guildId}`);
}

/** Writes item rows (as `toItemRecord` JSON) with one upsert. */
export async function upsertItems(tx: Runner, records: readonly string[]): Promise<void> {
  await tx.execute(sql`
    insert into items (${sql.raw(itemNames)})
    select ${sql.raw(itemNames)} from jsonb_to_recordset(${`[${records.join(",")}]`}::jsonb)
      as u(${sql.raw(itemRecord)})
    on conflict (id) do update set ${sql.raw(itemUpdates)}`);
}

/** An item row with the database's column names, for `upsertItems`. */
export function toItemRecord(o: Parameters<typeof toItemRow>[0]): Record<string, unknown> {
  const r = toItemRow(o);
  return {
    id: r.id,
    owner_id: r.ownerId,
    borrower_id: r.borrowerId,
    name: r.name,
    level: r.level,
    rarity: r.rarity,
    slot: r.slot,
    boosts: r.boosts,
    rolls: r.rolls,
    infusions: r.infusions,
    quality: r.quality,
    element: r.element,
    skill: r.skill,
    favorite: r.favorite,
    equipped: r.equipped,
  };
}
