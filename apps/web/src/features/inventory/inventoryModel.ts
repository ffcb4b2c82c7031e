/**
 * Pure logic of the inventory screen: filtering and sorting the item list, which items may be
 * disenchanted and how a selection becomes a `disenchant` message, the transfer and equipment
 * set forms, and the "other items" (currencies and materials) list.
 */
import {
  hasMarket,
  hasVisibleText,
  hiddenCharacterError,
  lootById,
  type Rarity,
} from "@manaspire/game";
import type { ClientPayload, Item } from "@manaspire/protocol";
import { parseAmount } from "../../lib/numbers";
import { isBorrowed } from "../items/itemModel";

export type SortKey = "level" | "rarity" | "slot" | "quality" | "name";

export const SORT_OPTIONS: readonly { key: SortKey; label: string }[] = [
  { key: "level", label: "Level" },
  { key: "rarity", label: "Rarity" },
  { key: "slot", label: "Slot" },
  { key: "quality", label: "Quality" },
  { key: "name", label: "Name" },
];

export interface ItemFilter {
  /** 0: every slot. */
  slot: number;
  /** -1: every rarity. */
  rarity: number;
  /** Lowest level shown (0: no limit). */
  minLevel: number;
  favoritesOnly: boolean;
  /** Case-insensitive part of the name. */
  search: string;
  sort: SortKey;
  descending: boolean;
}

export const DEFAULT_FILTER: ItemFilter = {
  slot: 0,
  rarity: -1,
  minLevel: 0,
  favoritesOnly: false,
  search: "",
  sort: "level",
  descending: true,
};

function compare(a: Item, b: Item, key: SortKey): number {
  switch (key) {
    case "level":
      return a.level - b.level;
    case "rarity":
      return a.rarity - b.rarity;
    case "slot":
      return a.slot - b.slot;
    case "quality":
      return a.quality - b.quality;
    case "name":
      return a.name.localeCompare(b.name);
  }
}

/**
 * The unequipped items that pass the filter, sorted by the chosen key (ties: level, rarity,
 * then id, so the order is stable as items come and go). Favourites stay where the sort puts them.
 */
export function visibleItems(items: Readonly<Record<number, Item>>, filter: ItemFilter): Item[] {
  const search = filter.search.trim().toLowerCase();
  const list = Object.values(items).filter(
    (item) =>
      !item.isEquipped &&
      (filter.slot === 0 || item.slot === filter.slot) &&
      (filter.rarity < 0 || item.rarity === filter.rarity) &&
      item.level >= filter.minLevel &&
      (!filter.favoritesOnly || item.favorite) &&
      (search === "" || item.name.toLowerCase().includes(search)),
  );
  const dir = filter.descending ? -1 : 1;
  return list.sort(
    (a, b) =>
      dir * compare(a, b, filter.sort) ||
      dir * (a.level - b.level) ||
      dir * (a.rarity - b.rarity) ||
      a.id - b.id,
  );
}

/** Why the item cannot be disenchanted (equipped, favourite or borrowed), or null. */
export function disenchantBlockReason(item: Item): string | null {
  if (item.isEquipped) return "Equipped items cannot be disenchanted.";
  if (item.favorite) return "Favourites are never disenchanted.";
  if (isBorrowed(item)) return "Borrowed items cannot be disenchanted.";
  return null;
}

export function canDisenchant(item: Item): boolean {
  return disenchantBlockReason(item) === null;
}

/** The selection with `id` added or removed (only disenchantable items can be selected). */
export function toggleSelection(selected: ReadonlySet<number>, item: Item): ReadonlySet<number> {
  const next = new Set(selected);
  if (next.has(item.id)) next.delete(item.id);
  else if (canDisenchant(item)) next.add(item.id);
  return next;
}

/** The selection without ids that are gone or cannot be disenchanted any more. */
export function pruneSelection(
  selected: ReadonlySet<number>,
  items: Readonly<Record<number, Item>>,
): ReadonlySet<number> {
  let changed = false;
  const next = new Set<number>();
  for (const id of selected) {
    const item = items[id];
    if (item && canDisenchant(item)) next.add(id);
    else changed = true;
  }
  return changed ? next : selected;
}

/** Ids of the items the server would disenchant for "rarity or lower" (rarity 1-7). */
export function idsAtOrBelowRarity(
  items: Readonly<Record<number, Item>>,
  rarity: number,
): number[] {
  return Object.values(items)
    .filter((item) => item.rarity >= 1 && item.rarity <= rarity && canDisenchant(item))
    .map((item) => item.id)
    .sort((a, b) => a - b);
}

