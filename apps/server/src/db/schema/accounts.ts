import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** A person's login. One account owns one player (game mode 0); identities sign into it. */
export const accounts = pgTable("accounts", {
  id: bigserial("id", { mode: "number" }).primaryKey(),
  guest: boolean("guest").notNull().default(false),
  banned: boolean("banned").notNull().default(false),
  role: smallint("role").notNull().default(0),
  /**
   * The player whose `ref` link brought this account (spec 001: referral rewards; both sides
   * need a linked identity provider). Kept when that player is deleted (no foreign key).
   */
  referrerId: bigint("referrer_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A way to sign in: "local" (the lowercased name and a password hash in `secret_hash`), or an
 * identity provider (google, discord, twitch, an operator's OpenID Connect provider) with the
 * provider's stable user id. One identity belongs to one account only (the unique index).
 */
export const identities = pgTable(
  "identities",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    accountId: bigint("account_id", { mode: "number" })
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text("provider").notNull(),
    providerId: text("provider_id").notNull(),
    email: text("email"),
    secretHash: text("secret_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("identities_provider_uq").on(t.provider, t.providerId),
    index("identities_account_idx").on(t.accountId),
  ],
);
