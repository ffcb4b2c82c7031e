import { setImmediate as nextTurn } from "node:timers/promises";
import { getTableColumns, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { resultRows } from "../db/runner";
import { type CreditRow, credits, type PlayerRow, players } from "../db/schema";
import { applyCredit, fromCreditRow } from "./credits";
import { idArray, loadItems } from "./item-store";
import { loadScores, rememberScores, scoresStale } from "./leaderboard-scores";
import { fromRow, type LoadedItems, type LoadedPlayer } from "./loaded-player";
import type { Ownership } from "./ownership";
import { Col, markDirty } from "./player-columns";

/** A player's role from their name and their stored `accounts.role`. */
export type RoleOf = (name: string, storedRole: number) => number;

/** A player's row with its account's fields, as `readPlayers` parses it. */
type AccountPlayerRow = Omit<PlayerRow, "createdAt" | "updatedAt"> & {
  accountGuest: boolean;
  accountBanned: boolean;
  accountRole: number;
  accountReferrerId: number | null;
};

/** Players per query when loading the acting players at start, and per batch of `get`s. */
const LOAD_BATCH = 1000;
/**
 * Players built between two turns of the event loop. 250 until 2026-11-29: with 100,000
 * acting players, loads on PGlite held the loop for up to 159-198 ms, and 29-74 turns over
 * 30 ms; with 100 (and items parsed 100 players at a time), 43 ms and 14-19 turns, at the same
 * speed (big-world.md).
 */
const ADMIT_SLICE = 100;
/** Batches of `get`s at once: one is read while the other is admitted. */
const GET_BATCHES_IN_FLIGHT = 2;

/**
 * The player columns memory holds (not the timestamps: parsing them is wasted work) and the
 * account's, as the select list of a row whose JSON keys are `AccountPlayerRow`'s.
 */
const playerSelect = [
  ...Object.entries(getTableColumns(players))
    .filter(([key]) => key !== "createdAt" && key !== "updatedAt")
    .map(([key, column]) => `p.${column.name} as "${key}"`),
  `a.guest as "accountGuest"`,
  `a.banned as "accountBanned"`,
  `a.role as "accountRole"`,
  `a.referrer_id as "accountReferrerId"`,
].join(", ");

/**
 * The players (with their accounts) matching `where` (on `p` and `a`), by id, as one JSON
 * text: one JSON.parse costs a fraction of the driver's per-column parsing and the ORM's
 * mapping, its integer-keyed maps come out compact, and PGlite's worker hands over a string.
 */
async function readPlayers(db: Db, where: SQL, limit?: number): Promise<AccountPlayerRow[]> {
  const result = resultRows<{ players_json: string }>(
    await db.execute(sql`
      select coalesce(json_agg(r order by r.id), '[]')::text as players_json from (
        select ${sql.raw(playerSelect)}
        from players p join accounts a on a.id = p.account_id
        where ${where} order by p.id ${limit === undefined ? sql`` : sql`limit ${limit}`}) r`),
  );
  return JSON.parse(result[0]?.players_json ?? "[]") as AccountPlayerRow[];
}

/** What `admit` reads beside the players' rows. */
interface Extras {
  pending: CreditRow[];
  owned: Map<number, LoadedItems>;
  scores: Awaited<ReturnType<typeof loadScores>>;
}

/** Who waits for a player asked for with `get`. */
interface Waiter {
  resolve: (p: LoadedPlayer | undefined) => void;
  reject: (err: unknown) => void;
}

/** One batch of the start-up load: its rows, and the id the next batch starts after (null: none). */
interface Batch {
  rows: AccountPlayerRow[];
  after: number | null;
}

/**
 * Brings players from the database into the store's memory (`loaded`): one on demand (`get`,
 * when a socket signs in or a feature needs them), or every acting player at start
 * (`loadActive`), with their items, pending credits and leaderboard scores. With ownership, a
 * player is claimed for this process before its row is read.
 */
export class PlayerLoader {
  private readonly loading = new Map<number, Promise<LoadedPlayer | undefined>>();
  /** Players asked for and not in a batch yet, with who waits for each. */
  private readonly asked = new Map<number, Waiter>();
  /** Batches of `get`s loading now (at most GET_BATCHES_IN_FLIGHT; the next wait in `asked`). */
  private getting = 0;
  private getsScheduled = false;
  /** While `loadActive` runs: players evicted meanwhile, whose rows a batch may hold stale. */
  private evicted: Set<number> | null = null;
  private readonly roleOf: RoleOf;

  constructor(
    private readonly db: Db,
    private readonly loaded: Map<number, LoadedPlayer>,
    private readonly opts: {
      roleOf?: RoleOf;
      ownership?: Ownership;
      /** Told when a player enters memory. */
      onLoaded: (p: LoadedPlayer) => void;
    },
  ) {
    this.roleOf = opts.roleOf ?? ((_name, storedRole) => storedRole);
  }

  /** A player left memory: a start-up batch read before must not bring it back. */
  left(id: number): void {
    this.evicted?.add(id);
  }

  private fromRow(row: AccountPlayerRow, items: LoadedItems | undefined): LoadedPlayer {
    const account = {
      guest: row.accountGuest,
      banned: row.accountBanned,
      role: this.roleOf(row.name, row.accountRole),
      referrerId: row.accountReferrerId,
    };
    return fromRow(row, account, items);
  }

  /**
   * Loads every player who still has actions to spend, so the world keeps them acting, in
   * batches of {@link LOAD_BATCH} by id. The world may tick meanwhile: players connecting are
   * loaded on their own, and a batch never replaces (or brings back an evicted copy of) a
   * player loaded since its rows were read. `onBatch` hears the running total; `stopped` ends
   * the loading between batches.
   */
  async loadActive(
    onBatch?: (loaded: number) => void,
    stopped: () => boolean = () => false,
  ): Promise<number> {
    this.evicted = new Set();
    try {
      return await this.loadBatches(onBatch, stopped);
    } finally {
      this.evicted = null;
    }
  }

  /**
   * Batch after batch, the next one's rows read while this one's items, credits and scores
   * are read and its players built: the database and this thread work at the same time.
   */
  private async loadBatches(
    onBatch: ((loaded: number) => void) | undefined,
    stopped: () => boolean,
  ): Promise<number> {
    let total = 0;
    let next: Promise<Batch> | undefined = this.readBatch(0);
    while (next && !stopped()) {
      const batch: Batch = await next;
      next = batch.after === null ? undefined : this.readBatch(batch.after);
      next?.catch(() => {}); // awaited on the next turn, or dropped when stopped
      const stale = this.evicted ?? undefined;
      const fresh = batch.rows.filter((r) => !this.loaded.has(r.id) && !stale?.has(r.id));
      total += await this.admit(fresh, stale);
      onBatch?.(total);
    }
    if (!stopped()) total += await this.loadOwnUnloaded(stopped);
    return total;
  }

  /**
   * Acting players this process owns but does not hold (claimed by a load that stopped or
   * failed before admitting them): nobody else may claim them, so they are loaded here. Their
   * ids are read, not their rows: the batches above skip this process's own players, which
   * every pick-up (each lease) read again in full before 2026-11-30.
   */
  private async loadOwnUnloaded(stopped: () => boolean): Promise<number> {
    const own = this.opts.ownership;
    if (!own) return 0;
    const missing = resultRows<{ id: string | number }>(
      await this.db.execute(sql`
        select p.id from players p join accounts a on a.id = p.account_id
        where p.owner_id = ${own.id} and p.actions > 0 and p.action_type <> 0 and not a.banned`),
    )
      .map((r) => Number(r.id))
      .filter((id) => !this.loaded.has(id));
    let total = 0;
    for (let i = 0; i < missing.length && !stopped(); i += LOAD_BATCH) {
      const ids = missing.slice(i, i + LOAD_BATCH);
      const rows = await readPlayers(
        this.db,
        sql`p.id = any(${idArray(ids)}::int8[]) and p.owner_id = ${own.id}`,
      );
      const stale = this.evicted ?? undefined;
      total += await this.admit(
        rows.filter((r) => !this.loaded.has(r.id) && !stale?.has(r.id)),
        stale,
      );
    }
    return total;
  }

  /** The acting players after id `after`: with ownership, claimed for this process first. */
  private async readBatch(after: number): Promise<Batch> {
    const own = this.opts.ownership;
    if (!own) {
      const rows = await readPlayers(
        this.db,
        sql`p.actions > 0 and p.action_type <> 0 and p.id > ${after} and not a.banned`,
        LOAD_BATCH,
      );
      return { rows, after: rows.length === LOAD_BATCH ? rows[rows.length - 1]!.id : null };
    }
    // Claim a batch of free acting players, then read them: they are ours from now on. Not
    // our own (loaded, or picked up by loadOwnUnloaded): claiming them again wrote a new
    // version of each row, and reading them again their whole state, at every pick-up.
    const claimed = resultRows<{ id: string | number }>(
      await this.db.execute(sql`
        update players set owner_id = ${own.id} where id in (
          select p.id from players p join accounts a on a.id = p.account_id
          where p.actions > 0 and p.action_type <> 0 and not a.banned and p.id > ${after}
            and p.owner_id is distinct from ${own.id} and ${own.claimable(sql.raw("p"))}
          order by p.id limit ${LOAD_BATCH} for update of p skip locked)
        returning id`),
    ).map((r) => Number(r.id));
    if (claimed.length === 0) return { rows: [], after: null };
    const rows = await readPlayers(this.db, sql`p.id = any(${idArray(claimed)}::int8[])`);
    return { rows, after: claimed.length === LOAD_BATCH ? Math.max(...claimed) : null };
  }

  /**
   * The loaded player, loading it from the database if needed; undefined if it does not exist.
   * Players asked for together (thousands of sockets of a dead process arriving at once) load
   * together: one claim, one read and one admit per batch of up to LOAD_BATCH, not per player.
   */
  get(id: number): Promise<LoadedPlayer | undefined> {
    const cached = this.loaded.get(id);
    if (cached) return Promise.resolve(cached);
    let pending = this.loading.get(id);
    if (!pending) {
      pending = new Promise<LoadedPlayer | undefined>((resolve, reject) => {
        this.asked.set(id, { resolve, reject });
      }).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
      this.scheduleGets();
    }
    return pending;
  }

  /** Loads what was asked for, a batch at a time, once this turn's requests have arrived. */
  private scheduleGets(): void {
    if (this.getsScheduled || this.getting >= GET_BATCHES_IN_FLIGHT || this.asked.size === 0) {
      return;
    }
    this.getsScheduled = true;
    setImmediate(() => {
      this.getsScheduled = false;
      const batch: Array<[number, Waiter]> = [];
      for (const entry of this.asked) {
        if (batch.length === LOAD_BATCH) break;
        batch.push(entry);
      }
      if (batch.length === 0) return;
      for (const [id] of batch) this.asked.delete(id);
      this.getting++;
      this.loadMany(batch.map(([id]) => id))
        .then(
          (refused) => {
            for (const [id, waiter] of batch) {
              const refusal = refused.get(id);
              if (refusal) waiter.reject(refusal);
              else waiter.resolve(this.loaded.get(id));
            }
          },
          (err) => {
            for (const [, waiter] of batch) waiter.reject(err);
          },
        )
        .finally(() => {
          this.getting--;
          this.scheduleGets();
        });
      this.scheduleGets(); // a second batch may start while this one waits for the database
    });
  }

  /** Claims and loads the players; the ones held elsewhere map to their refusal. */
  private async loadMany(ids: number[]): Promise<Map<number, OwnedElsewhereError>> {
    const refused = new Map<number, OwnedElsewhereError>();
    const own = this.opts.ownership;
    let mine = ids;
    if (own) {
      const claimed = new Set(
        resultRows<{ id: string | number }>(
          await this.db.execute(sql`
            update players set owner_id = ${own.id}
            where id = any(${idArray(ids)}::int8[]) and ${own.claimable()} returning id`),
        ).map((r) => Number(r.id)),
      );
      const others = ids.filter((id) => !claimed.has(id));
      if (others.length > 0) {
        const held = await this.db
          .select({ id: players.id, ownerId: players.ownerId })
          .from(players)
          .where(sql`${players.id} = any(${idArray(others)}::int8[])`);
        for (const row of held) refused.set(row.id, new OwnedElsewhereError(row.ownerId ?? 0));
      }
      mine = ids.filter((id) => claimed.has(id));
    }
    if (mine.length === 0) return refused;
    const rows = await readPlayers(this.db, sql`p.id = any(${idArray(mine)}::int8[])`);
    await this.admit(rows);
    return refused;
  }

  /**
   * Puts rows into memory with their items and pending credits. The players are built
   * {@link ADMIT_SLICE} at a time, with a turn of the event loop between slices (a batch of
   * 1,000 players built at once, with its 8,000 items parsed at once, held it for 70-160 ms on a
   * 2-core machine, bench/flush.ts 2026-11-29). Credits are read before the
   * items: a credit's item moved in the same transaction as the credit was written, so every
   * credit seen here has its item in the item query (later credits arrive by the sweep).
   */
  private async admit(rows: AccountPlayerRow[], stale?: ReadonlySet<number>): Promise<number> {
    if (rows.length === 0) return 0;
    const extras = await this.extras(rows);
    let admitted = 0;
    for (let i = 0; i < rows.length; i += ADMIT_SLICE) {
      if (i > 0) await nextTurn();
      admitted += this.build(rows.slice(i, i + ADMIT_SLICE), extras, stale);
    }
    return admitted;
  }

  /** The rows' pending credits, then their items and leaderboard scores. */
  private async extras(rows: readonly AccountPlayerRow[]): Promise<Extras> {
    const ids = rows.map((r) => r.id);
    const pending = await this.db
      .select()
      .from(credits)
      .where(sql`${credits.playerId} = any(${idArray(ids)}::int8[])`);
    const wanted = new Set(ids);
    const [owned, scores] = await Promise.all([
      loadItems(this.db, ids, (id) => wanted.has(id)),
      loadScores(this.db, ids),
    ]);
    return { pending, owned, scores };
  }

  /** Builds the rows' players and puts them into memory; returns how many went in. */
  private build(
    rows: readonly AccountPlayerRow[],
    { pending, owned, scores }: Extras,
    stale?: ReadonlySet<number>,
  ): number {
    let admitted = 0;
    for (const row of rows) {
      const id = row.id;
      if (this.loaded.has(id)) continue; // another caller loaded it while we awaited
      if (stale?.has(id)) continue; // loaded, changed and evicted since the row was read
      const p = this.fromRow(row, owned.get(id));
      for (const c of pending) if (c.playerId === id) applyCredit(p, fromCreditRow(c), undefined);
      rememberScores(p, scores.get(id) ?? new Map());
      // Scores written by older rules (or never): the next save writes them.
      if (scoresStale(p)) markDirty(p, Col.highestEnemy);
      this.loaded.set(id, p);
      this.opts.onLoaded(p);
      admitted++;
    }
    return admitted;
  }
}

/** The player is held by another live server process (several processes on one database). */
export class OwnedElsewhereError extends Error {
  override name = "OwnedElsewhereError";
  constructor(readonly ownerId: number) {
    super("the player is playing on another server");
  }
}
