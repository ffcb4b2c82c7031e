import { and, eq, gt, ne, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { accounts, type PlayerRow, players } from "../db/schema";
import type { InventoryChanges } from "./inventory";
import { loadItems, writeItemChanges } from "./item-store";
import { fromRow, type LoadedItems, type LoadedPlayer, toRow } from "./loaded-player";

/** A player's role from their name and their stored `accounts.role`. */
export type RoleOf = (name: string, storedRole: number) => number;

interface AccountPlayerRow {
  player: PlayerRow;
  guest: boolean;
  role: number;
}

/** Rows per bulk statement: 28 columns x 1000 rows stays under PostgreSQL's 65535 parameters. */
const FLUSH_CHUNK = 1000;

const flushedColumns = {
  battleXp: sql`excluded.battle_xp`,
  miningXp: sql`excluded.mining_xp`,
  fishingXp: sql`excluded.fishing_xp`,
  woodcuttingXp: sql`excluded.woodcutting_xp`,
  zone: sql`excluded.zone`,
  enemy: sql`excluded.enemy`,
  magicType: sql`excluded.magic_type`,
  actionType: sql`excluded.action_type`,
  actions: sql`excluded.actions`,
  kills: sql`excluded.kills`,
  deaths: sql`excluded.deaths`,
  currentEnemyKills: sql`excluded.current_enemy_kills`,
  currentEnemyDeaths: sql`excluded.current_enemy_deaths`,
  battleQuestProgress: sql`excluded.battle_quest_progress`,
  battleQuestCompleted: sql`excluded.battle_quest_completed`,
  gatherQuestProgress: sql`excluded.gather_quest_progress`,
  gatherQuestCompleted: sql`excluded.gather_quest_completed`,
  actionCounter: sql`excluded.action_counter`,
  boosts: sql`excluded.boosts`,
  loot: sql`excluded.loot`,
  preferences: sql`excluded.preferences`,
  lootTracker: sql`excluded.loot_tracker`,
  sigil: sql`excluded.sigil`,
  title: sql`excluded.title`,
  titleColor: sql`excluded.title_color`,
  updatedAt: sql`now()`,
};

/**
 * Holds loaded players (with their items) in memory and writes their changes back in batches:
 * every dirty player row and every changed item in one transaction per flush. Worst-case loss
 * on a crash is what changed since the last successful flush. Moves between players run through
 * `exclusive`, which never overlaps a flush.
 */
export class PlayerStore {
  readonly loaded = new Map<number, LoadedPlayer>();
  /** Items created since the last flush (id → holder), so lookups find them before their row. */
  readonly newItems = new Map<number, number>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly loading = new Map<number, Promise<LoadedPlayer | undefined>>();

  /**
   * @param roleOf the role a loaded player has, from their name and stored `accounts.role`
   *   (the operator's `ADMIN_NAMES` / `MODERATOR_NAMES`); the stored role by default.
   */
  constructor(
    private readonly db: Db,
    private readonly roleOf: RoleOf = (_name, storedRole) => storedRole,
  ) {}

  private fromRow(row: AccountPlayerRow, items: LoadedItems | undefined): LoadedPlayer {
    const role = this.roleOf(row.player.name, row.role);
    return fromRow(row.player, { guest: row.guest, role }, items);
  }

  /** Loads every player who still has actions to spend, so the world keeps them acting. */
  async loadActive(): Promise<number> {
    const active = and(gt(players.actions, 0), ne(players.actionType, 0));
    const rows = await this.db
      .select({ player: players, guest: accounts.guest, role: accounts.role })
      .from(players)
      .innerJoin(accounts, eq(accounts.id, players.accountId))
      .where(active);
    const ids = new Set(rows.map((r) => r.player.id));
    const owned = await loadItems(
      this.db,
      sql`(select ${players.id} from ${players} where ${active})`,
      (id) => ids.has(id),
    );
    for (const row of rows) {
      if (!this.loaded.has(row.player.id)) {
        this.loaded.set(row.player.id, this.fromRow(row, owned.get(row.player.id)));
      }
    }
    return rows.length;
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
    const rows = await this.db
      .select({ player: players, guest: accounts.guest, role: accounts.role })
      .from(players)
      .innerJoin(accounts, eq(accounts.id, players.accountId))
      .where(eq(players.id, id));
    const row = rows[0];
    if (!row) return undefined;
    const owned = await loadItems(this.db, [id], (x) => x === id);
    // Another caller may have loaded it while we awaited.
    const raced = this.loaded.get(id);
    if (raced) return raced;
    const player = this.fromRow(row, owned.get(id));
    this.loaded.set(id, player);
    return player;
  }

  /** Drops players nobody is watching and who no longer act, once they are saved. */
  evictIdle(isWatched: (id: number) => boolean): number {
    let evicted = 0;
    for (const [id, p] of this.loaded) {
      if (p.dirty || p.busy > 0 || p.inventory.hasChanges || isWatched(id)) continue;
      if (p.actions > 0 && p.actionType !== 0) continue;
      this.loaded.delete(id);
      evicted++;
    }
    return evicted;
  }

  /** Writes every dirty player and their item changes; returns how many players were written. */
  flush(): Promise<number> {
    return this.serial(() => this.flushNow());
  }

  /**
   * Runs `fn` (a move of value between players, with its own transaction) after any flush in
   * progress and before the next one, so a flush never writes a half-done move.
   */
  exclusive<T>(fn: () => Promise<T>): Promise<T> {
    return this.serial(fn);
  }

  private serial<T>(fn: () => Promise<T>): Promise<T> {
    // One at a time; a caller arriving mid-flush waits for it, then runs.
    const run = this.tail.then(fn);
    this.tail = run.catch(() => undefined);
    return run;
  }

  private async flushNow(): Promise<number> {
    const batch: LoadedPlayer[] = [];
    const itemChanges: Array<{ p: LoadedPlayer; changes: InventoryChanges }> = [];
    for (const p of this.loaded.values()) {
      if (p.dirty) {
        p.dirty = false;
        batch.push(p);
      }
      if (p.inventory.hasChanges) itemChanges.push({ p, changes: p.inventory.takeChanges() });
    }
    if (batch.length === 0 && itemChanges.length === 0) return 0;
    const rows = batch.map((p) => snapshot(p));
    try {
      await this.db.transaction(async (tx) => {
        for (let i = 0; i < rows.length; i += FLUSH_CHUNK) {
          await tx
            .insert(players)
            .values(rows.slice(i, i + FLUSH_CHUNK))
            .onConflictDoUpdate({ target: players.id, set: flushedColumns });
        }
        await writeItemChanges(
          tx,
          itemChanges.map((c) => c.changes),
        );
      });
    } catch (err) {
      for (const p of batch) p.dirty = true;
      for (const { p, changes } of itemChanges) p.inventory.restoreChanges(changes);
      throw err;
    }
    for (const { changes } of itemChanges) {
      for (const o of changes.upserts) this.newItems.delete(o.item.id);
      for (const id of changes.deletes) this.newItems.delete(id);
    }
    return batch.length;
  }
}

/** A copy of the row as it is now, so later ticks cannot change what is being written. */
function snapshot(p: LoadedPlayer) {
  const row = toRow(p);
  return {
    ...row,
    boosts: { ...row.boosts },
    loot: { ...row.loot },
    preferences: { ...row.preferences },
    lootTracker: row.lootTracker.slice(),
    sigil: { ...row.sigil },
  };
}
