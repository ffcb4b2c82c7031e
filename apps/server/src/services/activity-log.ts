import { LogCategory } from "@manaspire/game";
import type { ActivityLogEntry } from "@manaspire/protocol";
import { and, desc, eq, gte, ilike, inArray, like, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { activityLog, signInDevices } from "../db/schema";
import { GameError } from "../socket/handlers";
import { describeDevice } from "./device";

/** Entries per page of `activityLogPlayer` / `activityLogGuild`. */
export const LOG_PAGE_SIZE = 50;
/** The protocol's limit on an entry's text. */
const MAX_TEXT = 1000;
/** Rows per bulk insert (5 columns each, far below PostgreSQL's parameter limit). */
const INSERT_CHUNK = 1000;
/** Entries held while the database is unreachable; the oldest go first beyond this. */
const MAX_BUFFERED = 100_000;

/** Player log filters (spec: All, Whisper, Transfer, Market, Level, Event, Account). */
export const PLAYER_LOG_FILTERS: ReadonlySet<number> = new Set([
  LogCategory.All,
  LogCategory.Level,
  LogCategory.Whisper,
  LogCategory.Transfer,
  LogCategory.Market,
  LogCategory.Event,
  LogCategory.Account,
]);
/** Guild log filters (spec: All, Funds, Armory, Upgrade, Members, Rank Changes). */
export const GUILD_LOG_FILTERS: ReadonlySet<number> = new Set([
  LogCategory.All,
  LogCategory.GuildFunds,
  LogCategory.GuildArmory,
  LogCategory.GuildUpgrade,
  LogCategory.GuildMembers,
  LogCategory.GuildRank,
]);

/** How a player signed in, for the account entry. */
export type SignInKind = "register" | "login" | "guest";

export interface LogPage {
  entries: ActivityLogEntry[];
  hasMore: boolean;
  /** Opaque; pass it back to continue after the last entry. Empty when there is no more. */
  cursor: string;
  /** Timestamp of the oldest entry returned (0 when none). */
  loadedUntil: number;
}

export interface LogQuery {
  /** Exactly one of playerId and guildId. */
  playerId?: number;
  guildId?: number;
  /** A LogCategory, 0 for all. */
  filter: number;
  /** Continue after this cursor; empty for the newest page. */
  cursor: string;
  /** Case-insensitive substring of the text; empty for no search. */
  search: string;
}

interface PendingEntry {
  playerId: number | null;
  guildId: number | null;
  category: number;
  text: string;
  createdAt: Date;
}

/**
 * The activity log. `record` only appends to a memory buffer (cheap enough for the world
 * tick); the buffer is written in bulk every `flushMs`, when stopping, and before a page is
 * read, so a player always sees their own newest entries. Ids follow the order of `record`
 * calls, so newest-first by id is newest-first by time.
 */
export class ActivityLog {
  private buffer: PendingEntry[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly opts: { flushMs?: number; log?: FastifyBaseLogger } = {},
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.flush().catch((err) => this.opts.log?.error({ err }, "activity log flush failed"));
    }, this.opts.flushMs ?? 1000);
    this.timer.unref();
  }

  /** Stops the timer and writes what is buffered. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /** Adds an entry to a player's log (API for every feature: transfers, market, events…). */
  record(playerId: number, category: LogCategory, text: string, now = Date.now()): void {
    this.push(playerId, null, category, text, now);
  }

  /** Adds an entry to a guild's log (API for the guild issue). */
  recordGuild(guildId: number, category: LogCategory, text: string, now = Date.now()): void {
    this.push(null, guildId, category, text, now);
  }

  recordLevelUp(playerId: number, skill: string, level: number, now = Date.now()): void {
    this.record(playerId, LogCategory.Level, `${skill} level up! You reached level ${level}.`, now);
  }

  /**
   * Remembers the device of a successful sign-in; a device the player has not used before
   * gets an Account entry. Awaited by the sign-in routes (one or two small queries).
   */
  async recordSignIn(playerId: number, kind: SignInKind, userAgent: string | undefined) {
    const device = describeDevice(userAgent);
    const inserted = await this.db
      .insert(signInDevices)
      .values({ playerId, device })
      .onConflictDoNothing()
      .returning({ device: signInDevices.device });
    if (inserted.length === 0) {
      await this.db
        .update(signInDevices)
        .set({ lastSeenAt: sql`now()` })
        .where(and(eq(signInDevices.playerId, playerId), eq(signInDevices.device, device)));
      return;
    }
    const text =
      kind === "register"
        ? `Account created on ${device}.`
        : kind === "guest"
          ? `Guest account created on ${device}.`
          : `Signed in from a new device: ${device}.`;
    this.record(playerId, LogCategory.Account, text);
  }

  private push(
    playerId: number | null,
    guildId: number | null,
    category: number,
    text: string,
    now: number,
  ): void {
    if (!Number.isInteger(category) || category < 1 || category > 11) {
      throw new Error(`activity log category ${category} is not one of 1-11`);
    }
    this.buffer.push({ playerId, guildId, category, text: clip(text), createdAt: new Date(now) });
    if (this.buffer.length > MAX_BUFFERED) {
      this.buffer.splice(0, this.buffer.length - MAX_BUFFERED);
      this.opts.log?.warn("activity log buffer full; dropped the oldest entries");
    }
  }

  /** Entries waiting to be written. */
  get buffered(): number {
    return this.buffer.length;
  }

  /** Writes the buffer in bulk statements; one flush at a time, in order. */
  flush(): Promise<void> {
    const next = this.flushing.then(() => this.flushNow());
    this.flushing = next.catch(() => undefined);
    return next;
  }

  private async flushNow(): Promise<void> {
    while (this.buffer.length > 0) {
      const chunk = this.buffer.splice(0, INSERT_CHUNK);
      try {
        await this.insertBulk(chunk);
      } catch (err) {
        if (!(await this.reachable())) {
          // The database is away: back in front of what was recorded meanwhile, in order.
          this.buffer.unshift(...chunk);
          throw err;
        }
        await this.insertIsolated(chunk);
      }
    }
  }

  /**
   * One statement with the entries as a single JSON parameter: building a query of 5,000
   * parameters held the event loop for about 100 ms with 5,000 players battling (issue 16).
   * Rows are inserted, and get their ids, in the order of the array.
   */
  private async insertBulk(entries: readonly PendingEntry[]): Promise<void> {
    const json = JSON.stringify(
      entries.map((e) => ({
        player_id: e.playerId,
        guild_id: e.guildId,
        category: e.category,
        text: e.text,
        created_at: e.createdAt.toISOString(),
      })),
    );
    await this.db.execute(sql`
      insert into activity_log (player_id, guild_id, category, text, created_at)
      select player_id, guild_id, category, text, created_at
      from jsonb_to_recordset(${json}::jsonb)
        as u(player_id int8, guild_id int8, category int2, text text, created_at timestamptz)`);
  }

  /**
   * Inserts entries one half at a time after a bulk insert failed with the database up, so one
   * bad entry (its player was deleted meanwhile) is dropped and logged instead of blocking
   * every later entry.
   */
  private async insertIsolated(entries: PendingEntry[]): Promise<void> {
    try {
      await this.insertBulk(entries);
    } catch (err) {
      if (entries.length === 1) {
        this.opts.log?.warn({ err, entry: entries[0] }, "activity log entry dropped");
        return;
      }
      const half = Math.ceil(entries.length / 2);
      await this.insertIsolated(entries.slice(0, half));
      await this.insertIsolated(entries.slice(half));
    }
  }

  private async reachable(): Promise<boolean> {
    try {
      await this.db.execute(sql`select 1`);
      return true;
    } catch {
      return false;
    }
  }

  /**
   * Writes entries inside a caller's transaction (a transfer records both sides' entries in
   * the transaction that moves the value, so the log says exactly what committed).
   */
  async writeIn(
    tx: Pick<Db, "execute">,
    entries: ReadonlyArray<{ playerId: number; category: LogCategory; text: string }>,
    now = Date.now(),
  ): Promise<void> {
    if (entries.length === 0) return;
    const at = new Date(now).toISOString();
    await tx.execute(sql`
      insert into activity_log (player_id, guild_id, category, text, created_at)
      select player_id, null, category, text, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(
        entries.map((e) => ({ player_id: e.playerId, category: e.category, text: clip(e.text) })),
      )}::jsonb) as u(player_id int8, category int2, text text)`);
  }

  /**
   * A player's entries of some categories recorded at or after `since` (ms), newest first,
   * at most `limit`, with how many there are in all; `textPrefix` keeps only entries whose
   * text starts with it (whispers received: "Whisper from "). For "While you were away".
   */
  async since(
    playerId: number,
    categories: readonly LogCategory[],
    since: number,
    limit: number,
    textPrefix = "",
  ): Promise<{ entries: ActivityLogEntry[]; total: number }> {
    try {
      await this.flush();
    } catch (err) {
      this.opts.log?.error({ err }, "activity log flush before read failed");
    }
    const conditions: SQL[] = [
      eq(activityLog.playerId, playerId),
      inArray(activityLog.category, [...categories]),
      gte(activityLog.createdAt, new Date(since)),
    ];
    if (textPrefix !== "") conditions.push(like(activityLog.text, `${escapeLike(textPrefix)}%`));
    const rows = await this.db
      .select({
        category: activityLog.category,
        text: activityLog.text,
        createdAt: activityLog.createdAt,
        total: sql<number>`count(*) over ()`.mapWith(Number),
      })
      .from(activityLog)
      .where(and(...conditions))
      .orderBy(desc(activityLog.id))
      .limit(limit);
    return {
      entries: rows.map((r) => ({
        timestamp: r.createdAt.getTime(),
        category: r.category as ActivityLogEntry["category"],
        text: r.text,
      })),
      total: rows[0]?.total ?? 0,
    };
  }

  /** One page, newest first. */
  async page(query: LogQuery): Promise<LogPage> {
    const before = decodeCursor(query.cursor);
    if (before === null) throw new GameError("That page of the log is no longer valid; reload it.");
    try {
      await this.flush();
    } catch (err) {
      this.opts.log?.error({ err }, "activity log flush before read failed");
    }
    const conditions: SQL[] = [
      query.guildId !== undefined
        ? eq(activityLog.guildId, query.guildId)
        : eq(activityLog.playerId, query.playerId ?? 0),
    ];
    if (query.filter !== LogCategory.All) conditions.push(eq(activityLog.category, query.filter));
    if (before !== undefined) conditions.push(lt(activityLog.id, before));
    if (query.search !== "")
      conditions.push(ilike(activityLog.text, `%${escapeLike(query.search)}%`));
    const rows = await this.db
      .select({
        id: activityLog.id,
        category: activityLog.category,
        text: activityLog.text,
        createdAt: activityLog.createdAt,
      })
      .from(activityLog)
      .where(and(...conditions))
      .orderBy(desc(activityLog.id))
      .limit(LOG_PAGE_SIZE + 1);
    const hasMore = rows.length > LOG_PAGE_SIZE;
    const page = rows.slice(0, LOG_PAGE_SIZE);
    const last = page[page.length - 1];
    return {
      entries: page.map((r) => ({
        timestamp: r.createdAt.getTime(),
        category: r.category as ActivityLogEntry["category"],
        text: r.text,
      })),
      hasMore,
      cursor: hasMore && last ? encodeCursor(last.id) : "",
      loadedUntil: last ? last.createdAt.getTime() : 0,
    };
  }
}

function clip(text: string): string {
  return text.length > MAX_TEXT ? `${text.slice(0, MAX_TEXT - 1)}…` : text;
}

/** Escapes LIKE's wildcards (and its escape character) so the search matches literally. */
export function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (ch) => `\\${ch}`);
}

/** The cursor after an entry: opaque to the client. */
export function encodeCursor(id: number): string {
  return `c${id.toString(36)}`;
}

/** undefined for the first page (""), null for a cursor this server never made. */
export function decodeCursor(cursor: string): number | undefined | null {
  if (cursor === "") return undefined;
  if (!/^c[0-9a-z]{1,11}$/.test(cursor)) return null;
  const id = Number.parseInt(cursor.slice(1), 36);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
