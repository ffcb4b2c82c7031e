import type { Element, GatherActionType, Item, Rarity, Slot } from "@manaspire/game";

/**
 * An item held outside any inventory, as a raw SQL read returns it: an equipment market
 * listing (`item_orders`) or a guild armory item (`guild_armory`). Both tables keep the item's
 * id as `item_id` and its fields under the names they have in `items`
 * (db/schema/item-columns.ts), so moving it between them copies `ITEM_FIELDS` as they are.
 */

/** The item's own columns, in every table that holds an item. */
export const ITEM_FIELDS =
  "name, level, rarity, slot, boosts, rolls, infusions, quality, element, skill";

/** `ITEM_FIELDS` of the table aliased `alias` in a query: "o.name, o.level, …". */
export function itemFieldsOf(alias: string): string {
  return ITEM_FIELDS.split(", ")
    .map((f) => `${alias}.${f}`)
    .join(", ");
}

/** The item's columns in a raw row: bigint and double values may come as text, jsonb too. */
export interface RawHeldItem {
  item_id: string | number;
  name: string;
  level: string | number;
  rarity: number;
  slot: number;
  boosts: Record<string, number> | string;
  rolls: Record<string, number> | string;
  infusions: number;
  quality: number | string;
  element: number | null;
  skill: number | null;
}

/** The item of a raw row (jsonb keys and values as numbers; no element or skill when null). */
export function heldItemFromRow(r: RawHeldItem): Item {
  return {
    id: Number(r.item_id),
    name: r.name,
    level: Number(r.level),
    rarity: Number(r.rarity) as Rarity,
    slot: Number(r.slot) as Slot,
    boosts: numericMap(r.boosts),
    rolls: numericMap(r.rolls),
    infusions: Number(r.infusions),
    quality: Number(r.quality),
    ...(r.element !== null ? { element: Number(r.element) as Element } : {}),
    ...(r.skill !== null ? { skill: Number(r.skill) as GatherActionType } : {}),
  };
}

function numericMap(raw: Record<string, number> | string): Record<number, number> {
  const map = typeof raw === "string" ? (JSON.parse(raw) as Record<string, number>) : raw;
  const out: Record<number, number> = {};
  for (const [key, value] of Object.entries(map ?? {})) out[Number(key)] = Number(value);
  return out;
}
