import { gt, lt, max, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ACCOUNT_BANNED, PLAYER_NOT_FOUND } from "../auth/tokens";
import type { Db } from "../db/client";
import { accountEvents } from "../db/schema";
import { CLOSE_AUTH } from "../socket/connection";
import type { Sessions } from "../socket/sessions";
import type { PlayerStore } from "../world/player-store";

/** How often the account events are read (bans and deletions take effect within this). */
export const ACCOUNT_EVENTS_POLL_MS = 2000;
/** Events older than this are deleted by the poller. */
const KEEP_EVENTS_MS = 24 * 3_600_000;

/**
 * `account_events.kind`: bans, unbans and deletions are written by database triggers
 * (migration 0003); AccountChanged (identities or the guest flag and name changed) by
 * services/identities.ts in the change's transaction.
 */
export const AccountEventKind = { Banned: 1, Unbanned: 2, Deleted: 3, AccountChanged: 4 } as const;

/**
 * Watches bans, unbans and deletions of accounts, however they were made (an admin tool or an
 * operator's SQL: triggers record them in `account_events`), and applies them to the players
 * this process holds: a banned player's sockets close with "Account banned", it stops acting
 * and leaves memory once saved; a deleted player's sockets close with "Player not found" and it
 * leaves memory at once (its row is gone; nothing to save).
 */
export class AccountEvents {
  private last = 0;
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<number> | undefined;
  private polls = 0;

  constructor(
    private readonly db: Db,
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    private readonly opts: {
      pollMs?: number;
      log?: FastifyBaseLogger;
      /** An account's identities, name or guest flag changed: refresh its player held here. */
      onAccountChanged?: (accountId: number) => Promise<void>;
    } = {},
  ) {}

  /** Starts after the newest event (older ones were applied by loading from the tables). */
  async start(): Promise<void> {
    const [row] = await this.db.select({ seq: max(accountEvents.seq) }).from(accountEvents);
    this.last = Number(row?.seq ?? 0);
    this.timer = setInterval(() => {
      this.poll().catch((err) => this.opts.log?.error({ err }, "account events poll failed"));
    }, this.opts.pollMs ?? ACCOUNT_EVENTS_POLL_MS);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  /** Reads and applies the new events; returns how many there were. */
  poll(): Promise<number> {
    this.polling ??= this.readAndApply().finally(() => {
      this.polling = undefined;
    });
    return this.polling;
  }

  private async readAndApply(): Promise<number> {
    const rows = await this.db
      .select()
      .from(accountEvents)
      .where(gt(accountEvents.seq, this.last))
      .orderBy(accountEvents.seq)
      .limit(10_000);
    for (const row of rows) {
      this.last = row.seq;
      this.apply(row.accountId, row.kind);
    }
    if (++this.polls % 1000 === 0) {
      await this.db
        .delete(accountEvents)
        .where(
          lt(accountEvents.createdAt, sql`now() - ${`${KEEP_EVENTS_MS} milliseconds`}::interval`),
        );
    }
    return rows.length;
  }

  /** Applies one event to the players of that account held here. */
  apply(accountId: number, kind: number): void {
    if (kind === AccountEventKind.AccountChanged) {
      this.opts
        .onAccountChanged?.(accountId)
        .catch((err) =>
          this.opts.log?.warn({ err, account: accountId }, "refreshing a changed account failed"),
        );
      return;
    }
    for (const p of this.store.loaded.values()) {
      if (p.accountId !== accountId) continue;
      if (kind === AccountEventKind.Banned) {
        p.banned = true;
        this.sessions.closePlayer(p.id, CLOSE_AUTH, ACCOUNT_BANNED);
        this.opts.log?.info({ player: p.id }, "account banned: sockets closed");
      } else if (kind === AccountEventKind.Unbanned) {
        p.banned = false;
      } else if (kind === AccountEventKind.Deleted) {
        this.store.unload(p.id);
        this.sessions.closePlayer(p.id, CLOSE_AUTH, PLAYER_NOT_FOUND);
        this.opts.log?.info({ player: p.id }, "account deleted: player unloaded");
      }
    }
  }
}
