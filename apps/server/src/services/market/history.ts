import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type Runner, resultRows } from "../../db/runner";

/**
 * The market's price history (issue 9): every trade is kept in `market_trades`, and hourly
 * and daily candles are updated in the transaction of the trade, so a chart reads at most a
 * few hundred rows whatever the volume.
 */

export const CandleInterval = { Hour: 1, Day: 2 } as const;
export type CandleInterval = (typeof CandleInterval)[keyof typeof CandleInterval];

const INTERVAL_MS: Record<CandleInterval, number> = { 1: 3_600_000, 2: 86_400_000 };
/** Candles a history answer holds at most: a month of days, or a week of hours. */
export const HISTORY_LIMIT: Record<CandleInterval, number> = { 1: 24 * 7, 2: 31 };

export interface TradeRecord {
  buyerId: number;
  sellerId: number;
  quantity: number;
  unitPrice: number;
}

export interface Candle {
  /** Start of the hour or day, ms since the epoch (UTC). */
  start: number;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
}

/** A trade on a book. */
export interface BookTrade extends TradeRecord {
  lootId: number;
}

/**
 * Writes trades on any books (a batch of orders) and folds them into each book's hourly and
 * daily candles, all in one statement.
 */
export async function recordTradesOfBooks(
  tx: Runner,
  trades: readonly BookTrade[],
  now: number,
): Promise<void> {
  if (trades.length === 0) return;
  const at = new Date(now).toISOString();
  const byBook = new Map<number, BookTrade[]>();
  for (const t of trades) {
    const list = byBook.get(t.lootId);
    if (list) list.push(t);
    else byBook.set(t.lootId, [t]);
  }
  const candleRows: Array<Record<string, number | string>> = [];
  for (const [lootId, list] of byBook) {
    for (const interval of [CandleInterval.Hour, CandleInterval.Day] as const) {
      const ms = INTERVAL_MS[interval];
      const c = foldCandle(list, Math.floor(now / ms) * ms);
      candleRows.push({
        loot_id: lootId,
        interval,
        start: new Date(c.start).toISOString(),
        open: c.open,
        high: c.high,
        low: c.low,
        close: c.close,
        volume: c.volume,
      });
    }
  }
  // The trades and every candle in one statement.
  await tx.execute(sql`
    with t as (
      insert into market_trades (loot_id, buyer_id, seller_id, quantity, unit_price, created_at)
      select loot_id, buyer_id, seller_id, quantity, unit_price, ${at}::timestamptz
      from jsonb_to_recordset(${JSON.stringify(
        trades.map((t) => ({
          loot_id: t.lootId,
          buyer_id: t.buyerId,
          seller_id: t.sellerId,
          quantity: t.quantity,
          unit_price: t.unitPrice,
        })),
      )}::jsonb) as t(loot_id int2, buyer_id int8, seller_id int8, quantity int8, unit_price int8)
    )
    insert into market_candles (loot_id, interval, start, open, high, low, close, volume)
    select loot_id, interval, start, open, high, low, close, volume
    from jsonb_to_recordset(${JSON.stringify(candleRows)}::jsonb) as c(loot_id int2,
      interval int2, start timestamptz, open int8, high int8, low int8, close int8, volume int8)
    on conflict (loot_id, interval, start) do update set
      high = greatest(market_candles.high, excluded.high),
      low = least(market_candles.low, excluded.low),
      close = excluded.close,
      volume = market_candles.volume + excluded.volume`);
}

/** One candle of trades that happened in order within one interval starting at `start`. */
export function foldCandle(trades: readonly TradeRecord[], start: number): Candle {
  const first = trades[0] as TradeRecord;
  const c: Candle = {
    start,
    open: first.unitPrice,
    high: first.unitPrice,
    low: first.unitPrice,
    close: first.unitPrice,
    volume: 0,
  };
  for (const t of trades) {
    c.high = Math.max(c.high, t.unitPrice);
    c.low = Math.min(c.low, t.unitPrice);
    c.close = t.unitPrice;
    c.volume += t.quantity;
  }
  return c;
}

/** The item's latest candles of an interval, oldest first. */
export async function candles(
  db: Pick<Db, "execute">,
  lootId: number,
  interval: CandleInterval,
  now = Date.now(),
): Promise<Candle[]> {
  const since = new Date(now - HISTORY_LIMIT[interval] * INTERVAL_MS[interval]).toISOString();
  const rows = await db.execute(sql`
    select start, open, high, low, close, volume from market_candles
    where loot_id = ${lootId} and interval = ${interval} and start > ${since}::timestamptz
    order by start asc`);
  return resultRows<Record<keyof Candle, string | number | Date>>(rows).map((r) => ({
    start: new Date(r.start).getTime(),
    open: Number(r.open),
    high: Number(r.high),
    low: Number(r.low),
    close: Number(r.close),
    volume: Number(r.volume),
  }));
}
