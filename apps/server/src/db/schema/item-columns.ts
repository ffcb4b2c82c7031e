import { bigint, doublePrecision, jsonb, smallint, text } from "drizzle-orm/pg-core";

/**
 * An item's own fields, the same columns wherever its row is: a player's `items`, an equipment
 * market listing (`item_orders`) or the guild armory (`guild_armory`). Moving an item between
 * these tables copies them as they are; each table spreads a fresh set.
 */
export function itemColumns() {
  return {
    name: text("name").notNull(),
    level: bigint("level", { mode: "number" }).notNull(),
    rarity: smallint("rarity").notNull(),
    slot: smallint("slot").notNull(),
    /** Boost id to value: rolled modifiers (before infusion) and the enchant. */
    boosts: jsonb("boosts").$type<Record<number, number>>().notNull(),
    /** Boost id to the roll's position in its range (0..1); what orbs reroll. Not on the wire. */
    rolls: jsonb("rolls").$type<Record<number, number>>().notNull(),
    infusions: smallint("infusions").notNull().default(0),
    quality: doublePrecision("quality").notNull(),
    /** Staffs: their element. */
    element: smallint("element"),
    /** Gathering gear: the skill (action type 2-4). */
    skill: smallint("skill"),
  };
}
