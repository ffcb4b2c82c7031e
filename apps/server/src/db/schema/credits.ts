import {
  bigint,
  bigserial,
  index,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * Value on its way to a player: written by the sender's transaction (together with the
 * sender's whole state), applied by the receiver's owner, which deletes the row in the same
 * transaction that writes the receiver's state. No code writes another player's balance.
 * See docs/architecture.md "Value between players".
 */
export const credits = pgTable(
  "credits",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The receiver. */
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    /**
     * CreditKind: 1 loot, 2 item (now held by the receiver), 3 lent item returned to its owner,
     * 4 guild armory loan recalled (the holder gives it up; see guild-armory-handlers.ts).
     */
    kind: smallint("kind").notNull(),
    /** Loot id to amount (kind 1). */
    loot: jsonb("loot").$type<Record<number, number>>().notNull().default({}),
    /** Boost id to points added (kind 1; a premium purchase's Ascension points). */
    boosts: jsonb("boosts").$type<Record<number, number>>().notNull().default({}),
    /** The item (kinds 2 and 3); its row already names the receiver as holder. */
    itemId: bigint("item_id", { mode: "number" }),
    /** What the receiver is told when it arrives (a toast), e.g. "Ann sent you 5 Iron.". */
    note: text("note").notNull().default(""),
    /**
     * A market trade this credit pays for, told to the receiver as `marketTrade` (or, for an
     * equipment listing that sold, `itemOrder` closing `itemOrderId`).
     */
    trade: jsonb("trade").$type<{
      side: number;
      lootId: number;
      quantity: number;
      unitPrice: number;
      itemOrderId?: number;
    }>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("credits_player_idx").on(t.playerId)],
);

export type CreditRow = typeof credits.$inferSelect;

/**
 * Bans, unbans and deletions of accounts (and deletions of players), written by triggers so
 * that an operator's plain SQL is seen too; every server process polls it and closes or
 * unloads the players concerned.
 */
export const accountEvents = pgTable("account_events", {
  seq: bigserial("seq", { mode: "number" }).primaryKey(),
  accountId: bigint("account_id", { mode: "number" }).notNull(),
  /** AccountEventKind: 1 banned, 2 unbanned, 3 deleted. */
  kind: smallint("kind").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
