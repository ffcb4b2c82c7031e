import type { LootTrackerEntry } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { batchedRead } from "../db/batched-read";
import type { Db } from "../db/client";
import type { Runner } from "../db/runner";
import { players } from "../db/schema";
import type { Credit } from "./credits";
import { FLUSH_CHUNK, flushDue } from "./flush-chunks";
import { type FlushOptions, FlushQueue, type FlushResult } from "./flush-queue";
import { HandOvers } from "./hand-overs";
import type { OwnedItem } from "./inventory";
import { idArray } from "./item-store";
import { type ScoreCadence, scoresPending } from "./leaderboard-scores";
import type { LoadedPlayer } from "./loaded-player";
import { mergeTracker, readTrackers } from "./loot-tracker";
import type { Ownership } from "./ownership";
import { PlayerGoneError } from "./player-gone-error";
import { PlayerLoader, type RoleOf } from "./player-loader";
import type { PlayerWrite } from "./player-write";
import { confirmWrite, hasUnsaved, restoreWrite, takeWrite, writePlayers } from "./player-writes";
import { type Move, transact } from "./transact";

export type { FlushOptions, FlushResult } from "./flush-queue";
export { PlayerGoneError } from "./player-gone-error";
export { OwnedElsewhereError, type RoleOf } from "./player-loader";

export interface StoreOptions {
  /** The role a loaded player has (the operator's `ADMIN_NAMES` / `MODERATOR_NAMES`). */
  roleOf?: RoleOf;
  log?: FastifyBaseLogger;
  /** A loaded player's row is gone (the account was deleted): it has been unloaded. */
  onGone?: (p: LoadedPlayer) => void;
  /**
   * Claims and fences players (several processes on one database). Without it the store
   * loads and writes any player (a bench, a tool).
   */
  ownership?: Ownership;
  /** Another process owns a loaded player now (this one was presumed dead): it was unloaded. */
  onLost?: (p: LoadedPlayer) => void;
  /**
   * A timed flush writes a player's leaderboard scores at most this often (`LEADERBOARD_MS`;
   * 0 or absent: every flush). See leaderboard-scores.ts.
   */
  scoresEveryMs?: number;
}

/**
 * Holds loaded players (with their items) in memory and writes their changes back: every
 * `FLUSH_CHUNK` players in one transaction that writes each player's changed columns, item
 * changes and applied credits together, so the database only ever holds whole states of a
 * player. Everything that writes players runs one at a time (`exclusive`): a flush chunk, a
 * move of value between players, an eviction. A chunk that fails is split until the failing
 * player is alone; the others are saved.
 */
export class PlayerStore {
  readonly loaded = new Map<number, LoadedPlayer>();
  /** Items created since the last flush (id → holder), so lookups find them before their row. */
  readonly newItems = new Map<number, number>();
  private tail: Promise<unknown> = Promise.resolve();
  private serialDepth = 0;
  private readonly flushes: FlushQueue;
  /** Per player, the last write claimed (`claimed`): later writes of the player wait for it. */
  private readonly claims = new Map<number, Promise<void>>();
  private readonly loader: PlayerLoader;
  /** Players given to other processes, the ones asked for together in one save (hand-overs.ts). */
  readonly handOvers: HandOvers;
  /** Told when a player enters memory (the guild service gives them their guild's effects). */
  onLoaded: (p: LoadedPlayer) => void = () => {};
  /** Applies a committed credit to its receiver when loaded here (set by the credit inbox). */
  deliverCredit: (credit: Credit, item?: OwnedItem) => void = () => {};

  constructor(
    private readonly db: Db,
    private readonly opts: StoreOptions = {},
  ) {
    this.flushes = new FlushQueue((timed) =>
      flushDue(
        {
          loaded: this.loaded,
          exclusive: (fn) => this.exclusive(fn),
          commit: (chunk, cadence) =>
            this.commit(chunk, async () => undefined, { allowGone: true, cadence }),
          log: opts.log,
        },
        { everyMs: opts.scoresEveryMs ?? 0, now: performance.now(), force: !timed },
      ),
    );
    this.loader = new PlayerLoader(db, this.loaded, {
      roleOf: opts.roleOf,
      ownership: opts.ownership,
      onLoaded: (p) => this.onLoaded(p),
    });
    this.handOvers = new HandOvers({
      loaded: this.loaded,
      exclusive: (fn) => this.exclusive(fn),
      unsaved: (p) => hasUnsaved(p) || scoresPending(p),
      save: async (players) => {
        for (let i = 0; i < players.length; i += FLUSH_CHUNK) {
          await this.commit(players.slice(i, i + FLUSH_CHUNK), async () => undefined);
        }
      },
      drop: (id) => this.unload(id),
      release: async (ids, to) => {
        await this.opts.ownership?.release(ids, to);
      },
    });
  }

