import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { players } from "./players";

/**
 * Premium purchases (docs/features/premium-shop.md "Premium shop"): one row per Stripe Checkout Session
 * this server created, written when the session is created (status pending) and settled once by
 * the signed webhook (status paid) in the transaction that inserts the buyer's credit (and the
 * referrer's). The session id is the key, so a replayed webhook finds the row paid and credits
 * nothing.
 */
export const premiumPurchases = pgTable(
  "premium_purchases",
  {
    /** The Checkout Session's id (`cs_…`). */
    sessionId: text("session_id").primaryKey(),
    /**
     * The buyer: the player who started the checkout (never taken from the webhook). No foreign
     * key: the record of a payment outlives a deleted player.
     */
    playerId: bigint("player_id", { mode: "number" }).notNull(),
    euros: integer("euros").notNull(),
    codex: integer("codex").notNull(),
    crystallizedMana: integer("crystallized_mana").notNull(),
    ascension: integer("ascension").notNull(),
    /** The buyer asked not to be named in the chat's thank-you. */
    anonymous: boolean("anonymous").notNull().default(false),
    /** PremiumStatus: 1 pending (checkout open), 2 paid (credited). */
    status: smallint("status").notNull().default(1),
    /** The referrer paid 5% of the Codex (both had a linked identity provider), and how much. */
    referrerId: bigint("referrer_id", { mode: "number" }),
    referrerCodex: integer("referrer_codex").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
  },
  (t) => [
    index("premium_purchases_player_idx").on(t.playerId),
    index("premium_purchases_referrer_idx").on(t.referrerId),
  ],
);

export type PremiumPurchaseRow = typeof premiumPurchases.$inferSelect;

/**
 * A referrer's share of a referee's base Elemental Shard drops (spec 001: 5%, both accounts
 * with a linked identity provider; docs/features/premium-shop.md "Premium shop"). One row per referee,
 * written only in the transaction that saves the referee (its single writer): the base shards
 * not shared yet, and the shards the referrer was credited in all.
 */
export const referralShards = pgTable(
  "referral_shards",
  {
    refereeId: bigint("referee_id", { mode: "number" })
      .primaryKey()
      .references(() => players.id, { onDelete: "cascade" }),
    referrerId: bigint("referrer_id", { mode: "number" }).notNull(),
    /** Base shards dropped and not yet paid out (under the 10-shard minimum, or rounding). */
    basePending: bigint("base_pending", { mode: "number" }).notNull().default(0),
    /** Shards credited to the referrer from this referee in all (ReferrerRewards). */
    paid: bigint("paid", { mode: "number" }).notNull().default(0),
  },
  (t) => [index("referral_shards_referrer_idx").on(t.referrerId)],
);
