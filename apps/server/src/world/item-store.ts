import { setImmediate as nextTurn } from "node:timers/promises";
import { getTableColumns, sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import { items } from "../db/schema";
import { isGuildLoan } from "./inventory";
import { fromItemRow } from "./item-rows";
import type { LoadedItems } from "./loaded-player";

interface MutableItems {
  held: LoadedItems["held"][number][];
  lentOut: LoadedItems["lentOut"][number][];
}

/**
 * The item columns memory holds (not `created_at`: parsing it is wasted work), as the select
 * list of a row whose JSON keys are the schema's property names (`owner_id as "ownerId"`).
 */
const itemSelect = Object.entries(getTableColumns(items))
  .filter(([key]) => key !== "createdAt")
  .map(([key, column]) => `i.${column.name} as "${key}"`)
  .join(", ");

/** Ids as one PostgreSQL array literal parameter (`'{1,2,3}'`). */
export function idArray(ids: readonly number[]): string {
  return `{${ids.join(",")}}`;
}

/** Players whose items make one JSON text of `loadItems` (parsed in one piece). */
const ITEM_SLICE = 100;

/** An item row as `loadItems` reads it, with the borrower's name. */
type ItemJson = Parameters<typeof fromItemRow>[0] & { borrowerName: string | null };

/**
 * The items of the players `playerIds`:
 * what each holds (own items not lent, and items lent to them) and what each has lent out.
 * `isLoaded` says which ids the caller is loading.
 */
export async function loadItems(
  db: Pick<Runner, "execute">,
  playerIds: readonly number[],
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
  if (playerIds.length === 0) return out;
  // One JSON text for each slice of the rows: a single JSON.parse is several times cheaper than
  // the driver's per-column parsing and the ORM's mapping, and its maps come out compact
  // (fromItemRow keeps them); PGlite's worker thread hands over strings, not a cloned graph.
  // One array parameter, not one per id: thousands of ids plan and bind much faster. The rows
  // come in one query (one scan of `items` even without planner statistics), split by item id
  // into texts of about ITEM_SLICE players' items, each parsed on its own turn of the event
  // loop: 8,000 items parsed at once held it for 35-120 ms on a 2-core machine (2026-11-29).
  const ids = idArray(playerIds);
  const slices = Math.ceil(playerIds.length / ITEM_SLICE);
  const texts = resultRows<{ items_json: string }>(
    await db.execute(sql`
      select json_agg(r)::text as items_json from (
        select ${sql.raw(itemSelect)}, b.name as "borrowerName"
        from items i left join players b on b.id = i.borrower_id
        where i.owner_id = any(${ids}::int8[]) or i.borrower_id = any(${ids}::int8[])) r
      group by r.id % ${slices}`),
  );
  for (const [k, { items_json }] of texts.entries()) {
    if (k > 0) await nextTurn();
    for (const row of JSON.parse(items_json) as ItemJson[]) {
      const owned = fromItemRow(row);
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
  }
  return out;
}
