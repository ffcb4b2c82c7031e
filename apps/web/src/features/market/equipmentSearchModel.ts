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

/** Boosts an item can roll, by name, for the three boost filters. */
export const SEARCH_BOOSTS: readonly { value: number; name: string }[] = Object.keys(
  ITEM_BOOST_RANGES,
)
  .map(Number)
  .map((id) => ({ value: id, name: boostById(id)?.name ?? `Boost ${id}` }))
  .sort((a, b) => a.name.localeCompare(b.name));

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
