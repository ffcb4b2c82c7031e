import { hasMarket, MARKET_CATEGORIES, MarketSide, marketCategoryOf } from "@manaspire/game";
import type { LocalValueCodec } from "../../lib/localValue";
import { formatFull, parseAmount } from "../../lib/numbers";
import { EQUIPMENT_TAB } from "./equipmentSearchModel";

/** The market page's tabs: the catalogue's categories, then the merchant and equipment. */
export const MERCHANT_TAB = "merchant";
export const MARKET_TABS: readonly { key: string; name: string }[] = [
  ...MARKET_CATEGORIES.map((c) => ({ key: c.key, name: c.name })),
  { key: MERCHANT_TAB, name: "Merchant" },
  { key: EQUIPMENT_TAB, name: "Equipment" },
];

/** Tabs that show no single item (the item stays remembered for the categories). */
export function isItemlessTab(tab: string): boolean {
  return tab === MERCHANT_TAB || tab === EQUIPMENT_TAB;
}

/** What the page shows: a tab and, in a category, an item. */
export interface MarketSelection {
  tab: string;
  lootId: number;
}

export const MARKET_SELECTION_KEY = "manaspire.market.selection";

const DEFAULT_SELECTION: MarketSelection = {
  tab: MARKET_CATEGORIES[0]?.key ?? MERCHANT_TAB,
  lootId: MARKET_CATEGORIES[0]?.lootIds[0] ?? 0,
};

/** The last category and item, remembered locally (spec 001 section 3). */
export const selectionCodec: LocalValueCodec<MarketSelection> = {
  parse(raw) {
    if (!raw) return DEFAULT_SELECTION;
    try {
      const value = JSON.parse(raw) as Partial<MarketSelection>;
      const tab = MARKET_TABS.some((t) => t.key === value.tab) ? (value.tab as string) : null;
      if (!tab) return DEFAULT_SELECTION;
      if (isItemlessTab(tab)) return { tab, lootId: DEFAULT_SELECTION.lootId };
      const lootId = Number(value.lootId);
      return marketCategoryOf(lootId)?.key === tab ? { tab, lootId } : firstOf(tab);
    } catch {
      return DEFAULT_SELECTION;
    }
  },
  serialize: (value) => JSON.stringify(value),
};

function firstOf(tab: string): MarketSelection {
  const category = MARKET_CATEGORIES.find((c) => c.key === tab);
  return category ? { tab, lootId: category.lootIds[0] as number } : DEFAULT_SELECTION;
}

/** The tab a tab key opens on: its first item, or the item remembered in it. */
export function selectTab(tab: string, remembered: MarketSelection): MarketSelection {
  if (tab === remembered.tab) return remembered;
  if (isItemlessTab(tab)) return { tab, lootId: remembered.lootId };
  return firstOf(tab);
}

/** A loot id from route state (`{lootID}`) preselects its category and item. */
export function selectionFor(routeLootId: unknown, remembered: MarketSelection): MarketSelection {
  const lootId = Number(routeLootId);
  if (!Number.isInteger(lootId) || !hasMarket(lootId)) return remembered;
  const category = marketCategoryOf(lootId);
  return category ? { tab: category.key, lootId } : remembered;
}

/** Quantity shortcuts (spec 001 section 9). */
export const QUANTITY_SHORTCUTS = [25, 50, 75, 99] as const;

/**
 * A shortcut's quantity: that share of what can be sold (held) or bought (what the Mana Dust
 * pays for at the price), rounded down.
 */
export function shortcutQuantity(
  percent: number,
  side: MarketSide,
  held: number,
  dust: number,
  price: number,
): number {
  const whole = side === MarketSide.Sell ? held : price > 0 ? Math.floor(dust / price) : 0;
  return Math.max(0, Math.floor((Math.max(0, whole) * percent) / 100));
}

/** The price buttons: -1% rounds down, +1% rounds up, and each moves by at least 1. */
export function nudgePrice(price: number, direction: -1 | 1): number {
  if (!(price > 0)) return 1;
  if (direction < 0) return Math.max(1, Math.min(price - 1, Math.floor(price * 0.99)));
  return Math.max(price + 1, Math.ceil(price * 1.01));
}

/** What the order form would send, or why not, and what to confirm first. */
export interface OrderCheck {
  ok: boolean;
  error: string | null;
  /** Asked before sending (an order at any price). */
  confirm: string | null;
  quantity: number;
  unitPrice: number;
  quantityGiven: boolean;
}

export const NEED_PRICE_OR_QUANTITY = "You need to either enter a price of quantity to buy.";

/** Checks the order form the way the server will (the server checks again). */
export function checkOrder(args: {
  side: MarketSide;
  itemName: string;
  quantityText: string;
  priceText: string;
  held: number;
  dust: number;
}): OrderCheck {
  const { side, itemName, held, dust } = args;
  const quantityGiven = args.quantityText.trim() !== "";
  const priceGiven = args.priceText.trim() !== "";
  const quantity = quantityGiven ? parseAmount(args.quantityText) : 0;
  const unitPrice = priceGiven ? parseAmount(args.priceText) : 0;
  const fail = (error: string): OrderCheck => ({
    ok: false,
    error,
    confirm: null,
    quantity,
    unitPrice,
    quantityGiven,
  });
  if (quantityGiven && (!Number.isInteger(quantity) || quantity < 1)) {
    return fail("Quantity must be a whole number of at least 1.");
  }
  if (priceGiven && (!Number.isInteger(unitPrice) || unitPrice < 1)) {
    return fail("Price must be a whole number of Mana Dust, at least 1.");
  }
  const ok = (confirm: string | null): OrderCheck => ({
    ok: true,
    error: null,
    confirm,
    quantity,
    unitPrice,
    quantityGiven,
  });
  if (side === MarketSide.Sell) {
    if (Math.floor(held) < 1) return fail(`You have no ${itemName} to sell.`);
    if (quantity > held) return fail(`You only have ${formatFull(Math.floor(held))} ${itemName}.`);
    if (!priceGiven) {
      const what = quantityGiven ? formatFull(quantity) : "all your";
      return ok(`Do you want to sell ${what} ${itemName} at any price?`);
    }
    return ok(null);
  }
  if (!quantityGiven && !priceGiven) return fail(NEED_PRICE_OR_QUANTITY);
  if (!priceGiven)
    return ok(`Do you want to buy ${formatFull(quantity)} ${itemName} at any price?`);
  if (!quantityGiven) {
    if (Math.floor(dust / unitPrice) < 1) {
      return fail(`You cannot afford one ${itemName} at ${formatFull(unitPrice)} Mana Dust.`);
    }
    return ok(null);
  }
  if (quantity * unitPrice > dust) {
    return fail(
      `You need ${formatFull(quantity * unitPrice)} Mana Dust for that order; you have ${formatFull(Math.floor(dust))}.`,
    );
  }
  return ok(null);
}
