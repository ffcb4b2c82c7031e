import { and, eq, getTableColumns, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { resultRows } from "../db/runner";
import { accounts, credits, type PlayerRow, players } from "../db/schema";
import { applyCredit, fromCreditRow } from "./credits";
import { idArray, loadItems } from "./item-store";
import { loadScores, rememberScores, scoresStale } from "./leaderboard-scores";
import { fromRow, type LoadedItems, type LoadedPlayer } from "./loaded-player";
import type { Ownership } from "./ownership";
import { Col, markDirty } from "./player-columns";

/** A player's role from their name and their stored `accounts.role`. */
export type RoleOf = (name: string, storedRole: number) => number;

interface AccountPlayerRow {
  player: Omit<PlayerRow, "createdAt" | "updatedAt">;
  guest: boolean;
  banned: boolean;
  role: number;
  referrerId: number | null;
}

/** Players per query when loading the acting players at start. */
const LOAD_BATCH = 250;

/** The player columns memory holds (not the timestamps: parsing them is wasted work). */
const { createdAt: _created, updatedAt: _updated, ...playerColumns } = getTableColumns(players);

const accountColumns = {
  player: playerColumns,
  guest: accounts.guest,
  banned: accounts.banned,
  role: accounts.role,
  referrerId: accounts.referrerId,
};

/**
 * Brings players from the database into the store's memory (`loaded`): one on demand (`get`,
 * when a socket signs in or a feature needs them), or every acting player at start
 * (`loadActive`), with their items, pending credits and leaderboard scores. With ownership, a
 * player is claimed for this process before its row is read.
 */
export class PlayerLoader {
  private readonly loading = new Map<number, Promise<LoadedPlayer | undefined>>();
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
    const role = this.roleOf(row.player.name, row.role);
    const account = { guest: row.guest, banned: row.banned, role, referrerId: row.referrerId };
    return fromRow(row.player, account, items);
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
    const active = and(gt(players.actions, 0), ne(players.actionType, 0));
    this.evicted = new Set();
    try {
      return await this.loadBatches(active, onBatch, stopped);
    } finally {
      this.evicted = null;
    }
  }

  private async loadBatches(
    active: ReturnType<typeof and>,
    onBatch: ((loaded: number) => void) | undefined,
    stopped: () => boolean,
  ): Promise<number> {
    let after = 0;
    let total = 0;
    const own = this.opts.ownership;
    while (!stopped()) {
      let rows: AccountPlayerRow[];
      let full: boolean;
      if (own) {
        // Claim a batch of free acting players, then read them: they are ours from now on.
        const claimed = resultRows<{ id: string | number }>(
          await this.db.execute(sql`
            update players set owner_id = ${own.id} where id in (
              select p.id from players p join accounts a on a.id = p.account_id
              where p.actions > 0 and p.action_type <> 0 and not a.banned and p.id > ${after}
                and ${own.claimable(sql.raw("p"))}
              order by p.id limit ${LOAD_BATCH} for update of p skip locked)
            returning id`),
        ).map((r) => Number(r.id));
        if (claimed.length === 0) break;
        after = Math.max(...claimed);
        full = claimed.length === LOAD_BATCH;
        rows = await this.db
          .select(accountColumns)
          .from(players)
          .innerJoin(accounts, eq(accounts.id, players.accountId))
          .where(sql`${players.id} = any(${idArray(claimed)}::int8[])`);
      } else {
        rows = await this.db
          .select(accountColumns)
          .from(players)
          .innerJoin(accounts, eq(accounts.id, players.accountId))
          .where(and(active, gt(players.id, after), eq(accounts.banned, false)))
          .orderBy(players.id)
          .limit(LOAD_BATCH);
        if (rows.length === 0) break;
        after = rows[rows.length - 1]!.player.id;
        full = rows.length === LOAD_BATCH;
      }
      const stale = this.evicted ?? undefined;
      const fresh = rows.filter((r) => !this.loaded.has(r.player.id) && !stale?.has(r.player.id));
      total += await this.admit(
        fresh,
        fresh.map((r) => r.player.id),
        stale,
      );
      onBatch?.(total);
      if (!full) break;
    }
    return total;
  }

  /** The loaded player, loading it from the database if needed; undefined if it does not exist. */
  get(id: number): Promise<LoadedPlayer | undefined> {
    const cached = this.loaded.get(id);
    if (cached) return Promise.resolve(cached);
    let pending = this.loading.get(id);
    if (!pending) {
      pending = this.load(id).finally(() => this.loading.delete(id));
      this.loading.set(id, pending);
    }
    return pending;
  }

  private async load(id: number): Promise<LoadedPlayer | undefined> {
    const own = this.opts.ownership;
    if (own) {
      const claimed = await this.db.execute(sql`
        update players set owner_id = ${own.id}
        where id = ${id} and ${own.claimable()} returning id`);
      if (resultRows(claimed).length === 0) {
        const exists = await this.db
          .select({ id: players.id, ownerId: players.ownerId })
          .from(players)
          .where(eq(players.id, id));
        if (exists.length === 0) return undefined;
        throw new OwnedElsewhereError(exists[0]?.ownerId ?? 0);
      }
    }
    const rows = await this.db
      .select(accountColumns)
      .from(players)
      .innerJoin(accounts, eq(accounts.id, players.accountId))
      .where(eq(players.id, id));
    if (rows.length === 0) return undefined;
    await this.admit(rows, [id]);
    return this.loaded.get(id);
  }

  /**
   * Puts rows into memory with their items and pending credits. Credits are read before the
   * items: a credit's item moved in the same transaction as the credit was written, so every
   * credit seen here has its item in the item query (later credits arrive by the sweep).
   */
  private async admit(
    rows: AccountPlayerRow[],
    ids: number[],
    stale?: ReadonlySet<number>,
  ): Promise<number> {
    if (ids.length === 0) return 0;
    const pending = await this.db
      .select()
      .from(credits)
      .where(sql`${credits.playerId} = any(${idArray(ids)}::int8[])`);
    const wanted = new Set(ids);
    const owned = await loadItems(this.db, ids, (id) => wanted.has(id));
    const scores = await loadScores(this.db, ids);
    let admitted = 0;
    for (const row of rows) {
      const id = row.player.id;
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
