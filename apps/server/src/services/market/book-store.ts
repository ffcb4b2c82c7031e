import type { MarketSide, RestingOrder } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../db/runner";

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

export async function recordCancel(tx: Runner, order: OrderRow, now: number): Promise<void> {
  await tx.execute(sql`
    insert into market_cancels (player_id, loot_id, cancelled_at, placed_at)
    values (${order.playerId}, ${order.lootId}, ${new Date(now).toISOString()}::timestamptz,
      ${new Date(order.createdAt).toISOString()}::timestamptz)
    on conflict (player_id, loot_id) do update
      set cancelled_at = excluded.cancelled_at, placed_at = excluded.placed_at`);
}

/** Holds several books until the transaction ends, taken in loot id order. */
export async function lockBooks(tx: Runner, lootIds: readonly number[]): Promise<void> {
  const ids = [...new Set(lootIds)].sort((a, b) => a - b);
  await tx.execute(sql`
    select pg_advisory_xact_lock(${BOOK_LOCK}::int4, l)
    from (select unnest(${`{${ids.join(",")}}`}::int4[]) as l order by 1) as books`);
}

/** What the checks of a priced order need: its player's open order, last cancel, best price. */
export interface OrderFacts {
  own: boolean;
  last: LastCancelRow | undefined;
  /** The best price on the order's own side. */
  best: number | undefined;
}

/** The facts of several priced orders in one statement, in the order given. */
export async function checksFor(
  tx: Runner,
  orders: ReadonlyArray<{ playerId: number; lootId: number; side: MarketSide }>,
): Promise<OrderFacts[]> {
  const rows = await tx.execute(sql`
    select r.i,
      exists (select 1 from market_orders o where o.player_id = r.p and o.loot_id = r.l) as own,
      c.cancelled_at, c.placed_at,
      case when r.s = 2
        then (select min(unit_price) from market_orders o where o.loot_id = r.l and o.side = 2)
        else (select max(unit_price) from market_orders o where o.loot_id = r.l and o.side = 1)
      end as best
    from jsonb_to_recordset(${JSON.stringify(
      orders.map((o, i) => ({ i, p: o.playerId, l: o.lootId, s: o.side })),
    )}::jsonb) as r(i int4, p int8, l int2, s int2)
    left join market_cancels c on c.player_id = r.p and c.loot_id = r.l
    order by r.i`);
  return resultRows<{
    own: boolean;
    cancelled_at: string | Date | null;
    placed_at: string | Date | null;
    best: string | number | null;
  }>(rows).map((r) => ({
    own: r.own === true || String(r.own) === "true",
    last:
      r.cancelled_at !== null && r.placed_at !== null
        ? {
            cancelledAt: new Date(r.cancelled_at).getTime(),
            placedAt: new Date(r.placed_at).getTime(),
          }
        : undefined,
    best: r.best === null ? undefined : Number(r.best),
  }));
}

/**
 * The resting orders each incoming order may trade with, best first, in one statement: on
 * `side` (the resting side) of its book, crossing `limit` (null: any price), as many as
 * `quantity` units could fill (at most `MAX_FILLS`), plus one for the player's own order,
 * which matching skips. The books are locked (`lockBooks`): nothing else changes them.
 */
export async function crossingFor(
  tx: Runner,
  wanted: ReadonlyArray<{
    lootId: number;
    side: MarketSide;
    limit: number | null;
    quantity: number;
  }>,
): Promise<NamedOrder[][]> {
  const rows = await tx.execute(sql`
    select r.i, x.* from jsonb_to_recordset(${JSON.stringify(
      wanted.map((w, i) => ({
        i,
        l: w.lootId,
        s: w.side,
        lim: w.limit,
        n: Math.min(MAX_FILLS, w.quantity) + 1,
      })),
    )}::jsonb) as r(i int4, l int2, s int2, lim int8, n int4)
    cross join lateral (
      (select o.id, o.player_id, o.loot_id, o.side, o.quantity, o.unit_price, o.created_at,
          p.name as player_name
        from market_orders o join players p on p.id = o.player_id
        where r.s = 2 and o.loot_id = r.l and o.side = 2
          and (r.lim is null or o.unit_price <= r.lim)
        order by o.unit_price asc, o.id asc limit r.n)
      union all
      (select o.id, o.player_id, o.loot_id, o.side, o.quantity, o.unit_price, o.created_at,
          p.name as player_name
        from market_orders o join players p on p.id = o.player_id
        where r.s = 1 and o.loot_id = r.l and o.side = 1
          and (r.lim is null or o.unit_price >= r.lim)
        order by o.unit_price desc, o.id asc limit r.n)
    ) as x`);
  const out: NamedOrder[][] = wanted.map(() => []);
  for (const r of resultRows<RawOrder & { i: number; player_name: string }>(rows)) {
    out[Number(r.i)]?.push({ ...toOrder(r), playerName: r.player_name });
  }
  return out;
}

/** Puts several orders on their books (one per player and item); returns them. */
export async function restOrders(
  tx: Runner,
  orders: ReadonlyArray<{
    playerId: number;
    lootId: number;
    side: MarketSide;
    quantity: number;
    unitPrice: number;
  }>,
): Promise<OrderRow[]> {
  if (orders.length === 0) return [];
  const rows = await tx.execute(sql`
    insert into market_orders (player_id, loot_id, side, quantity, unit_price)
    select p, l, s, q, u from jsonb_to_recordset(${JSON.stringify(
      orders.map((o) => ({
        p: o.playerId,
        l: o.lootId,
        s: o.side,
        q: o.quantity,
        u: o.unitPrice,
      })),
    )}::jsonb) as r(p int8, l int2, s int2, q int8, u int8)
    returning ${ORDER_COLUMNS}`);
  return resultRows<RawOrder>(rows).map(toOrder);
}
