import { eq, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { items, players } from "../db/schema";
import type { InventoryChanges } from "./inventory";
import { fromItemRow, toItemRow } from "./item-rows";
import type { LoadedItems } from "./loaded-player";

/** Item rows per bulk statement: 15 columns x 1000 rows stays far under 65535 parameters. */
const ITEM_CHUNK = 1000;

/** Columns an item upsert replaces (everything but id and created_at). */
const itemColumns = {
  ownerId: sql`excluded.owner_id`,
  borrowerId: sql`excluded.borrower_id`,
  name: sql`excluded.name`,
  level: sql`excluded.level`,
  rarity: sql`excluded.rarity`,
  slot: sql`excluded.slot`,
  boosts: sql`excluded.boosts`,
  rolls: sql`excluded.rolls`,
  infusions: sql`excluded.infusions`,
  quality: sql`excluded.quality`,
  element: sql`excluded.element`,
  skill: sql`excluded.skill`,
  favorite: sql`excluded.favorite`,
  equipped: sql`excluded.equipped`,
};

interface MutableItems {
  held: LoadedItems["held"][number][];
  lentOut: LoadedItems["lentOut"][number][];
}

/** The database or an open transaction. */
type Runner = Pick<Db, "select" | "insert" | "delete" | "update">;

/**
 * The items of the players matched by `playerIds` (a list, or a parenthesised subquery):
 * what each holds (own items not lent, and items lent to them) and what each has lent out.
 * `isLoaded` says which ids the caller is loading.
 */
export async function loadItems(
  db: Runner,
  playerIds: number[] | SQL,
  isLoaded: (id: number) => boolean,
): Promise<Map<number, LoadedItems>> {
  const out = new Map<number, MutableItems>();
  const entry = (id: number): MutableItems => {
    let e = out.get(id);
    if (!e) {
      e = { held: [], lentOut: [] };
      out.set(id, e);
    }
    return e;
  };
  if (Array.isArray(playerIds) && playerIds.length === 0) return out;
  const rows = await db
    .select({ item: items, borrowerName: players.name })
    .from(items)
    .leftJoin(players, eq(players.id, items.borrowerId))
    .where(or(inArray(items.ownerId, playerIds), inArray(items.borrowerId, playerIds)));
  for (const row of rows) {
    const owned = fromItemRow(row.item);
    const holder = owned.borrowerId ?? owned.ownerId;
    if (isLoaded(holder)) entry(holder).held.push(owned);
    if (owned.borrowerId !== null && isLoaded(owned.ownerId)) {
      entry(owned.ownerId).lentOut.push({
        owned: { ...owned },
        borrowerName: row.borrowerName ?? "",
      });
    }
  }
  return out;
}

/** Writes item changes in bulk: upserts, then deletes (inside the flush's transaction). */
export async function writeItemChanges(db: Runner, changes: InventoryChanges[]): Promise<void> {
  const rows = changes.flatMap((c) => c.upserts.map(toItemRow));
  for (let i = 0; i < rows.length; i += ITEM_CHUNK) {
    await db
      .insert(items)
      .values(rows.slice(i, i + ITEM_CHUNK))
      .onConflictDoUpdate({ target: items.id, set: itemColumns });
  }
  const deletes = changes.flatMap((c) => c.deletes);
  for (let i = 0; i < deletes.length; i += ITEM_CHUNK) {
    await db.delete(items).where(inArray(items.id, deletes.slice(i, i + ITEM_CHUNK)));
  }
}

/** Writes one item row as it is in memory now (a move between players, in its transaction). */
export async function writeItemRow(db: Runner, row: ReturnType<typeof toItemRow>): Promise<void> {
  await db.insert(items).values(row).onConflictDoUpdate({ target: items.id, set: itemColumns });
}
