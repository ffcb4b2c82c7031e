import {
  ActionType,
  BATTLE_XP_BASE,
  GATHER_XP_BASE,
  LogCategory,
  levelProgress,
} from "@manaspire/game";
import type { AwaySummary } from "@manaspire/protocol";
import { and, desc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { items } from "../db/schema";
import type { Handlers } from "../socket/handlers";
import type { LoadedPlayer } from "../world/loaded-player";
import { Col, markDirty } from "../world/player-columns";
import type { ActivityLog } from "./activity-log";
import { type AwaySnapshot, isAwaySnapshot, NO_AWAY } from "./away-mark";

/** Absences shorter than this get no summary (a reload, a server restart, a short break). */
export const DEFAULT_AWAY_SUMMARY_MS = 5 * 60_000;
const MAX_ITEMS = 10;
const MAX_EVENTS = 30;
const MAX_WHISPERS = 20;

/** The counters a summary compares, taken when the player's last socket closes. */
export function snapshotOf(p: LoadedPlayer, now: number): AwaySnapshot {
  return {
    since: now,
    actionCounter: p.actionCounter,
    kills: p.kills,
    deaths: p.deaths,
    battleXp: p.battleXp,
    miningXp: p.miningXp,
    fishingXp: p.fishingXp,
    woodcuttingXp: p.woodcuttingXp,
    loot: { ...p.loot },
  };
}

const SKILLS = [
  { skill: ActionType.Battle, field: "battleXp", base: BATTLE_XP_BASE },
  { skill: ActionType.Mining, field: "miningXp", base: GATHER_XP_BASE },
  { skill: ActionType.Fishing, field: "fishingXp", base: GATHER_XP_BASE },
  { skill: ActionType.Woodcutting, field: "woodcuttingXp", base: GATHER_XP_BASE },
] as const;

/**
 * What the saved counters say happened: actions spent, battles won and lost, experience and
 * levels per skill, and the net change of every currency and material. Pure.
 */
export function counterChanges(
  p: LoadedPlayer,
  before: AwaySnapshot,
): Pick<AwaySummary, "actions" | "battlesWon" | "battlesLost" | "skills" | "loot"> {
  const skills: AwaySummary["skills"] = [];
  for (const { skill, field, base } of SKILLS) {
    const gained = p[field] - before[field];
    if (gained <= 0) continue;
    skills.push({
      skill,
      experience: gained,
      levelBefore: levelProgress(base, before[field]).level,
      levelAfter: levelProgress(base, p[field]).level,
    });
  }
  const loot: Record<number, number> = {};
  for (const key of new Set([...Object.keys(p.loot), ...Object.keys(before.loot)])) {
    const id = Number(key);
    const change = (p.loot[id] ?? 0) - (before.loot[id] ?? 0);
    if (change !== 0 && Number.isFinite(change)) loot[id] = change;
  }
  return {
    actions: Math.max(0, p.actionCounter - before.actionCounter),
    battlesWon: Math.max(0, p.kills - before.kills),
    battlesLost: Math.max(0, p.deaths - before.deaths),
    skills,
    loot,
  };
}

/** Whether a summary has anything to tell. */
export function hasNews(s: AwaySummary): boolean {
  return (
    s.actions > 0 ||
    Object.keys(s.loot).length > 0 ||
    s.itemsFound > 0 ||
    s.eventsTotal > 0 ||
    s.whispersTotal > 0
  );
}

/** Where the store keeps items created since its last flush (id to owner). */
export interface NewItems {
  readonly newItems: ReadonlyMap<number, number>;
}

/**
 * "While you were away" (issue 14). When a player's last socket closes, the counters are
 * saved with the player (`away`, written by the next flush). At the next `hydrate`, after an
 * absence of at least `minAwayMs`, the player gets `awaySummary`: the counters' changes,
 * the items found (rows created since, and new ones not flushed yet), and the market,
 * transfer and received-whisper lines of the activity log since. The mark is then cleared,
 * so the summary comes once. Nothing is guessed by the browser.
 */
export class AwaySummaries {
  constructor(
    private readonly db: Db,
    private readonly store: NewItems & { loaded: ReadonlyMap<number, LoadedPlayer> },
    private readonly activityLog: ActivityLog,
    private readonly minAwayMs = DEFAULT_AWAY_SUMMARY_MS,
  ) {}

  /** The player's last socket (on this process) closed. */
  left(playerId: number, now = Date.now()): void {
    const p = this.store.loaded.get(playerId);
    if (!p) return;
    p.away = snapshotOf(p, now);
    markDirty(p, Col.away);
  }

  /** The summary for a player who connects now, or null (no absence, or a short one). */
  async take(p: LoadedPlayer, now = Date.now()): Promise<AwaySummary | null> {
    const mark = p.away;
    if (!isAwaySnapshot(mark)) return null;
    p.away = NO_AWAY;
    markDirty(p, Col.away);
    if (now - mark.since < this.minAwayMs) return null;
    const [found, events, whispers] = await Promise.all([
      this.itemsFound(p, mark.since),
      this.activityLog.since(
        p.id,
        [LogCategory.Market, LogCategory.Transfer],
        mark.since,
        MAX_EVENTS,
      ),
      this.activityLog.since(
        p.id,
        [LogCategory.Whisper],
        mark.since,
        MAX_WHISPERS,
        "Whisper from ",
      ),
    ]);
    const summary: AwaySummary = {
      since: mark.since,
      until: now,
      ...counterChanges(p, mark),
      items: found.items,
      itemsFound: found.total,
      events: events.entries,
      eventsTotal: events.total,
      whispers: whispers.entries,
      whispersTotal: whispers.total,
    };
    return hasNews(summary) ? summary : null;
  }

  /** Items the player owns that were created after `since`, the best first. */
  private async itemsFound(
    p: LoadedPlayer,
    since: number,
  ): Promise<{ items: AwaySummary["items"]; total: number }> {
    const pending: AwaySummary["items"] = [];
    for (const [id, owner] of this.store.newItems) {
      if (owner !== p.id) continue;
      const item = p.inventory.get(id)?.item;
      if (item) pending.push({ id, name: item.name, level: item.level, rarity: item.rarity });
    }
    const rows = await this.db
      .select({
        id: items.id,
        name: items.name,
        level: items.level,
        rarity: items.rarity,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(items)
      .where(and(eq(items.ownerId, p.id), gte(items.createdAt, new Date(since))))
      .orderBy(desc(items.rarity), desc(items.level), desc(items.id))
      .limit(MAX_ITEMS);
    const saved = rows.filter((r) => !this.store.newItems.has(r.id));
    const best = [...pending, ...saved.map(({ total: _t, ...r }) => r)]
      .sort((a, b) => b.rarity - a.rarity || b.level - a.level || b.id - a.id)
      .slice(0, MAX_ITEMS) as AwaySummary["items"];
    return { items: best, total: pending.length + (rows[0]?.total ?? 0) };
  }

  /** `hydrate` (after the core's): the summary, when there is one. */
  handlers(): Handlers {
    return {
      hydrate: async ({ conn, player }) => {
        // A socket that closed before its hydrate got here has left again: its departure
        // set a new mark, which belongs to the next connection.
        if (!conn.open) return;
        const summary = await this.take(player);
        if (summary) conn.send("awaySummary", { summary });
      },
    };
  }
}
