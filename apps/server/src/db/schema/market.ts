import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  primaryKey,
  smallint,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * The resource market's order books (issue 9), authoritative here for every server process.
 * A resting order holds its escrow: a sell its goods, a buy quantity × unit price Mana Dust,
 * both out of the owner's balance. One open order per player and item.
 */
export const marketOrders = pgTable(
  "market_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    lootId: smallint("loot_id").notNull(),
    /** MarketSide: 1 buy, 2 sell. */
    side: smallint("side").notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("market_orders_player_loot_idx").on(t.playerId, t.lootId),
    index("market_orders_book_idx").on(t.lootId, t.side, t.unitPrice, t.id),
    check("market_orders_positive", sql`${t.quantity} > 0 and ${t.unitPrice} > 0`),
    check("market_orders_side", sql`${t.side} in (1, 2)`),
  ],
);

/** Every trade, kept (price history, and what a player's log says). */
export const marketTrades = pgTable(
  "market_trades",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    lootId: smallint("loot_id").notNull(),
    /** The players' ids as they were (no foreign key: history outlives deleted players). */
    buyerId: bigint("buyer_id", { mode: "number" }).notNull(),
    sellerId: bigint("seller_id", { mode: "number" }).notNull(),
    quantity: bigint("quantity", { mode: "number" }).notNull(),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("market_trades_loot_time_idx").on(t.lootId, t.createdAt)],
);

/**
 * Price candles per loot id, hourly (interval 1) and daily (interval 2), updated in the
 * transaction of each trade.
 */
export const marketCandles = pgTable(
  "market_candles",
  {
    lootId: smallint("loot_id").notNull(),
    interval: smallint("interval").notNull(),
    start: timestamp("start", { withTimezone: true }).notNull(),
    open: bigint("open", { mode: "number" }).notNull(),
    high: bigint("high", { mode: "number" }).notNull(),
    low: bigint("low", { mode: "number" }).notNull(),
    close: bigint("close", { mode: "number" }).notNull(),
    /** Units traded. */
    volume: bigint("volume", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.lootId, t.interval, t.start] })],
);

/** A player's last cancel per item, for the cancel cool-down. */
export const marketCancels = pgTable(
  "market_cancels",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    lootId: smallint("loot_id").notNull(),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }).notNull(),
    /** When the cancelled order had been placed. */
    placedAt: timestamp("placed_at", { withTimezone: true }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.lootId] })],
);