  /**
   * Loads every player who still has actions to spend, in batches by id (player-loader.ts);
   * `onBatch` hears the running total, `stopped` ends the loading between batches.
   */
  loadActive(onBatch?: (loaded: number) => void, stopped?: () => boolean): Promise<number> {
    return this.loader.loadActive(onBatch, stopped);
  }

  /** The loaded player, loading it from the database if needed; undefined if it does not exist. */
  get(id: number): Promise<LoadedPlayer | undefined> {
    return this.loader.get(id);
  }

  /** Drops a player from memory without saving (its row is gone or it is banned and saved). */
  unload(id: number): void {
    this.loaded.delete(id);
    this.loader.left(id);
  }

  /**
   * Drops players nobody is watching and who no longer act. Runs between writes, so a player
   * leaves memory only once its newest state has committed.
   */
  evictIdle(isWatched: (id: number) => boolean): Promise<number> {
    return this.exclusive(async () => {
      const released: number[] = [];
      for (const [id, p] of this.loaded) {
        if (hasUnsaved(p) || scoresPending(p) || p.busy > 0 || isWatched(id)) continue;
        if (p.actions > 0 && p.actionType !== 0 && !p.banned) continue;
        this.loaded.delete(id);
        this.loader.left(id);
        released.push(id);
      }
      // Saved and out of memory: another process may take them (a player who connects there).
      await this.opts.ownership
        ?.release(released)
        .catch((err) => this.opts.log?.warn({ err }, "releasing evicted players failed"));
      return released.length;
    });
  }

  /**
   * Saves the player's whole state and drops it from memory, then gives its ownership to
   * process `to`, where a connection for the player arrived. Waits (up to
   * about a second) for a handler busy with the player; a tick during the save is saved too.
   * False when the player could not be let go (still busy).
   */
  handOver(id: number, to: number): Promise<boolean> {
    return this.handOvers.handOver(id, to);
  }

  /**
   * Writes every player with unsaved changes, {@link FLUSH_CHUNK} per transaction, one flush
   * at a time (flush-queue.ts); a timed one writes leaderboard scores on their cadence.
   */
  flush(opts: FlushOptions = {}): Promise<FlushResult> {
    return this.flushes.flush(opts);
  }

  /**
   * Writes the players' whole unsaved state and runs `work` in the same transaction (a move of
   * value: the moved item's row, a credit for the receiver). Must run inside `exclusive`. A
   * player whose row is gone makes it fail (unless `allowGone`: a flush unloads such players).
   * On failure every player's changes are pending again.
   */
  async commit<T>(
    players: readonly LoadedPlayer[],
    work: (tx: Runner) => Promise<T>,
    opts: { allowGone?: boolean; cadence?: ScoreCadence } = {},
  ): Promise<{ written: number; value: T }> {
    if (this.serialDepth === 0) throw new Error("PlayerStore.commit must run inside exclusive()");
    return this.holding(players, () => this.write(players, work, opts));
  }

  /**
   * `commit` for a move that concerns only these players (a market order), without holding
   * back every other write of the process: it waits only for writes of the same players, so
   * transactions of different players run side by side on the pool. Callers pin the players
   * (not evicted or handed over meanwhile) and apply credits inside `exclusive` afterwards.
   * `prepare` changes the players' memory (an order's escrow leaves the balance) once no other
   * write of theirs is under way, right before their state is taken, so no other transaction
   * saves that change without this one; it may refuse by throwing. `undo` reverts it when the
   * transaction fails, before any later write of the players takes their state. `committed`
   * runs right after the commit, before anything else can write or sweep the players: deliver
   * the credits there.
   */
  commitAlone<T>(
    players: readonly LoadedPlayer[],
    work: (tx: Runner) => Promise<T>,
    hooks: {
      prepare?: () => void;
      undo?: () => void;
      committed?: (value: T) => void;
      /**
       * Take and write the players' state after `work`, in the same transaction, so what
       * `work` put in their memory (a market order's proceeds) commits with it; `undo` takes it
       * out again if the transaction fails.
       */
      stateLast?: boolean;
    } = {},
  ): Promise<{ written: number; value: T }> {
    return this.holding(players, async () => {
      hooks.prepare?.();
      let result: { written: number; value: T };
      try {
        result = await this.write(players, work, { stateLast: hooks.stateLast });
      } catch (err) {
        hooks.undo?.();
        throw err;
      }
      hooks.committed?.(result.value);
      return result;
    });
  }

  /** Moves value between players: the one way to (transact.ts). */
  transact<T>(move: Move<T>): Promise<T> {
    return transact(this, move);
  }

  /** Whether a write of the player has taken its state and not finished (or waits to). */
  isWriting(id: number): boolean {
    return this.claims.has(id);
  }

