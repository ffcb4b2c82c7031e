import { ChatChannel } from "@manaspire/game";
import type { ChatEntry, ChatPart } from "@manaspire/protocol";
import { and, asc, desc, eq, gte, sql } from "drizzle-orm";
import { batchedRead, groupBy } from "../../db/batched-read";
import type { Db } from "../../db/client";
import { type ChatMessageRow, chatMessages } from "../../db/schema";
import { idArray } from "../../world/item-store";
import { chatRole, PUBLIC_CHANNELS } from "./channels";
import { HISTORY_PER_CHANNEL } from "./limits";

/** A line to store. */
export interface NewLine {
  channel: ChatChannel;
  sender: { id: number; name: string; role: number; title: string; titleColor: string } | null;
  recipient?: { id: number; name: string };
  guildId?: number;
  text: string;
  parts: ChatPart[];
  at: number;
}

/** A stored line and where it belongs. */
export interface StoredLine {
  entry: ChatEntry;
  guildId: number | undefined;
  recipientId: number | undefined;
}

/**
 * Chat history: every line is one row, inserted when sent. The newest lines of the shared
 * channels and of each guild channel are also kept in memory, so a connecting player's
 * history costs one query (their whispers) instead of one per channel. Rows beyond the
 * newest {@link HISTORY_PER_CHANNEL} of a channel, guild or player (whispers) are deleted by
 * `prune`, which touches only what changed since the last prune.
 */
export class ChatHistory {
  /** Oldest first; keys "c<channel>" and "g<guildId>". */
  private readonly recent = new Map<string, ChatEntry[]>();
  private readonly guildLoads = new Map<number, Promise<ChatEntry[]>>();
  private readonly touchedKeys = new Set<string>();
  private readonly touchedWhisperers = new Set<number>();
  /** Inserts run one at a time so ids, caches and fan-out follow the order of arrival. */
  private writes: Promise<unknown> = Promise.resolve();

  constructor(private readonly db: Db) {}

  /** Loads the newest lines of every shared channel. */
  async load(): Promise<void> {
    for (const channel of PUBLIC_CHANNELS) {
      const rows = await this.db
        .select()
        .from(chatMessages)
        .where(eq(chatMessages.channel, channel))
        .orderBy(desc(chatMessages.id))
        .limit(HISTORY_PER_CHANNEL);
      this.recent.set(`c${channel}`, rows.reverse().map(toEntry));
    }
  }

  /** Stores a line and returns it with its id. */
  append(line: NewLine): Promise<StoredLine> {
    const run = this.writes.then(() => this.insert(line));
    this.writes = run.catch(() => undefined);
    return run;
  }

  private async insert(line: NewLine): Promise<StoredLine> {
    const [row] = await this.db
      .insert(chatMessages)
      .values({
        channel: line.channel,
        senderId: line.sender?.id ?? null,
        senderName: line.sender?.name ?? "System",
        senderRole: line.sender ? chatRole(line.sender.role) : 0,
        senderTitle: line.sender?.title ?? "",
        senderTitleColor: line.sender?.titleColor ?? "",
        recipientId: line.recipient?.id ?? null,
        recipientName: line.recipient?.name ?? null,
        guildId: line.guildId ?? null,
        text: line.text,
        parts: line.parts,
        createdAt: new Date(line.at),
      })
      .returning();
    if (!row) throw new Error("chat insert returned nothing");
    const stored = toStoredLine(row);
    this.remember(stored);
    return stored;
  }

  /**
   * Keeps a stored line in the caches and marks its channel for pruning: lines this process
   * stored, and lines other processes stored (heard on the bus or read at a resync). Lines
   * may arrive out of id order from several processes: each cache stays sorted by id.
   */
  remember(line: StoredLine): void {
    const { entry } = line;
    if (entry.channel === ChatChannel.Whispers) {
      if (entry.senderId !== 0) this.touchedWhisperers.add(entry.senderId);
      if (line.recipientId !== undefined) this.touchedWhisperers.add(line.recipientId);
      return;
    }
    const key = cacheKey(entry.channel, line.guildId);
    this.touchedKeys.add(key);
    const list = this.recent.get(key);
    if (!list) return;
    let at = list.length;
    while (at > 0 && (list[at - 1] as ChatEntry).id > entry.id) at--;
    if (list[at - 1]?.id === entry.id) return;
    list.splice(at, 0, entry);
    if (list.length > HISTORY_PER_CHANNEL) list.splice(0, list.length - HISTORY_PER_CHANNEL);
  }

