import type { Item } from "@manaspire/game";

/**
 * Loaded items in little memory: every loaded player holds its items, so their few bytes add up
 * over a world (issue 30: heap per loaded player under 8 KB).
 *
 * - **Boost and roll maps** (integer keys, a handful of entries). V8 keeps an object with
 *   integer keys filled key by key as an array as long as its largest key (about 1.7 KB for a
 *   map holding boost 122); JSON.parse makes a dictionary with room to spare (about 450 bytes
 *   for four entries). An object that is made a dictionary while empty, by one far key
 *   deleted again, grows only as its entries need: 284 against 453 bytes a map for a real
 *   item's four boosts (Node 20).
 * - **Names** repeat over a world ("Raging Staff of Embers"): one copy of each is kept.
 */

/** A boost or roll map holding the finite numbers of `map`, as a small dictionary. */
export function compactMap(
  map: Readonly<Record<number, number>> | null | undefined,
): Record<number, number> {
  const out = new ItemMap() as Record<number, number>;
  // Far beyond any boost id: the elements become a dictionary, which stays one.
  out[FAR_KEY] = 0;
  delete out[FAR_KEY];
  if (!map) return out;
  for (const key in map) {
    const value = Number(map[key as unknown as number]);
    if (Number.isFinite(value)) out[Number(key)] = value;
  }
  return out;
}

const FAR_KEY = 1 << 24;

/**
 * The maps' class: no fields, so V8 gives its objects no room for properties (an object
 * literal keeps four slots, 32 bytes, a map never uses). Nothing reads its type: `{...map}`,
 * `Object.keys` and JSON see a plain map.
 */
class ItemMap {}

/** The item with compact maps and a shared name. */
export function compactItem(item: Item): Item {
  return {
    ...item,
    name: sharedName(item.name),
    boosts: compactMap(item.boosts),
    rolls: compactMap(item.rolls),
  };
}

/** At most this many names are shared; later ones are kept as they come. */
const MAX_SHARED_NAMES = 100_000;
const names = new Map<string, string>();

/** One copy of each item name (names come from the generator's finite parts). */
export function sharedName(name: string): string {
  const known = names.get(name);
  if (known !== undefined) return known;
  if (names.size < MAX_SHARED_NAMES) names.set(name, name);
  return name;
}
