import { boostById, ITEM_BOOST_RANGES } from "@manaspire/game";
import type { ClientPayload } from "@manaspire/protocol";
import { formatFull, parseAmount } from "../../lib/numbers";

/** The equipment market's tab key beside the catalogue's categories and the merchant. */
export const EQUIPMENT_TAB = "equipment";

/** The search form as typed (spec 001 section 3, "Item order" search filters). */
export interface EquipmentSearchForm {
  minLevel: string;
  maxLevel: string;
  /** "" any, else a gathering action type (2 mining, 3 fishing, 4 woodcutting). */
  skill: string;
  rarity: string;
  slot: string;
  boost: string;
  secondaryBoost: string;
  thirdBoost: string;
  onlyInfused: boolean;
  minQuality: string;
  maxPrice: string;
}

export const EMPTY_SEARCH: EquipmentSearchForm = {
  minLevel: "",
  maxLevel: "",
  skill: "",
  rarity: "",
  slot: "",
  boost: "",
  secondaryBoost: "",
  thirdBoost: "",
  onlyInfused: false,
  minQuality: "",
  maxPrice: "",
};

export type ItemSearchRequest = ClientPayload<"listItemOrders">;

/** Skills an item can serve in the search (battle items have none). */
export const SEARCH_SKILLS: readonly { value: number; name: string }[] = [
  { value: 2, name: "Mining" },
  { value: 3, name: "Fishing" },
  { value: 4, name: "Woodcutting" },
];

/**
 * The boosts of `ids` by name, each name told apart: the catalogue names a flat boost and its
 * percent variant alike (Focus 5 and 47, Mana 7 and 48, Ward 9 and 46), so a percent boost
 * whose name another shares reads "Focus %", as its values do on an item ("+3%").
 */
export function boostOptions(ids: readonly number[]): { value: number; name: string }[] {
  const defs = ids.map((id) => ({ id, def: boostById(id) }));
  const named = new Map<string, number>();
  for (const { id, def } of defs) {
    const name = def?.name ?? `Boost ${id}`;
    named.set(name, (named.get(name) ?? 0) + 1);
  }
  return defs
    .map(({ id, def }) => {
      const name = def?.name ?? `Boost ${id}`;
      const shared = (named.get(name) ?? 0) > 1;
      return { value: id, name: shared && def?.percent ? `${name} %` : name };
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** Boosts an item can roll, by name, for the three boost filters. */
export const SEARCH_BOOSTS: readonly { value: number; name: string }[] = boostOptions(
  Object.keys(ITEM_BOOST_RANGES).map(Number),
);

/** A typed amount as a whole number of at least 0, or undefined when left empty. */
function whole(text: string): number | undefined {
  if (text.trim() === "") return undefined;
  return Math.max(0, Math.floor(parseAmount(text)));
}

function choice(text: string): number | undefined {
  const n = Number(text);
  return text !== "" && Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * The `listItemOrders` call of a form (spec 001 section 5: Min Quality clamped 0-99; levels,
 * price and other amounts numeric, anything else 0), from the start or after `lastOrder`.
 */
export function searchRequest(form: EquipmentSearchForm, lastOrder?: number): ItemSearchRequest {
  const quality = whole(form.minQuality);
  const request: ItemSearchRequest = {
    minLevel: whole(form.minLevel),
    maxLevel: whole(form.maxLevel),
    skill: choice(form.skill),
    rarity: choice(form.rarity) as ItemSearchRequest["rarity"],
    slot: choice(form.slot) as ItemSearchRequest["slot"],
    boost: choice(form.boost),
    secondaryBoost: choice(form.secondaryBoost),
    thirdBoost: choice(form.thirdBoost),
    onlyInfused: form.onlyInfused,
    minQuality: quality === undefined ? undefined : Math.min(99, quality),
    maxPrice: whole(form.maxPrice),
    lastOrder,
  };
  return request;
}

/** What Min Quality shows once the field is left: the value a search sends (0-99), or empty. */
export function shownMinQuality(text: string): string {
  const quality = searchRequest({ ...EMPTY_SEARCH, minQuality: text }).minQuality;
  return quality === undefined ? "" : String(quality);
}

/** Why a search cannot be sent, or null. */
export function searchProblem(form: EquipmentSearchForm): string | null {
  const r = searchRequest(form);
  if (r.minLevel !== undefined && r.maxLevel !== undefined && r.minLevel > r.maxLevel) {
    return "The minimum level is above the maximum.";
  }
  return null;
}

/** A listing price typed in the Sell or edit box: a whole number of Mana Dust, at least 1. */
export function checkListingPrice(text: string): { price: number; error: string | null } {
  if (text.trim() === "") return { price: 0, error: "Enter a price." };
  const price = parseAmount(text);
  if (!Number.isSafeInteger(price) || price < 1) {
    return { price, error: "The price must be a whole number of at least 1 Mana Dust." };
  }
  return { price, error: null };
}

/** Whether the buyer can pay a listing, and what to say when not. */
export function cannotAfford(price: number, dust: number): string | null {
  return dust >= price
    ? null
    : `You need ${formatFull(price)} Mana Dust; you have ${formatFull(Math.floor(dust))}.`;
}
