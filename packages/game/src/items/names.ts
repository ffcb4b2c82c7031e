/**
 * Item names: a prefix from the live game's list (live-game-facts "Item name prefixes 0-14")
 * chosen by the item's best secondary roll, then a base name per slot, element or skill
 * (our design): "Raging Staff of Embers", "Methodical Pickaxe", "Shining Miner's Robe".
 */
import { ActionType, Element, type GatherActionType, type Slot } from "../enums";

/** Prefixes 0-14 (live game ids); 0 is no prefix. */
export const ITEM_PREFIXES: readonly string[] = [
  "",
  "Reckless",
  "Methodical",
  "Raging",
  "Relentless",
  "Renewing",
  "Piercing",
  "Perceptive",
  "Attuned",
  "Shining",
  "Imbued",
  "Specialized",
  "Ambitious",
  "Aspiring",
  "Cooperative",
];

/** Prefix index per boost (our design). */
export const PREFIX_BY_BOOST: Readonly<Record<number, number>> = {
  49: 1,
  43: 1,
  33: 2,
  34: 2,
  35: 2,
  40: 3,
  41: 3,
  44: 4,
  50: 4,
  4: 5,
  6: 5,
  45: 5,
  42: 6,
  5: 6,
  47: 6,
  102: 7,
  123: 7,
  10: 8,
  11: 8,
  12: 8,
  46: 9,
  9: 9,
  3: 10,
  7: 10,
  48: 10,
  30: 11,
  31: 11,
  32: 11,
  124: 11,
  121: 12,
  100: 13,
  120: 13,
  122: 14,
};

const SLOT_BASE: Readonly<Record<number, string>> = {
  1: "Staff",
  2: "Robe",
  3: "Boots",
  4: "Gloves",
  5: "Hat",
  6: "Cloak",
  7: "Amulet",
  8: "Ring",
  9: "Sigil",
};

const ELEMENT_SUFFIX: Readonly<Record<number, string>> = {
  [Element.Fire]: " of Embers",
  [Element.Water]: " of Tides",
  [Element.Nature]: " of Thorns",
};

const TOOL: Readonly<Record<GatherActionType, string>> = {
  [ActionType.Mining]: "Pickaxe",
  [ActionType.Fishing]: "Fishing Rod",
  [ActionType.Woodcutting]: "Hatchet",
};

const GATHERER: Readonly<Record<GatherActionType, string>> = {
  [ActionType.Mining]: "Miner's",
  [ActionType.Fishing]: "Angler's",
  [ActionType.Woodcutting]: "Woodcutter's",
};

/** The base name: "Staff of Embers", "Pickaxe", "Angler's Boots", "Ring". */
export function itemBaseName(slot: Slot, element?: Element, skill?: GatherActionType): string {
  const base = SLOT_BASE[slot] ?? "Item";
  if (skill !== undefined && TOOL[skill] !== undefined) {
    return slot === 1 ? TOOL[skill] : `${GATHERER[skill]} ${base}`;
  }
  if (slot === 1 && element !== undefined) return base + (ELEMENT_SUFFIX[element] ?? "");
  return base;
}

/**
 * The prefix index of a set of secondary rolls: the boost with the highest position (ties: the
 * lowest boost id) picks it; 0 without secondaries.
 */
export function prefixIndexOf(secondaryRolls: Readonly<Record<number, number>>): number {
  let best = -1;
  let bestPos = -1;
  for (const key of Object.keys(secondaryRolls)) {
    const id = Number(key);
    const pos = secondaryRolls[id] ?? 0;
    if (pos > bestPos) {
      bestPos = pos;
      best = id;
    }
  }
  return best < 0 ? 0 : (PREFIX_BY_BOOST[best] ?? 0);
}

export function itemName(
  prefixIndex: number,
  slot: Slot,
  element?: Element,
  skill?: GatherActionType,
): string {
  const prefix = ITEM_PREFIXES[prefixIndex] ?? "";
  const base = itemBaseName(slot, element, skill);
  return prefix === "" ? base : `${prefix} ${base}`;
}
