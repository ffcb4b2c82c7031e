import { type MarketSide, oppositeSide, type RestingOrder } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../world/player-writes";

/**
 * The order books in the database (issue 9). Everything that changes a book runs in a
 * transaction that first takes the book's advisory lock (`lockBook`), so matching, resting,
 * editing and cancelling on one item are serialised across every server process: two
 * opposite orders placed at once on two processes cannot both rest and cross the book.
 */

/** The advisory lock class of the order books (the second key is the loot id). */
const BOOK_LOCK = 9_001;
/** An incoming order trades with at most this many resting orders. */
export const MAX_FILLS = 500;

export interface OrderRow extends RestingOrder {
  lootId: number;
  side: MarketSide;
  createdAt: number;
}

/** A resting order with its owner's name (for the trade's log lines). */
export interface NamedOrder extends OrderRow {
  playerName: string;
}

interface RawOrder {
  id: string | number;
  player_id: string | number;
  loot_id: number;
  side: number;
  quantity: string | number;
  unit_price: string | number;
  created_at: string | Date;
}

function toOrder(r: RawOrder): OrderRow {
  return {
    id: Number(r.id),
    playerId: Number(r.player_id),
    lootId: Number(r.loot_id),
    side: Number(r.side) as MarketSide,
    quantity: Number(r.quantity),
    unitPrice: Number(r.unit_price),
    createdAt: new Date(r.created_at).getTime(),
  };
}

const ORDER_COLUMNS = sql.raw("id, player_id, loot_id, side, quantity, unit_price, created_at");

