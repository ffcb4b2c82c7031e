/** Builds an item value from its rolls (our design; see docs/game-rules.md "Items"). */
import type { Slot } from "../enums";
import { rollValue, slotBoosts } from "./catalogue";
import { itemName, prefixIndexOf } from "./names";
import { type Item, isGearSlot } from "./types";

/** Enchant ranks 60-71 and enchant values 80-86: not rolls, not scaled by infusion. */
export function isEnchantBoost(id: number): boolean {
  return (id >= 60 && id <= 71) || (id >= 80 && id <= 86);
}

/** Everything of an item except what its rolls determine. */
export type ItemFields = Pick<Item, "id" | "level" | "rarity" | "slot" | "infusions"> &
  Pick<Partial<Item>, "element" | "skill">;

/** Mean position of the rolls, 0..1 (0 without rolls). */
export function itemQuality(rolls: Readonly<Record<number, number>>): number {
  const keys = Object.keys(rolls);
  if (keys.length === 0) return 0;
  let sum = 0;
  for (const k of keys) sum += rolls[Number(k)] ?? 0;
  return sum / keys.length;
}

/** The main (always rolled) boost of an item's slot, or undefined for a sigil. */
export function mainBoostOf(item: Pick<Item, "slot" | "element" | "skill">): number | undefined {
  return isGearSlot(item.slot) ? slotBoosts(item.slot, item.element, item.skill).main : undefined;
}

/** The enchant part of an item's boosts (ids 60-71 and 80-86). */
export function enchantBoostsOf(item: Pick<Item, "boosts">): Record<number, number> {
  const out: Record<number, number> = {};
  for (const key of Object.keys(item.boosts)) {
    const id = Number(key);
    if (isEnchantBoost(id)) out[id] = item.boosts[id] ?? 0;
  }
  return out;
}

/**
 * A complete item: boost values from the rolls at the item's level and rarity, the enchant
 * boosts kept as given, quality = mean roll position, name from the best secondary roll.
 */
export function assembleItem(
  fields: ItemFields,
  rolls: Readonly<Record<number, number>>,
  enchant: Readonly<Record<number, number>> = {},
): Item {
  const boosts: Record<number, number> = {};
  const cleanRolls: Record<number, number> = {};
  const secondary: Record<number, number> = {};
  const main = mainBoostOf(fields);
  for (const key of Object.keys(rolls)) {
    const id = Number(key);
    const p = Math.min(1, Math.max(0, rolls[id] ?? 0));
    cleanRolls[id] = p;
    boosts[id] = rollValue(id, fields.level, fields.rarity, p);
    if (id !== main) secondary[id] = p;
  }
  for (const key of Object.keys(enchant)) {
    const id = Number(key);
    if (isEnchantBoost(id)) boosts[id] = enchant[id] ?? 0;
  }
  const item: Item = {
    id: fields.id,
    name: itemName(prefixIndexOf(secondary), fields.slot as Slot, fields.element, fields.skill),
    level: fields.level,
    rarity: fields.rarity,
    slot: fields.slot,
    boosts,
    rolls: cleanRolls,
    infusions: fields.infusions,
    quality: itemQuality(cleanRolls),
    ...(fields.element !== undefined ? { element: fields.element } : {}),
    ...(fields.skill !== undefined ? { skill: fields.skill } : {}),
  };
  return item;
}

/** The item with new rolls and/or new fields (rarity, infusions…), keeping its enchant. */
export function rebuildItem(
  item: Item,
  rolls: Readonly<Record<number, number>>,
  changes: Partial<Pick<Item, "rarity" | "infusions">> = {},
): Item {
  return assembleItem({ ...fieldsOf(item), ...changes }, rolls, enchantBoostsOf(item));
}

export function fieldsOf(item: Item): ItemFields {
  return {
    id: item.id,
    level: item.level,
    rarity: item.rarity,
    slot: item.slot,
    infusions: item.infusions,
    ...(item.element !== undefined ? { element: item.element } : {}),
    ...(item.skill !== undefined ? { skill: item.skill } : {}),
  };
}
