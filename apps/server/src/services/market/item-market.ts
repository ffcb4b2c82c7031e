import { LogCategory, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../db/runner";
import { GameError } from "../../socket/handlers";
import { CreditKind } from "../../world/credits";
import { INVENTORY_LIMIT, type OwnedItem } from "../../world/inventory";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { fmt } from "../format";
import {
  closeListing,
  type ItemListing,
  insertListing,
  listingCount,
  MAX_LISTINGS,
  ownedFrom,
} from "./item-order-store";
import type { MarketDeps } from "./market-types";

/**
 * The equipment market's moves (issue 9). Each is an "alone" `transact` of the acting player:
 * its memory changes first (the listed item leaves the inventory; the buyer's Mana Dust leaves
 * the balance), then one transaction writes the player's whole state with the listing's move
 * and, for a purchase, the seller's credit and both log lines. A failure puts memory back.
 */

const DUST = LootId.ManaDust;

/** An item the player may list: their own, held, not equipped. */
export function listable(p: LoadedPlayer, id: number): OwnedItem {
  const owned = p.inventory.get(id);
  if (!owned) {
    const lent = p.inventory.lentOut.get(id);
    if (lent) throw new GameError(`That item is lent to ${lent.borrowerName}.`);
    throw new GameError("Item not found.");
  }
  if (owned.borrowerId !== null) throw new GameError("That item is borrowed; it is not yours.");
  if (owned.equipped) throw new GameError(`Unequip ${owned.item.name} before selling it.`);
  return owned;
}

function roomFor(p: LoadedPlayer): void {
  if (p.inventory.count >= INVENTORY_LIMIT) {
    throw new GameError(`Your inventory is full (${fmt(INVENTORY_LIMIT)} items): make room first.`);
  }
}

/** Lists the player's item at a price; returns the listing's id. */
export async function listItem(
  deps: MarketDeps,
  p: LoadedPlayer,
  itemId: number,
  unitPrice: number,
): Promise<{ id: number; item: OwnedItem }> {
  let held: OwnedItem | undefined;
  const id = await deps.store.transact({
    players: [p],
    order: "alone",
    // Checked again here: the item may have changed while earlier writes finished.
    take: () => {
      listable(p, itemId);
      held = p.inventory.detach(itemId);
    },
    undo: () => {
      if (held) p.inventory.restore(held);
    },
    work: async (tx) => {
      if ((await listingCount(tx, p.id)) >= MAX_LISTINGS) {
        throw new GameError(`You can list at most ${MAX_LISTINGS} items at once.`);
      }
      const id = await insertListing(tx, p.id, (held as OwnedItem).item, unitPrice);
      await deps.activityLog.writeIn(tx, [
        {
          playerId: p.id,
          category: LogCategory.Market,
          text: `Listed ${(held as OwnedItem).item.name} for ${fmt(unitPrice)} Mana Dust.`,
        },
      ]);
      return id;
    },
    committed: () => {
      deps.store.newItems.delete(itemId);
    },
  });
  return { id, item: held as OwnedItem };
}

/**
 * Buys a listing at the price the buyer saw. The listing closes only at that price and only
 * when it is someone else's; otherwise nothing changes and the refusal says why.
 */
export async function buyListing(
  deps: MarketDeps,
  buyer: LoadedPlayer,
  orderId: number,
  price: number,
): Promise<{ listing: ItemListing; owned: OwnedItem }> {
  const listing = await deps.store.transact({
    players: [buyer],
    order: "alone",
    take: () => {
      roomFor(buyer);
      if ((buyer.loot[DUST] ?? 0) < price) {
        throw new GameError(`You need ${fmt(price)} Mana Dust to buy that.`);
      }
      buyer.loot[DUST] = (buyer.loot[DUST] ?? 0) - price;
      markDirty(buyer, Col.loot);
    },
    undo: () => {
      buyer.loot[DUST] = (buyer.loot[DUST] ?? 0) + price;
      markDirty(buyer, Col.loot);
    },
    work: async (tx, credit) => {
      const listing = await closeListing(
        tx,
        orderId,
        buyer.id,
        sql`o.unit_price = ${price} and o.seller_id <> ${buyer.id}`,
      );
      if (!listing) throw await whyNotBought(tx, orderId, buyer.id);
      const name = listing.item.name;
      const cost = `${fmt(price)} Mana Dust`;
      await credit({
        playerId: listing.sellerId,
        kind: CreditKind.Loot,
        loot: { [DUST]: price },
        itemId: null,
        note: `${buyer.name} bought your ${name} for ${cost}.`,
        trade: { side: 2, lootId: 0, quantity: 1, unitPrice: price, itemOrderId: orderId },
      });
      await deps.activityLog.writeIn(tx, [
        {
          playerId: buyer.id,
          category: LogCategory.Market,
          text: `Bought ${name} from ${listing.sellerName} for ${cost}.`,
        },
        {
          playerId: listing.sellerId,
          category: LogCategory.Market,
          text: `Sold ${name} to ${buyer.name} for ${cost}.`,
        },
      ]);
      return listing;
    },
    committed: (listing) => buyer.inventory.add(ownedFrom(listing, buyer.id), false),
  });
  deps.onTrades?.("items", 1);
  const owned = buyer.inventory.get(listing.item.id) ?? ownedFrom(listing, buyer.id);
  return { listing, owned };
}

async function whyNotBought(tx: Runner, orderId: number, buyerId: number): Promise<GameError> {
  const rows = await tx.execute(
    sql`select seller_id, unit_price, name from item_orders where id = ${orderId}`,
  );
  const [row] = resultRows<{
    seller_id: string | number;
    unit_price: string | number;
    name: string;
  }>(rows);
  if (!row) return new GameError(GONE);
  if (Number(row.seller_id) === buyerId) return new GameError("That is your own listing.");
  return new GameError(priceChanged(row.name, Number(row.unit_price)));
}

/** The refusal for a listing that closed before the purchase. */
export const GONE = "That listing is gone: someone bought it or it was withdrawn.";

/** The refusal for a listing repriced since the buyer looked. */
export function priceChanged(name: string, now: number): string {
  return `The price of ${name} is now ${fmt(now)} Mana Dust; look again before buying.`;
}

/** Withdraws the player's listing: the item comes back to their inventory. */
export async function withdrawListing(
  deps: MarketDeps,
  p: LoadedPlayer,
  orderId: number,
): Promise<ItemListing> {
  return deps.store.transact({
    players: [p],
    order: "alone",
    take: () => roomFor(p),
    work: async (tx) => {
      const listing = await closeListing(tx, orderId, p.id, sql`o.seller_id = ${p.id}`);
      if (!listing) throw new GameError("That listing is not yours or is gone.");
      await deps.activityLog.writeIn(tx, [
        {
          playerId: p.id,
          category: LogCategory.Market,
          text: `Withdrew ${listing.item.name} from the market.`,
        },
      ]);
      return listing;
    },
    committed: (listing) => p.inventory.add(ownedFrom(listing, p.id), false),
  });
}
