import { eq, gt } from "drizzle-orm";
import type { Db } from "../../db/client";
import { chatMutes } from "../../db/schema";

/**
 * Chat mutes set by moderators and admins. Persisted; the active ones are kept in memory so
 * checking a line costs a map lookup.
 */
export class ChatMutes {
  private readonly until = new Map<number, number>();

  constructor(private readonly db: Db) {}

  /** Loads the mutes still running. */
  async load(now = Date.now()): Promise<void> {
    const rows = await this.db
      .select({ playerId: chatMutes.playerId, mutedUntil: chatMutes.mutedUntil })
      .from(chatMutes)
      .where(gt(chatMutes.mutedUntil, new Date(now)));
    for (const row of rows) this.until.set(row.playerId, row.mutedUntil.getTime());
  }

  /** Forgets every mute and loads the running ones again (after missed bus messages). */
  async reload(now = Date.now()): Promise<void> {
    this.until.clear();
    await this.load(now);
  }

  /** A mute set elsewhere (another process): until > now mutes, 0 unmutes. */
  set(playerId: number, untilMs: number): void {
    if (untilMs > Date.now()) this.until.set(playerId, untilMs);
    else this.until.delete(playerId);
  }

  /** Milliseconds of mute left, 0 when the player may talk. */
  remainingMs(playerId: number, now: number): number {
    const until = this.until.get(playerId);
    if (until === undefined) return 0;
    if (until <= now) {
      this.until.delete(playerId);
      return 0;
    }
    return until - now;
  }

  async mute(playerId: number, untilMs: number, mutedBy: number): Promise<void> {
    const mutedUntil = new Date(untilMs);
    await this.db
      .insert(chatMutes)
      .values({ playerId, mutedUntil, mutedBy })
      .onConflictDoUpdate({ target: chatMutes.playerId, set: { mutedUntil, mutedBy } });
    this.until.set(playerId, untilMs);
  }

  /** True when the player was muted. */
  async unmute(playerId: number, now: number): Promise<boolean> {
    const wasMuted = this.remainingMs(playerId, now) > 0;
    await this.db.delete(chatMutes).where(eq(chatMutes.playerId, playerId));
    this.until.delete(playerId);
    return wasMuted;
  }
}

/** "45 seconds", "12 minutes", "2 hours 5 minutes", "3 days 4 hours" (rounded up). */
export function formatDuration(ms: number): string {
  const seconds = Math.max(1, Math.ceil(ms / 1000));
  if (seconds < 60) return plural(seconds, "second");
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) {
    const rest = minutes % 60;
    return rest === 0
      ? plural(hours, "hour")
      : `${plural(hours, "hour")} ${plural(rest, "minute")}`;
  }
  const days = Math.floor(hours / 24);
  const restHours = hours % 24;
  return restHours === 0
    ? plural(days, "day")
    : `${plural(days, "day")} ${plural(restHours, "hour")}`;
}

function plural(n: number, unit: string): string {
  return `${n} ${unit}${n === 1 ? "" : "s"}`;
}
