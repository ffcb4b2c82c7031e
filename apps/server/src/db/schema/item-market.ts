import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  check,
  index,
  pgTable,
  smallint,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { itemColumns } from "./item-columns";
import { players } from "./players";

/**
 * The equipment market's listings (issue 9). Listing an item moves its row here from `items`
 * (same id, same fields): while listed it is nobody's inventory, so nothing that reads items
 * (loading, equipping, sending, disenchanting, counting) can touch it. Buying or withdrawing
 * moves it back into `items` with its new owner, in the transaction that pays for it.
 * `boost_ids` (the keys of `boosts`) serves the search's boost filters through a GIN index.
 */
export const itemOrders = pgTable(
  "item_orders",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The item's id, kept while listed and after. */
    itemId: bigint("item_id", { mode: "number" }).notNull(),
    sellerId: bigint("seller_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    unitPrice: bigint("unit_price", { mode: "number" }).notNull(),
    ...itemColumns(),
    /** The keys of `boosts` (the search's GIN index); in the table it stands after `rolls`. */
    boostIds: smallint("boost_ids").array().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("item_orders_item_idx").on(t.itemId),
    index("item_orders_seller_idx").on(t.sellerId, t.id),
    index("item_orders_slot_idx").on(t.slot, t.id),
    index("item_orders_rarity_idx").on(t.rarity, t.id),
    index("item_orders_price_idx").on(t.unitPrice),
    index("item_orders_level_idx").on(t.level),
    index("item_orders_boosts_idx").using("gin", t.boostIds),
    check("item_orders_price_positive", sql`${t.unitPrice} > 0`),
  ],
);

export type ItemOrderRow = typeof itemOrders.$inferSelect;
