import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { itemColumns } from "./item-columns";
import { players } from "./players";

/**
 * Items (equipment). A row is written by the player store's batched flush (drops, upgrades,
 * equip changes) or, for anything that moves between players, inside that move's own
 * transaction. Ids come from `items_id_seq`, reserved in blocks by the server
 * (`world/item-ids.ts`), so a drop in the tick needs no database round trip.
 */
export const items = pgTable(
  "items",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** The player the item belongs to. */
    ownerId: bigint("owner_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    /**
     * Set while the owner lends the item: the player who holds (and may equip) it. It goes back
     * to the owner with `returnItem`. Guild armory borrowing will reuse it.
     */
    borrowerId: bigint("borrower_id", { mode: "number" }).references(() => players.id, {
      onDelete: "set null",
    }),
    ...itemColumns(),
    favorite: boolean("favorite").notNull().default(false),
    equipped: boolean("equipped").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("items_owner_idx").on(t.ownerId),
    index("items_borrower_idx").on(t.borrowerId).where(sql`${t.borrowerId} is not null`),
  ],
);

export type ItemRow = typeof items.$inferSelect;
export type NewItemRow = typeof items.$inferInsert;

/** A player's saved loadouts (spec: name, items, sigil; one is active). Written directly. */
export const equipmentSets = pgTable(
  "equipment_sets",
  {
    playerId: bigint("player_id", { mode: "number" })
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    itemIds: jsonb("item_ids").$type<number[]>().notNull().default([]),
    /** The sigil (its boost id) the set selects, if any. */
    sigil: smallint("sigil"),
    active: boolean("active").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.playerId, t.name] })],
);

export type EquipmentSetRow = typeof equipmentSets.$inferSelect;
