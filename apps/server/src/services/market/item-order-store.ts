import type { Item } from "@manaspire/game";
import { type SQL, sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../db/runner";
import type { OwnedItem } from "../../world/inventory";
import {
  heldItemFromRow,
  ITEM_FIELDS,
  itemFieldsOf,
  type RawHeldItem,
} from "../items/held-item-row";

/**
 * The equipment market's listings in the database (`item_orders`, see its schema): a listed
 * item's row lives there instead of in `items`. Every move between the two tables is one
 * statement, so an item is always in exactly one of them.
 */

/** Listings a search page shows. */
export const ITEM_PAGE = 25;
/** Most listings one player may have open (the protocol's my-orders list holds 100). */
export const MAX_LISTINGS = 100;

/** A listing with its item and seller. */
export interface ItemListing {
  id: number;
  sellerId: number;
  sellerName: string;
  unitPrice: number;
  item: Item;
  createdAt: number;
}

/** The search filters of spec 001 section 3 ("Item order"), already checked. */
export interface ItemSearch {
  minLevel?: number;
  maxLevel?: number;
  skill?: number;
  rarity?: number;
  slot?: number;
  /** Boosts the item must all have (boost, secondary and third). */
  boosts: number[];
  onlyInfused: boolean;
  /** 0..99 percent. */
  minQuality?: number;
  maxPrice?: number;
  /** The cursor: listings older than this one (ids fall with age). */
  lastOrder?: number;
}

interface RawListing extends RawHeldItem {
  id: string | number;
  seller_id: string | number;
  seller_name: string | null;
  unit_price: string | number;
  created_at: string | Date;
}

function toListing(r: RawListing): ItemListing {
  return {
    id: Number(r.id),
    sellerId: Number(r.seller_id),
    sellerName: r.seller_name ?? "",
    unitPrice: Number(r.unit_price),
    createdAt: new Date(r.created_at).getTime(),
    item: heldItemFromRow(r),
  };
}

const LISTING_COLUMNS = sql.raw(
  `o.id, o.item_id, o.seller_id, s.name as seller_name, o.unit_price, ${itemFieldsOf("o")}, o.created_at`,
);

/**
 * Lists an item: its row leaves `items` (when saved already; a fresh drop has none) and the
 * listing is written from the seller's memory, the newest state of the item.
 */
export async function insertListing(
  tx: Runner,
  sellerId: number,
  item: Item,
  unitPrice: number,
): Promise<number> {
  await tx.execute(sql`delete from items where id = ${item.id}`);
  const rows = await tx.execute(sql`
    insert into item_orders (item_id, seller_id, unit_price, ${sql.raw(ITEM_FIELDS)}, boost_ids)
    values (${item.id}, ${sellerId}, ${unitPrice}, ${item.name}, ${item.level}, ${item.rarity},
      ${item.slot}, ${JSON.stringify(item.boosts)}::jsonb, ${JSON.stringify(item.rolls)}::jsonb,
      ${item.infusions}, ${item.quality}, ${item.element ?? null}, ${item.skill ?? null},
      ${`{${Object.keys(item.boosts).join(",")}}`}::int2[])
    returning id`);
  const [row] = resultRows<{ id: string | number }>(rows);
  if (!row) throw new Error("listing insert returned nothing");
  return Number(row.id);
}

/** How many listings the seller has open. */
export async function listingCount(tx: Runner, sellerId: number): Promise<number> {
  const rows = await tx.execute(
    sql`select count(*)::int as n from item_orders where seller_id = ${sellerId}`,
  );
  return Number(resultRows<{ n: number }>(rows)[0]?.n ?? 0);
}

/** One listing, or undefined. */
export async function listingById(db: Runner, id: number): Promise<ItemListing | undefined> {
  const rows = await db.execute(sql`
    select ${LISTING_COLUMNS} from item_orders o left join players s on s.id = o.seller_id
    where o.id = ${id}`);
  const [row] = resultRows<RawListing>(rows);
  return row ? toListing(row) : undefined;
}

/** A seller's listings, newest first. */
export async function listingsOf(db: Runner, sellerId: number): Promise<ItemListing[]> {
  const rows = await db.execute(sql`
    select ${LISTING_COLUMNS} from item_orders o left join players s on s.id = o.seller_id
    where o.seller_id = ${sellerId} order by o.id desc limit ${MAX_LISTINGS}`);
  return resultRows<RawListing>(rows).map(toListing);
}

/** The listings of these items (chat links and tooltips of listed items). */
export async function listingsOfItems(
  db: Runner,
  itemIds: readonly number[],
): Promise<ItemListing[]> {
  const rows = await db.execute(sql`
    select ${LISTING_COLUMNS} from item_orders o left join players s on s.id = o.seller_id
    where o.item_id = any(${`{${itemIds.join(",")}}`}::int8[])`);
  return resultRows<RawListing>(rows).map(toListing);
}

/** One page of the search, newest first, plus whether more follow. */
export async function searchListings(
  db: Runner,
  f: ItemSearch,
): Promise<{ listings: ItemListing[]; hasMore: boolean }> {
  const where: SQL[] = [];
  if (f.minLevel !== undefined) where.push(sql`o.level >= ${f.minLevel}`);
  if (f.maxLevel !== undefined) where.push(sql`o.level <= ${f.maxLevel}`);
  if (f.skill !== undefined) where.push(sql`o.skill = ${f.skill}`);
  if (f.rarity !== undefined) where.push(sql`o.rarity = ${f.rarity}`);
  if (f.slot !== undefined) where.push(sql`o.slot = ${f.slot}`);
  if (f.boosts.length > 0) where.push(sql`o.boost_ids @> ${`{${f.boosts.join(",")}}`}::int2[]`);
  if (f.onlyInfused) where.push(sql`o.infusions > 0`);
  if (f.minQuality !== undefined && f.minQuality > 0) {
    where.push(sql`o.quality >= ${f.minQuality / 100}`);
  }
  if (f.maxPrice !== undefined) where.push(sql`o.unit_price <= ${f.maxPrice}`);
  if (f.lastOrder !== undefined) where.push(sql`o.id < ${f.lastOrder}`);
  const rows = await db.execute(sql`
    select ${LISTING_COLUMNS} from item_orders o left join players s on s.id = o.seller_id
    ${where.length > 0 ? sql`where ${sql.join(where, sql` and `)}` : sql``}
    order by o.id desc limit ${ITEM_PAGE + 1}`);
  const all = resultRows<RawListing>(rows).map(toListing);
  return { listings: all.slice(0, ITEM_PAGE), hasMore: all.length > ITEM_PAGE };
}

/**
 * Closes a listing and puts its item back in `items` as `newOwner`'s, unequipped and not a
 * favourite, in one statement. `where` narrows which listing may close (the seller's own for a
 * withdrawal; at the price seen and not the buyer's own for a purchase). Returns the listing
 * as it was, or undefined when none matched (then nothing changed).
 */
export async function closeListing(
  tx: Runner,
  id: number,
  newOwner: number,
  where: SQL,
): Promise<ItemListing | undefined> {
  const fields = sql.raw(ITEM_FIELDS);
  const rows = await tx.execute(sql`
    with o as (
      delete from item_orders o where o.id = ${id} and ${where} returning o.*
    ), moved as (
      insert into items (id, owner_id, borrower_id, ${fields}, favorite, equipped)
      select item_id, ${newOwner}, null, ${fields}, false, false from o
      returning id
    )
    select ${LISTING_COLUMNS} from o left join players s on s.id = o.seller_id
    where exists (select 1 from moved)`); // (the insert runs either way; this only reads it)
  const [row] = resultRows<RawListing>(rows);
  return row ? toListing(row) : undefined;
}

/** Sets a listing's price (the seller's own only); whether it was theirs and open. */
export async function setListingPrice(
  db: Runner,
  id: number,
  sellerId: number,
  unitPrice: number,
): Promise<boolean> {
  const rows = await db.execute(sql`
    update item_orders set unit_price = ${unitPrice}
    where id = ${id} and seller_id = ${sellerId} returning id`);
  return resultRows(rows).length > 0;
}

/** The item of a listing as an owned item of `ownerId` (unequipped, not a favourite). */
export function ownedFrom(listing: ItemListing, ownerId: number): OwnedItem {
  return { item: listing.item, ownerId, borrowerId: null, favorite: false, equipped: false };
}