  /** A line deleted by another process: out of the caches (the row is already gone). */
  forget(id: number): void {
    for (const list of this.recent.values()) {
      const index = list.findIndex((e) => e.id === id);
      if (index >= 0) list.splice(index, 1);
    }
  }

  /** Every line stored from `sinceMs` on, oldest first (a resync after missed bus messages). */
  async since(sinceMs: number): Promise<StoredLine[]> {
    const rows = await this.db
      .select()
      .from(chatMessages)
      .where(gte(chatMessages.createdAt, new Date(sinceMs)))
      .orderBy(chatMessages.id)
      .limit(5000);
    return rows.map(toStoredLine);
  }

  /** Another process prunes: what this one touched is its business. */
  dropTouched(): void {
    this.touchedKeys.clear();
    this.touchedWhisperers.clear();
  }

  /** The newest lines of the shared channels, oldest first per channel. */
  publicLines(): ChatEntry[] {
    const out: ChatEntry[] = [];
    for (const channel of PUBLIC_CHANNELS) out.push(...(this.recent.get(`c${channel}`) ?? []));
    return out;
  }

  /** The newest lines of a guild's channel (loaded once, then kept in memory). */
  guildLines(guildId: number): Promise<ChatEntry[]> {
    const loading = this.guildLoads.get(guildId);
    if (loading) return loading;
    const key = cacheKey(ChatChannel.Guild, guildId);
    const cached = this.recent.get(key);
    if (cached) return Promise.resolve(cached);
    // Lines sent while the query runs collect here and are merged after it.
    this.recent.set(key, []);
    const load = (async () => {
      try {
        const rows = await this.db
          .select()
          .from(chatMessages)
          .where(
            and(eq(chatMessages.channel, ChatChannel.Guild), eq(chatMessages.guildId, guildId)),
          )
          .orderBy(desc(chatMessages.id))
          .limit(HISTORY_PER_CHANNEL);
        const list = rows.reverse().map(toEntry);
        const lastId = list[list.length - 1]?.id ?? 0;
        list.push(...(this.recent.get(key) ?? []).filter((e) => e.id > lastId));
        const kept = list.slice(-HISTORY_PER_CHANNEL);
        this.recent.set(key, kept);
        return kept;
      } catch (err) {
        this.recent.delete(key);
        throw err;
      } finally {
        this.guildLoads.delete(guildId);
      }
    })();
    this.guildLoads.set(guildId, load);
    return load;
  }

  /** The newest whispers a player sent or received, oldest first. */
  readonly whispersOf = batchedRead(
    (ids: readonly number[]) => this.whispersOfMany(ids),
    (): ChatEntry[] => [],
  );

  /** The whispers of several players (asked for in one turn), each player's oldest first. */
  private async whispersOfMany(playerIds: readonly number[]): Promise<Map<number, ChatEntry[]>> {
    // Each player's newest lines, as the query of one player would find them (the two partial
    // indexes), then the rows themselves: a whisper between two of them is in both lists.
    const newest = sql`(select u.p, l.id from unnest(${idArray(playerIds)}::int8[]) as u(p)
      cross join lateral (
        select id from chat_messages
        where channel = ${ChatChannel.Whispers} and (sender_id = u.p or recipient_id = u.p)
        order by id desc limit ${HISTORY_PER_CHANNEL}) l) w`;
    const rows = await this.db
      .select({ playerId: sql<number>`w.p`.mapWith(Number), row: chatMessages })
      .from(chatMessages)
      .innerJoin(newest, sql`w.id = ${chatMessages.id}`)
      .orderBy(asc(chatMessages.id));
    const byPlayer = groupBy(rows, (r) => r.playerId);
    return new Map([...byPlayer].map(([id, list]) => [id, list.map((r) => toEntry(r.row))]));
  }

