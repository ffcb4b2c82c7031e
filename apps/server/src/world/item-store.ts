import { eq, getTableColumns, inArray, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { items, players } from "../db/schema";
import { isGuildLoan } from "./inventory";
import { fromItemRow } from "./item-rows";
import type { LoadedItems } from "./loaded-player";

interface MutableItems {
  held: LoadedItems["held"][number][];
  lentOut: LoadedItems["lentOut"][number][];
}

/** The item columns memory holds (not `created_at`: parsing it is wasted work). */
const { createdAt: _created, ...itemColumns } = getTableColumns(items);

/** Ids as one PostgreSQL array literal parameter (`'{1,2,3}'`). */
export function idArray(ids: readonly number[]): string {
  return `{${ids.join(",")}}`;
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
    .select({ item: itemColumns, borrowerName: players.name })
    .from(items)
    .leftJoin(players, eq(players.id, items.borrowerId))
    .where(
      Array.isArray(playerIds)
        ? // One array parameter, not one per id: thousands of ids plan and bind much faster.
          sql`${items.ownerId} = any(${idArray(playerIds)}::int8[]) or ${items.borrowerId} = any(${idArray(playerIds)}::int8[])`
        : or(inArray(items.ownerId, playerIds), inArray(items.borrowerId, playerIds)),
    );
  for (const row of rows) {
    const owned = fromItemRow(row.item);
    const holder = owned.borrowerId ?? owned.ownerId;
    if (isLoaded(holder)) entry(holder).held.push(owned);
    // A guild loan (owner = borrower) is held, never lent out by its holder.
    if (owned.borrowerId !== null && !isGuildLoan(owned) && isLoaded(owned.ownerId)) {
      entry(owned.ownerId).lentOut.push({
        owned: { ...owned },
        borrowerName: row.borrowerName ?? "",
      });
    }
  }
  return out;
}