/** Every visible item that can be disenchanted (the "select all" of the list). */
export function selectableIds(list: readonly Item[]): number[] {
  return list.filter(canDisenchant).map((item) => item.id);
}

export type DisenchantRequest =
  | { kind: "one"; id: number }
  | { kind: "many"; ids: readonly number[] }
  | { kind: "rarity"; rarity: Rarity };

/** The `disenchant` payload (without `confirmed`) for a request. */
export function disenchantPayload(
  request: DisenchantRequest,
): Omit<ClientPayload<"disenchant">, "confirmed"> {
  switch (request.kind) {
    case "one":
      return { target: request.id, rarity: 0, itemIds: [] };
    case "many":
      return { rarity: 0, itemIds: [...request.ids] };
    case "rarity":
      return { rarity: request.rarity, itemIds: [] };
  }
}

/** Auto-disenchant choices (spec: 0 none, 1 common, 2 uncommon, 3 rare). */
export const AUTO_DISENCHANT_OPTIONS: readonly { value: 0 | 1 | 2 | 3; label: string }[] = [
  { value: 0, label: "None" },
  { value: 1, label: "Common" },
  { value: 2, label: "Uncommon and below" },
  { value: 3, label: "Rare and below" },
];

/** Rarities the "disenchant all of rarity or lower" control offers. */
export const DISENCHANT_RARITIES: readonly Rarity[] = [1, 2, 3, 4, 5];

// --- Transfer ------------------------------------------------------------------------------

export const NAME_MIN = 3;
export const NAME_MAX = 20;

export interface TransferCheck {
  ok: boolean;
  /** Whole quantity parsed from the text (0 for non-numbers). */
  quantity: number;
  error: string | null;
}

/**
 * The transfer form (spec: needs a recipient name, and for currencies a quantity of at least 1,
 * not above what is held). `held` undefined: an item, no quantity.
 */
export function checkTransfer(
  recipient: string,
  quantityText: string,
  held?: number,
): TransferCheck {
  const name = recipient.trim();
  const quantity = held === undefined ? 1 : Math.max(0, Math.floor(parseAmount(quantityText)));
  if (name === "") return { ok: false, quantity, error: "Enter the recipient's name." };
  if (name.length < NAME_MIN || name.length > NAME_MAX) {
    return { ok: false, quantity, error: `Names are ${NAME_MIN}–${NAME_MAX} characters.` };
  }
  if (held !== undefined) {
    if (quantity < 1) return { ok: false, quantity, error: "Enter a quantity of at least 1." };
    if (quantity > held) return { ok: false, quantity, error: "You don't have that many." };
  }
  return { ok: true, quantity, error: null };
}

// --- Equipment sets ------------------------------------------------------------------------

export const SET_NAME_MAX = 30;
export const MAX_SETS = 20;

/** Error for a new set's name, or null (spec: a name is needed; contract: 1-30 characters). */
export function setNameError(name: string, existing: readonly string[]): string | null {
  const trimmed = name.trim();
  // The server's rules (shared): no hidden characters, something visible.
  const hidden = hiddenCharacterError(name, "Set names");
  if (hidden) return hidden;
  if (!hasVisibleText(trimmed)) return "Enter a name for the set.";
  if (trimmed.length > SET_NAME_MAX) return `At most ${SET_NAME_MAX} characters.`;
  // The server compares names without case ("Main" and "main" are one set).
  const lower = trimmed.toLowerCase();
  if (existing.some((n) => n.toLowerCase() === lower)) {
    return "A set with that name exists; use Update instead.";
  }
  if (existing.length >= MAX_SETS) return `You can keep at most ${MAX_SETS} sets.`;
  return null;
}

// --- Other items (currencies and materials) --------------------------------------------------

export interface OtherItem {
  id: number;
  name: string;
  rarity: Rarity;
  amount: number;
  tradeable: boolean;
  /** It has an order book (tradeable, and not Mana Dust, the market's currency). */
  market: boolean;
  description: string | undefined;
}

/** Currencies and materials the player holds (amount ≠ 0), in catalogue order. */
export function otherItems(loot: Readonly<Record<number, number>>): OtherItem[] {
  const out: OtherItem[] = [];
  for (const key of Object.keys(loot)) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    if (amount === 0 || !Number.isFinite(amount)) continue;
    const def = lootById(id);
    out.push({
      id,
      amount,
      name: def?.name ?? `Loot #${id}`,
      rarity: def?.rarity ?? 0,
      tradeable: def?.tradeable ?? false,
      market: hasMarket(id),
      description: def?.description,
    });
  }
  return out.sort((a, b) => a.id - b.id);
}