  /** Deletes a line everywhere; the stored line, or undefined if there was none. */
  async remove(id: number): Promise<StoredLine | undefined> {
    const [row] = await this.db.delete(chatMessages).where(eq(chatMessages.id, id)).returning();
    if (!row) return undefined;
    const list = this.recent.get(cacheKey(row.channel, row.guildId ?? undefined));
    if (list) {
      const index = list.findIndex((e) => e.id === id);
      if (index >= 0) list.splice(index, 1);
    }
    return toStoredLine(row);
  }

  /**
   * Deletes what fell out of the kept history since the last prune: per channel (and guild)
   * everything older than its 200th newest line, and whispers older than the 200th newest of
   * both the sender and the recipient. Returns the rows deleted.
   */
  async prune(): Promise<number> {
    const keys = [...this.touchedKeys];
    const whisperers = [...this.touchedWhisperers];
    this.touchedKeys.clear();
    this.touchedWhisperers.clear();
    let deleted = 0;
    try {
      while (keys.length > 0) {
        deleted += await this.pruneKey(keys[0] as string);
        keys.shift();
      }
      while (whisperers.length > 0) {
        deleted += await this.pruneWhispers(whisperers[0] as number);
        whisperers.shift();
      }
    } catch (err) {
      for (const key of keys) this.touchedKeys.add(key);
      for (const id of whisperers) this.touchedWhisperers.add(id);
      throw err;
    }
    return deleted;
  }

  private async pruneKey(key: string): Promise<number> {
    const id = Number(key.slice(1));
    const scope =
      key[0] === "g"
        ? sql`${chatMessages.channel} = ${ChatChannel.Guild} and ${chatMessages.guildId} = ${id}`
        : sql`${chatMessages.channel} = ${id}`;
    const result = await this.db.execute(sql`
      delete from ${chatMessages}
      where ${scope} and ${chatMessages.id} < (
        select ${chatMessages.id} from ${chatMessages} where ${scope}
        order by ${chatMessages.id} desc offset ${HISTORY_PER_CHANNEL - 1} limit 1
      )`);
    return affected(result);
  }

  private async pruneWhispers(playerId: number): Promise<number> {
    const keep = HISTORY_PER_CHANNEL - 1;
    // The oldest whisper a party still keeps: their 200th newest (none if they have fewer).
    const cutoff = (party: unknown) => sql`(
      select o.id from chat_messages o
      where o.channel = ${ChatChannel.Whispers} and (o.sender_id = ${party} or o.recipient_id = ${party})
      order by o.id desc offset ${keep} limit 1)`;
    const other = sql`(case when m.sender_id = ${playerId} then m.recipient_id else m.sender_id end)`;
    const result = await this.db.execute(sql`
      delete from chat_messages m
      where m.channel = ${ChatChannel.Whispers}
        and (m.sender_id = ${playerId} or m.recipient_id = ${playerId})
        and m.id < ${cutoff(playerId)}
        and m.id < coalesce(${cutoff(other)}, 0)`);
    return affected(result);
  }

  /** Waits for inserts in progress (used when stopping). */
  async idle(): Promise<void> {
    await this.writes;
  }
}

function cacheKey(channel: number, guildId: number | undefined): string {
  return channel === ChatChannel.Guild ? `g${guildId ?? 0}` : `c${channel}`;
}

function affected(result: unknown): number {
  const r = result as { rowCount?: number | null; affectedRows?: number };
  return r.rowCount ?? r.affectedRows ?? 0;
}

/** A stored row with where it belongs. */
export function toStoredLine(row: ChatMessageRow): StoredLine {
  return {
    entry: toEntry(row),
    guildId: row.guildId ?? undefined,
    recipientId: row.recipientId ?? undefined,
  };
}

/** A stored row as the protocol's chat entry; fields are clipped to the protocol's limits. */
export function toEntry(row: ChatMessageRow): ChatEntry {
  const entry: ChatEntry = {
    id: row.id,
    timestamp: row.createdAt.getTime(),
    channel: row.channel as ChatEntry["channel"],
    senderId: row.senderId ?? 0,
    senderRole: chatRole(row.senderRole),
    senderTitle: row.senderTitle.slice(0, 40),
    senderTitleColor: row.senderTitleColor.slice(0, 9),
    senderName: row.senderName.slice(0, 20),
    message: row.parts as ChatPart[],
  };
  if (row.recipientName !== null) entry.recipientName = row.recipientName.slice(0, 20);
  return entry;
}