/** Holds the item's book until the transaction ends. */
export async function lockBook(tx: Runner, lootId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOK_LOCK}::int4, ${lootId}::int4)`);
}

/**
 * The resting orders an incoming order on `side` may trade with, best first, locked: the
 * opposite side, crossing `limit` (null: any price). As many as `quantity` units could fill
 * (each resting order holds at least one), at most `MAX_FILLS`, plus the player's own (one
 * per item), which matching skips.
 */
export async function crossingOrders(
  tx: Runner,
  lootId: number,
  side: MarketSide,
  limit: number | null,
  quantity: number,
): Promise<NamedOrder[]> {
  const resting = oppositeSide(side);
  const sellSide = resting === 2;
  const price =
    limit === null
      ? sql``
      : sellSide
        ? sql`and o.unit_price <= ${limit}`
        : sql`and o.unit_price >= ${limit}`;
  const order = sellSide ? sql`o.unit_price asc, o.id asc` : sql`o.unit_price desc, o.id asc`;
  const rows = await tx.execute(sql`
    select o.id, o.player_id, o.loot_id, o.side, o.quantity, o.unit_price, o.created_at,
      p.name as player_name
    from market_orders o join players p on p.id = o.player_id
    where o.loot_id = ${lootId} and o.side = ${resting} ${price}
    order by ${order}
    limit ${Math.min(MAX_FILLS, quantity) + 1}
    for update of o`);
  return resultRows<RawOrder & { player_name: string }>(rows).map((r) => ({
    ...toOrder(r),
    playerName: r.player_name,
  }));
}

/** Takes each fill's quantity off its resting order, deleting those emptied: one statement. */
export async function takeFills(
  tx: Runner,
  fills: ReadonlyArray<{ orderId: number; quantity: number }>,
): Promise<void> {
  if (fills.length === 0) return;
  await tx.execute(sql`
    with f as (
      select * from jsonb_to_recordset(${JSON.stringify(
        fills.map((f) => ({ id: f.orderId, q: f.quantity })),
      )}::jsonb) as f(id int8, q int8)
    ), emptied as (
      delete from market_orders o using f where o.id = f.id and f.q >= o.quantity returning o.id
    )
    update market_orders o set quantity = o.quantity - f.q
    from f where o.id = f.id and f.q < o.quantity`);
}

/** The best price on one side of a book, if any order rests there. */
export async function bestPrice(
  tx: Runner,
  lootId: number,
  side: MarketSide,
): Promise<number | undefined> {
  const rows = await tx.execute(sql`
    select ${side === 2 ? sql`min(unit_price)` : sql`max(unit_price)`} as price
    from market_orders where loot_id = ${lootId} and side = ${side}`);
  const price = resultRows<{ price: string | number | null }>(rows)[0]?.price;
  return price === null || price === undefined ? undefined : Number(price);
}

/** The player's open order on an item, if any (locked when inside a transaction). */
export async function ownOrder(
  tx: Runner,
  playerId: number,
  lootId: number,
): Promise<OrderRow | undefined> {
  const rows = await tx.execute(sql`
    select ${ORDER_COLUMNS} from market_orders
    where player_id = ${playerId} and loot_id = ${lootId} for update`);
  const [row] = resultRows<RawOrder>(rows);
  return row ? toOrder(row) : undefined;
}

/** An order by id, whoever owns it. */
export async function orderById(tx: Runner, id: number): Promise<OrderRow | undefined> {
  const rows = await tx.execute(sql`select ${ORDER_COLUMNS} from market_orders where id = ${id}`);
  const [row] = resultRows<RawOrder>(rows);
  return row ? toOrder(row) : undefined;
}

/** The player's open orders, newest first. */
export async function ordersOf(tx: Runner, playerId: number): Promise<OrderRow[]> {
  const rows = await tx.execute(sql`
    select ${ORDER_COLUMNS} from market_orders where player_id = ${playerId} order by id desc`);
  return resultRows<RawOrder>(rows).map(toOrder);
}

/** Puts an order on the book; returns it. */
export async function restOrder(
  tx: Runner,
  o: { playerId: number; lootId: number; side: MarketSide; quantity: number; unitPrice: number },
): Promise<OrderRow> {
  const rows = await tx.execute(sql`
    insert into market_orders (player_id, loot_id, side, quantity, unit_price)
    values (${o.playerId}, ${o.lootId}, ${o.side}, ${o.quantity}, ${o.unitPrice})
    returning ${ORDER_COLUMNS}`);
  const [row] = resultRows<RawOrder>(rows);
  if (!row) throw new Error("order insert returned nothing");
  return toOrder(row);
}

/**
 * Changes a resting order's quantity if it still has `expected` (a trade may have taken part of
 * it meanwhile); false when it did not.
 */
export async function setOrderQuantity(
  tx: Runner,
  order: OrderRow,
  expected: number,
  quantity: number,
): Promise<boolean> {
  const rows = await tx.execute(sql`
    update market_orders set quantity = ${quantity}
    where id = ${order.id} and player_id = ${order.playerId} and quantity = ${expected}
    returning id`);
  return resultRows(rows).length === 1;
}

/** Removes the player's order; returns what it held, or undefined when it is not theirs. */
export async function removeOrder(
  tx: Runner,
  id: number,
  playerId: number,
): Promise<OrderRow | undefined> {
  const rows = await tx.execute(sql`
    delete from market_orders where id = ${id} and player_id = ${playerId}
    returning ${ORDER_COLUMNS}`);
  const [row] = resultRows<RawOrder>(rows);
  return row ? toOrder(row) : undefined;
}

export interface LastCancelRow {
  cancelledAt: number;
  placedAt: number;
}

export async function lastCancel(
  tx: Runner,
  playerId: number,
  lootId: number,
): Promise<LastCancelRow | undefined> {
  const rows = await tx.execute(sql`
    select cancelled_at, placed_at from market_cancels
    where player_id = ${playerId} and loot_id = ${lootId}`);
  const [row] = resultRows<{ cancelled_at: string | Date; placed_at: string | Date }>(rows);
  return row
    ? {
        cancelledAt: new Date(row.cancelled_at).getTime(),
        placedAt: new Date(row.placed_at).getTime(),
      }
    : undefined;
}

export async function recordCancel(tx: Runner, order: OrderRow, now: number): Promise<void> {
  await tx.execute(sql`
    insert into market_cancels (player_id, loot_id, cancelled_at, placed_at)
    values (${order.playerId}, ${order.lootId}, ${new Date(now).toISOString()}::timestamptz,
      ${new Date(order.createdAt).toISOString()}::timestamptz)
    on conflict (player_id, loot_id) do update
      set cancelled_at = excluded.cancelled_at, placed_at = excluded.placed_at`);
}
