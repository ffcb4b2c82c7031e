import type { Item } from "@manaspire/protocol";
import { isBorrowed } from "../items/itemModel";

/**
 * The guild armory screen's rules (issue 10): which items a tab shows, their order, and which
 * of the player's items may be deposited (the server checks again).
 */

export type ArmoryView = "all" | "available" | "lent";

export function armoryCounts(items: readonly Item[]): Record<ArmoryView, number> {
  const lent = items.filter(isBorrowed).length;
  return { all: items.length, available: items.length - lent, lent };
}

/**
 * The items of a tab whose name contains `search` (any case): by slot, then rarity (best
 * first), level (highest first) and name.
 */
export function armoryItems(items: readonly Item[], view: ArmoryView, search = ""): Item[] {
  const needle = search.trim().toLowerCase();
  return items
    .filter((i) => (view === "all" ? true : view === "lent" ? isBorrowed(i) : !isBorrowed(i)))
    .filter((i) => needle === "" || i.name.toLowerCase().includes(needle))
    .sort(
      (a, b) =>
        a.slot - b.slot ||
        b.rarity - a.rarity ||
        b.level - a.level ||
        a.name.localeCompare(b.name) ||
        a.id - b.id,
    );
}

/** The player's items that may go into the armory: own, not lent either way, not equipped. */
export function depositableItems(items: Readonly<Record<number, Item>>): Item[] {
  return Object.values(items)
    .filter((i) => !i.isEquipped && !isBorrowed(i))
    .sort((a, b) => b.rarity - a.rarity || b.level - a.level || a.name.localeCompare(b.name));
}