  /**
   * Runs `fn` once every earlier write of these players has finished, and holds later ones
   * back until it has. Claims are queued per player in the order they are made, all of a
   * claim's players at once, so two writes of one player never overlap (the later one's state
   * must land last) and no two claims wait on each other.
   */
  async holding<T>(players: readonly LoadedPlayer[], fn: () => Promise<T>): Promise<T> {
    let release!: () => void;
    const done = new Promise<void>((resolve) => {
      release = resolve;
    });
    const before: Promise<void>[] = [];
    for (const p of players) {
      const previous = this.claims.get(p.id);
      if (previous) before.push(previous);
      this.claims.set(p.id, done);
    }
    try {
      if (before.length > 0) await Promise.all(before);
      return await fn();
    } finally {
      for (const p of players) if (this.claims.get(p.id) === done) this.claims.delete(p.id);
      release();
    }
  }

  private async write<T>(
    players: readonly LoadedPlayer[],
    work: (tx: Runner) => Promise<T>,
    opts: { allowGone?: boolean; stateLast?: boolean; cadence?: ScoreCadence },
  ): Promise<{ written: number; value: T }> {
    const take = (p: LoadedPlayer) => takeWrite(p, opts.cadence);
    let writes: PlayerWrite[] = opts.stateLast ? [] : players.map(take);
    let written: Set<number>;
    let pruned: Set<number>;
    let value: T;
    try {
      ({ written, pruned, value } = await this.db.transaction(async (tx) => {
        const first = opts.stateLast ? await work(tx) : undefined;
        if (opts.stateLast) writes = players.map(take);
        const { written, pruned } = await writePlayers(tx, writes, this.opts.ownership?.id);
        if (!opts.allowGone && written.size < writes.length) {
          throw new PlayerGoneError(writes.filter((w) => !written.has(w.p.id)).map((w) => w.p));
        }
        return { written, pruned, value: opts.stateLast ? (first as T) : await work(tx) };
      }));
    } catch (err) {
      for (const w of writes) restoreWrite(w);
      if (err instanceof PlayerGoneError) await this.missing(err.missing);
      throw err;
    }
    const missing = writes.filter((w) => !written.has(w.p.id)).map((w) => w.p);
    if (missing.length > 0) await this.missing(missing);
    for (const w of writes) {
      if (!written.has(w.p.id)) continue;
      confirmWrite(w, pruned);
      for (const o of w.items?.upserts ?? []) this.newItems.delete(o.item.id);
      for (const id of w.items?.deletes ?? []) this.newItems.delete(id);
    }
    return { written: written.size, value };
  }

  /**
   * The player's loot tracker as hydrate shows it: the saved entries and the unsaved ones.
   * Read while no write of the player is under way (`holding`), so none has taken its unsaved
   * entries without having saved them. The players asked for in one turn are read together
   * (batched-read.ts).
   */
  readonly lootTracker = batchedRead<LoadedPlayer, LootTrackerEntry[]>(
    (list) =>
      this.holding(list, async () => {
        const saved = await readTrackers(
          this.db,
          list.map((p) => p.id),
        );
        return new Map(list.map((p) => [p, mergeTracker(p, saved.get(p.id) ?? [])]));
      }),
    () => [],
  );

  /**
   * Players a write did not find as ours: deleted (gone), or owned by another process now (lost:
   * this one was presumed dead). Either way they leave memory unsaved: the database holds
   * their newest state, or nothing.
   */
  private async missing(list: readonly LoadedPlayer[]): Promise<void> {
    const current = list.filter((p) => this.loaded.get(p.id) === p);
    if (current.length === 0) return;
    const exists = new Set(
      (
        await this.db
          .select({ id: players.id })
          .from(players)
          .where(sql`${players.id} = any(${idArray(current.map((p) => p.id))}::int8[])`)
      ).map((r) => r.id),
    );
    for (const p of current) {
      if (!exists.has(p.id)) {
        this.gone(p);
      } else if (this.loaded.get(p.id) === p) {
        this.loaded.delete(p.id);
        this.loader.left(p.id);
        this.opts.log?.warn({ player: p.id }, "player owned by another process now; unloaded");
        this.opts.onLost?.(p);
      }
    }
  }

  /** A player whose row no longer exists: out of memory, and the server closes its sockets. */
  private gone(p: LoadedPlayer): void {
    if (this.loaded.get(p.id) !== p) return;
    this.loaded.delete(p.id);
    this.loader.left(p.id);
    this.opts.log?.warn({ player: p.id }, "player row is gone; unloaded");
    this.opts.onGone?.(p);
  }

  /**
   * Runs `fn` (a flush chunk, a move of value between players, an eviction) after whatever
   * write is in progress and before the next one, so no write sees another half done.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    const run = this.tail.then(async () => {
      this.serialDepth++;
      try {
        return await fn();
      } finally {
        this.serialDepth--;
      }
    });
    this.tail = run.catch(() => undefined);
    return run;
  }
}
