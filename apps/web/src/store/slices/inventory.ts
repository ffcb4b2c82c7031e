import type { EquipmentSet, Item, ServerMessage } from "@manaspire/protocol";

/** What `disenchant { confirmed: false }` would do: the items and what they yield. */
export interface DisenchantPreviewState {
  itemIds: number[];
  /** Loot id -> amount. */
  loot: Record<number, number>;
}

/** What `codexReset { confirmed: false }` would do. */
export interface CodexResetPreviewState {
  /** Codex that would come back. */
  refund: number;
  /** The player's boosts after the reset. */
  boosts: Record<number, number>;
}

/**
 * The player's items, fed by `inventory` (the full list) and `item` (one upsert or removal),
 * plus what the item screens ask the server for: items looked up by id (tooltips of items
 * the player does not own), previews, roll percentiles and equipment sets.
 */
export interface InventoryState {
  /** False until the first full list arrives. */
  loaded: boolean;
  items: Record<number, Item>;
  /** Answers to getItem/getItems for items outside the inventory; null: no such item. */
  lookups: Record<number, Item | null>;
  /** Ids asked with getItem/getItems and not answered yet. */
  pendingLookups: Record<number, true>;
  disenchantPreview: DisenchantPreviewState | null;
  codexResetPreview: CodexResetPreviewState | null;
  /** Item id -> boost id -> percentile 0..100. */
  percentiles: Record<number, Record<number, number>>;
  equipmentSets: EquipmentSet[];
  /** False until the first `equipmentSets` arrives. */
  setsLoaded: boolean;
}

export const initialInventory: InventoryState = {
  loaded: false,
  items: {},
  lookups: {},
  pendingLookups: {},
  disenchantPreview: null,
  codexResetPreview: null,
  percentiles: {},
  equipmentSets: [],
  setsLoaded: false,
};

function withoutPending(
  pending: Record<number, true>,
  ids: readonly number[],
): Record<number, true> {
  if (!ids.some((id) => pending[id])) return pending;
  const next = { ...pending };
  for (const id of ids) delete next[id];
  return next;
}

export function reduceInventory(state: InventoryState, message: ServerMessage): InventoryState {
  switch (message.type) {
    case "inventory": {
      const items: Record<number, Item> = {};
      for (const item of message.data.items) items[item.id] = item;
      return { ...state, loaded: true, items };
    }
    case "item": {
      const { id, item } = message.data;
      // The answer to our own getItem: a lookup, not a change of the player's items
      // (unless the item is the player's after all).
      if (state.pendingLookups[id] && !state.items[id]) {
        return {
          ...state,
          pendingLookups: withoutPending(state.pendingLookups, [id]),
          lookups: { ...state.lookups, [id]: item ?? null },
        };
      }
      if (!state.loaded) return state;
      const items = { ...state.items };
      if (item) items[id] = item;
      else delete items[id];
      return { ...state, items };
    }
    case "itemLookups": {
      const { items, missing } = message.data;
      const lookups = { ...state.lookups };
      for (const item of items) lookups[item.id] = item;
      for (const id of missing) lookups[id] = null;
      const ids = [...items.map((item) => item.id), ...missing];
      return { ...state, lookups, pendingLookups: withoutPending(state.pendingLookups, ids) };
    }
    case "disenchantPreview":
      return {
        ...state,
        disenchantPreview: { itemIds: message.data.itemIds, loot: message.data.loot },
      };
    case "codexResetPreview":
      return {
        ...state,
        codexResetPreview: { refund: message.data.refund, boosts: message.data.boosts },
      };
    case "itemPercentiles":
      return {
        ...state,
        percentiles: { ...state.percentiles, [message.data.itemId]: message.data.percentiles },
      };
    case "equipmentSets":
      return { ...state, equipmentSets: message.data.sets, setsLoaded: true };
    default:
      return state;
  }
}

/**
 * Whether an item must be asked for: not the player's, not answered and not asked yet.
 * (The item tooltip asks once, on its first opening.)
 */
export function needsLookup(state: InventoryState, id: number): boolean {
  return (
    Number.isSafeInteger(id) &&
    id > 0 &&
    state.items[id] === undefined &&
    state.lookups[id] === undefined &&
    !state.pendingLookups[id]
  );
}

/** Marks ids as asked (before sending getItem/getItems). */
export function markLookupsPending(state: InventoryState, ids: readonly number[]): InventoryState {
  const fresh = ids.filter((id) => !state.pendingLookups[id]);
  if (fresh.length === 0) return state;
  const pendingLookups = { ...state.pendingLookups };
  for (const id of fresh) pendingLookups[id] = true;
  return { ...state, pendingLookups };
}

/** Forgets a preview before asking for a new one, so a dialog never shows a stale answer. */
export function clearPreviews(state: InventoryState): InventoryState {
  return state.disenchantPreview === null && state.codexResetPreview === null
    ? state
    : { ...state, disenchantPreview: null, codexResetPreview: null };
}
