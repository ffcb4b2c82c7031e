import {
  bigint,
  bigserial,
  boolean,
  index,
  pgTable,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { guilds } from "./guilds";
import { itemColumns } from "./item-columns";
import { players } from "./players";

/**
 * The guild armory (issue 10): one row per item the guild owns. Depositing moves the item's
 * row here from `items` (same id, same fields, like an equipment market listing), so nothing
 * that reads a player's items can touch it. A loan puts a copy back in `items` held by the
 * borrower (`owner_id = borrower_id =` the borrower: a guild loan) while this row keeps the
 * ownership; the item is out on loan exactly while that `items` row exists, and only the
 * borrower's owner process deletes it (returning, or applying a recall credit). Retrieving
 * moves the item back into `items` as the retriever's own. See docs/architecture.md "Guild
 * armory".
 */
export const guildArmory = pgTable(
  "guild_armory",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The item's id, kept while in the armory and after. */
    itemId: bigint("item_id", { mode: "number" }).notNull(),
    /** A guild that still holds items cannot end (the last member must retrieve them first). */
    guildId: bigint("guild_id", { mode: "number" })
      .notNull()
      .references(() => guilds.id, { onDelete: "restrict" }),
    depositedBy: bigint("deposited_by", { mode: "number" }).references(() => players.id, {
      onDelete: "set null",
    }),
    /** The member the item is lent to (while its `items` row exists), else null. */
    borrowerId: bigint("borrower_id", { mode: "number" }).references(() => players.id, {
      onDelete: "set null",
    }),
    /** Revoked (or its borrower left): a recall credit waits for the borrower's owner. */
    recalled: boolean("recalled").notNull().default(false),
    ...itemColumns(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("guild_armory_item_idx").on(t.itemId),
    index("guild_armory_guild_idx").on(t.guildId, t.id),
    index("guild_armory_borrower_idx").on(t.borrowerId),
  ],
);

export type GuildArmoryRow = typeof guildArmory.$inferSelect;
