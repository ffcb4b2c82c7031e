import {
  baseManaDust,
  createRng,
  disenchantYield,
  enemyFor,
  generateItem,
  LootId,
  type Rarity,
  Zone,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Db, openDatabase } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import { credits, items, players } from "../../src/db/schema";
import { fromItemRow } from "../../src/world/item-rows";
import { toItemRecord, upsertItems } from "../../src/world/player-writes";
import type { TestStore } from "./stores";

/** Opens the store's database while no server holds it (PGlite allows one process). */
export async function withDb<T>(store: TestStore, fn: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({
    databaseUrl: store.env.DATABASE_URL,
    dataDir: store.env.DATA_DIR,
  });
  try {
    return await fn(database.db);
  } finally {
    await database.close();
  }
}

/** Mana dust a won battle against Radiant Grove's first enemy pays a player without boosts. */
export const DUST_PER_KILL = Math.floor(baseManaDust(enemyFor(Zone.RadiantGrove, 1).level));

/** Puts `n` unequipped items into a stopped server's database for the player. */
export async function seedItems(
  db: Db,
  playerId: number,
  n: number,
  rarity: Rarity = 3,
): Promise<number[]> {
  const result = await db.execute(
    sql`select nextval('items_id_seq')::bigint as id from generate_series(1, ${n})`,
  );
  const ids = resultRows<{ id: string | number }>(result).map((r) => Number(r.id));
  const records = ids.map((id, i) =>
    JSON.stringify(
      toItemRecord({
        item: generateItem({ slot: (1 + (i % 8)) as 1, rarity, level: 5, id }, createRng(id)),
        ownerId: playerId,
        borrowerId: null,
        favorite: false,
        equipped: false,
      }),
    ),
  );
  await upsertItems(db, records);
  return ids;
}

export interface PlayerFacts {
  loot: Record<number, number>;
  kills: number;
  actionCounter: number;
}

/**
 * Everything of value the database holds: per loot id, the players' rows plus pending credits
 * plus what the existing items would disenchant into (so a disenchant or a move changes
 * nothing); the items that exist; each player's counters.
 */
export interface Ledger {
  value: Record<number, number>;
  items: Set<number>;
  players: Map<number, PlayerFacts>;
  kills: number;
}

export async function ledger(db: Db): Promise<Ledger> {
  const value: Record<number, number> = {};
  const add = (loot: Record<number, number>) => {
    for (const [key, amount] of Object.entries(loot)) {
      value[Number(key)] = (value[Number(key)] ?? 0) + Number(amount);
    }
  };
  const out: Ledger = { value, items: new Set(), players: new Map(), kills: 0 };
  for (const row of await db.select().from(players)) {
    add(row.loot);
    out.kills += row.kills;
    out.players.set(row.id, { loot: row.loot, kills: row.kills, actionCounter: row.actionCounter });
  }
  for (const row of await db.select().from(credits)) add(row.loot);
  for (const row of await db.select().from(items)) {
    out.items.add(row.id);
    add(disenchantYield(fromItemRow(row).item));
  }
  return out;
}

/** The dust a ledger holds beyond what the kills since `before` earned (0 when conserved). */
export function unexplainedDust(before: Ledger, after: Ledger): number {
  const dust = (l: Ledger) => l.value[LootId.ManaDust] ?? 0;
  return dust(after) - dust(before) - DUST_PER_KILL * (after.kills - before.kills);
}
