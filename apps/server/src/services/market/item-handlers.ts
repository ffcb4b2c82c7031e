import type { ServerPayload } from "@manaspire/protocol";
import { GameError, type Handlers } from "../../socket/handlers";
import { toWireItem } from "../../world/item-rows";
import type { LoadedPlayer } from "../../world/loaded-player";
import { fmt } from "../format";
import { pushRemoval } from "../items/common";
import { buyListing, GONE, listable, listItem, priceChanged, withdrawListing } from "./item-market";
import {
  type ItemListing,
  type ItemSearch,
  listingById,
  listingsOf,
  ownedFrom,
  searchListings,
  setListingPrice,
} from "./item-order-store";
import type { MarketDeps } from "./market-types";

export type WireItemOrder = ServerPayload<"itemOrders">["orders"][number];

/** Gathering skills an item can serve (action types 2-4). */
const SKILLS = new Set([2, 3, 4]);

/** A listing as the wire's ItemOrder (spec: ID, Item, UnitPrice, PlayerName). */
export function wireListing(l: ItemListing): WireItemOrder {
  return {
    id: l.id,
    item: toWireItem(ownedFrom(l, l.sellerId)),
    unitPrice: l.unitPrice,
    playerName: l.sellerName,
  };
}

/** A price: a whole number of Mana Dust, at least 1. */
function price(value: number): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new GameError("The price must be a whole number of at least 1 Mana Dust.");
  }
  return value;
}

/** The player's listings for my-orders. */
export async function listingsFor(deps: MarketDeps, p: LoadedPlayer): Promise<WireItemOrder[]> {
  return (await listingsOf(deps.db, p.id)).map(wireListing);
}

/**
 * The equipment market's socket calls (spec 001 section 7): list an item from the inventory,
 * search the listings page by page, buy at the price seen, reprice or withdraw one's own.
 */
export function itemMarketHandlers(
  deps: MarketDeps,
  myOrders: (p: LoadedPlayer) => Promise<void>,
): Handlers {
  const { db, sessions } = deps;

  /** Tells the player the listing's current state (new price, or closed). */
  async function tellState(p: LoadedPlayer, orderId: number): Promise<void> {
    const now = await listingById(db, orderId);
    sessions.send(p.id, "itemOrder", now ? { orderId, order: wireListing(now) } : { orderId });
  }

  return {
    async createItemOrder({ conn, player }, { itemId, price: unitPrice }) {
      price(unitPrice);
      listable(player, itemId);
      const { item } = await listItem(deps, player, itemId, unitPrice);
      pushRemoval(sessions, player.id, itemId);
      await myOrders(player);
      conn.toast(`Listed ${item.item.name} for ${fmt(unitPrice)} Mana Dust.`);
    },

    async listItemOrders({ conn }, f) {
      if (f.skill !== undefined && !SKILLS.has(f.skill)) throw new GameError("Unknown skill.");
      if (f.minLevel !== undefined && f.maxLevel !== undefined && f.minLevel > f.maxLevel) {
        throw new GameError("The minimum level is above the maximum.");
      }
      const search: ItemSearch = {
        minLevel: f.minLevel,
        maxLevel: f.maxLevel,
        skill: f.skill,
        rarity: f.rarity,
        slot: f.slot,
        boosts: [f.boost, f.secondaryBoost, f.thirdBoost].filter(
          (b): b is number => b !== undefined && b > 0,
        ),
        onlyInfused: f.onlyInfused,
        minQuality: f.minQuality === undefined ? undefined : Math.min(99, f.minQuality),
        maxPrice: f.maxPrice,
        lastOrder: f.lastOrder,
      };
      const { listings, hasMore } = await searchListings(db, search);
      conn.send("itemOrders", {
        orders: listings.map(wireListing),
        append: f.lastOrder !== undefined,
        hasMore,
      });
    },

    async buyItemOrder({ conn, player }, { orderId, price: seen }) {
      price(seen);
      // The plain refusals first (the purchase checks them again in its transaction).
      const listed = await listingById(db, orderId);
      if (!listed || listed.sellerId === player.id || listed.unitPrice !== seen) {
        await tellState(player, orderId);
        if (!listed) throw new GameError(GONE);
        if (listed.sellerId === player.id) throw new GameError("That is your own listing.");
        throw new GameError(priceChanged(listed.item.name, listed.unitPrice));
      }
      let bought: Awaited<ReturnType<typeof buyListing>>;
      try {
        bought = await buyListing(deps, player, orderId, seen);
      } catch (err) {
        if (err instanceof GameError) await tellState(player, orderId);
        throw err;
      }
      const { listing, owned } = bought;
      sessions.send(player.id, "item", { id: owned.item.id, item: toWireItem(owned) });
      sessions.send(player.id, "playerUpdate", { patch: { loot: { 1: player.loot[1] ?? 0 } } });
      sessions.send(player.id, "itemOrder", { orderId });
      conn.toast(`Bought ${listing.item.name} for ${fmt(listing.unitPrice)} Mana Dust.`);
    },

    async updateItemOrder({ conn, player }, { orderId, unitPrice }) {
      price(unitPrice);
      if (!(await setListingPrice(db, orderId, player.id, unitPrice))) {
        throw new GameError("That listing is not yours or is gone.");
      }
      await tellState(player, orderId);
      await myOrders(player);
      conn.toast(`Your listing now asks ${fmt(unitPrice)} Mana Dust.`);
    },

    async cancelItemOrder({ conn, player }, { orderId }) {
      const listing = await withdrawListing(deps, player, orderId);
      const owned = player.inventory.get(listing.item.id);
      if (owned) sessions.send(player.id, "item", { id: owned.item.id, item: toWireItem(owned) });
      sessions.send(player.id, "itemOrder", { orderId });
      await myOrders(player);
      conn.toast(`Withdrew ${listing.item.name} from the market.`);
    },
  };
}
