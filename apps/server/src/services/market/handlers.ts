import { hasMarket, LogCategory, LootId, lootById, MarketSide } from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { resultRows } from "../../db/runner";
import { GameError, type Handlers } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { fmt } from "../format";
import { ordersOf } from "./book-store";
import { itemMarketHandlers, listingsFor } from "./item-handlers";
import type { MarketDeps, Placed } from "./market-types";
import { tradeWithMerchant } from "./merchant";
import { cancelOrder, editOrder, placeOrder } from "./orders";

type WireOrder = ServerPayload<"marketOrders">["buy"][number];

/** Price levels of each side a book view shows. */
export const BOOK_LEVELS = 50;

/** The loot's catalogue entry when it may be traded on the market; otherwise a refusal. */
export function tradeableLoot(lootId: number): { id: number; name: string } {
  const def = lootById(lootId);
  if (!def) throw new GameError("Unknown item.");
  if (lootId === LootId.ManaDust) throw new GameError("Prices are in Mana Dust; it has no market.");
  if (!hasMarket(lootId)) throw new GameError(`${def.name} cannot be traded on the market.`);
  return def;
}

function nameOf(lootId: number): string {
  return lootById(lootId)?.name ?? `item ${lootId}`;
}

/**
 * The market's socket calls (spec 001 section 7, issue 9): the order book of each tradeable
 * resource, the player's orders and the merchant. Orders and trades: `orders.ts`.
 */
export function marketHandlers(deps: MarketDeps): Handlers {
  const { db, sessions } = deps;

  /** The book as the player sees it: others' orders summed by price, their own on its own. */
  async function bookOf(p: LoadedPlayer, lootId: number): Promise<ServerPayload<"marketOrders">> {
    const rows = await db.execute(sql`
      (select side, unit_price, sum(quantity) as quantity from market_orders
        where loot_id = ${lootId} and side = ${MarketSide.Sell} and player_id <> ${p.id}
        group by side, unit_price order by unit_price asc limit ${BOOK_LEVELS})
      union all
      (select side, unit_price, sum(quantity) as quantity from market_orders
        where loot_id = ${lootId} and side = ${MarketSide.Buy} and player_id <> ${p.id}
        group by side, unit_price order by unit_price desc limit ${BOOK_LEVELS})`);
    const book: ServerPayload<"marketOrders"> = { lootId, buy: [], sell: [] };
    for (const r of resultRows<{ side: number; unit_price: string; quantity: string }>(rows)) {
      const side = Number(r.side) as MarketSide;
      (side === MarketSide.Buy ? book.buy : book.sell).push({
        id: 0,
        playerId: 0,
        lootId,
        orderType: side,
        quantity: Number(r.quantity),
        unitPrice: Number(r.unit_price),
      });
    }
    const own = (await ordersOf(db, p.id)).find((o) => o.lootId === lootId);
    if (own) {
      const list = own.side === MarketSide.Buy ? book.buy : book.sell;
      list.push(wire(own));
      list.sort((a, b) =>
        own.side === MarketSide.Buy ? b.unitPrice - a.unitPrice : a.unitPrice - b.unitPrice,
      );
    }
    return book;
  }

  function wire(o: {
    id: number;
    playerId: number;
    lootId: number;
    side: MarketSide;
    quantity: number;
    unitPrice: number;
  }): WireOrder {
    return {
      id: o.id,
      playerId: o.playerId,
      lootId: o.lootId,
      orderType: o.side,
      quantity: o.quantity,
      unitPrice: o.unitPrice,
    };
  }

  async function myOrders(p: LoadedPlayer): Promise<ServerPayload<"myOrders">> {
    const [orders, itemOrders] = await Promise.all([ordersOf(db, p.id), listingsFor(deps, p)]);
    return { orders: orders.map(wire), itemOrders };
  }

  /** After a change: the view the player acted from, refreshed. */
  async function refresh(p: LoadedPlayer, lootId: number, fromMyOrders: boolean): Promise<void> {
    if (fromMyOrders) sessions.send(p.id, "myOrders", await myOrders(p));
    else sessions.send(p.id, "marketOrders", await bookOf(p, lootId));
  }

  /**
   * The player's own figures of the item and of Mana Dust, told at once: placing or growing an
   * order takes its escrow and a trade pays the placer in memory, with no credit to announce it
   * (the tick tells only what it changed itself).
   */
  function tellBalances(p: LoadedPlayer, lootId: number): void {
    sessions.send(p.id, "playerUpdate", {
      patch: {
        loot: {
          [lootId]: p.loot[lootId] ?? 0,
          [LootId.ManaDust]: p.loot[LootId.ManaDust] ?? 0,
        },
      },
    });
  }

  function placedToast(side: MarketSide, item: string, placed: Placed): string {
    const parts: string[] = [];
    if (placed.filled > 0) {
      parts.push(
        `${side === MarketSide.Buy ? "Bought" : "Sold"} ${fmt(placed.filled)} ${item} for ${fmt(placed.dust)} Mana Dust.`,
      );
    }
    if (placed.rested) {
      parts.push(
        `${placed.filled > 0 ? "The other" : "Your order for"} ${fmt(placed.rested.quantity)} ${placed.filled > 0 ? "wait" : `${item} waits`} on the market at ${fmt(placed.rested.unitPrice)} each.`,
      );
    }
    if (placed.filled === 0 && !placed.rested) {
      parts.push(`No ${side === MarketSide.Buy ? "sellers" : "buyers"} for ${item} right now.`);
    }
    return parts.join(" ");
  }

  return {
    ...itemMarketHandlers(deps, async (p) => sessions.send(p.id, "myOrders", await myOrders(p))),

    async listOrders({ conn, player }, { lootId }) {
      tradeableLoot(lootId);
      conn.send("marketOrders", await bookOf(player, lootId));
    },

    async refreshMyOrders({ conn, player }) {
      conn.send("myOrders", await myOrders(player));
    },

    async createOrder({ conn, player }, { side, lootId, quantity, unitPrice, quantityGiven }) {
      const item = tradeableLoot(lootId);
      if (side !== MarketSide.Buy && side !== MarketSide.Sell) throw new GameError("Buy or sell?");
      if (!Number.isSafeInteger(quantity) || !Number.isSafeInteger(unitPrice)) {
        throw new GameError("Enter whole numbers.");
      }
      const limit = unitPrice > 0 ? unitPrice : null;
      let amount = quantityGiven ? quantity : 0;
      if (side === MarketSide.Sell) {
        const held = Math.floor(player.loot[lootId] ?? 0);
        if (!quantityGiven) amount = held; // "all your …"
        if (held <= 0) throw new GameError(`You have no ${item.name} to sell.`);
        if (amount < 1) throw new GameError("Quantity must be at least 1.");
        if (amount > held) throw new GameError(`You only have ${fmt(held)} ${item.name}.`);
      } else {
        const dust = Math.floor(player.loot[LootId.ManaDust] ?? 0);
        if (limit === null && !quantityGiven) {
          throw new GameError("You need to either enter a price of quantity to buy.");
        }
        if (!quantityGiven && limit !== null) amount = Math.floor(dust / limit);
        if (amount < 1) {
          throw new GameError(
            quantityGiven
              ? "Quantity must be at least 1."
              : `You cannot afford one ${item.name} at ${fmt(limit ?? 0)} Mana Dust.`,
          );
        }
        if (limit !== null) {
          if (!Number.isSafeInteger(amount * limit))
            throw new GameError("That order is too large.");
          if (amount * limit > dust) {
            throw new GameError(
              `You need ${fmt(amount * limit)} Mana Dust for that order; you have ${fmt(dust)}.`,
            );
          }
        } else if (dust <= 0) {
          throw new GameError("You have no Mana Dust.");
        }
      }
      const placed = await placeOrder(deps, player, {
        side,
        lootId,
        itemName: item.name,
        quantity: amount,
        limit,
      });
      for (const f of placed.fills) {
        sessions.send(player.id, "marketTrade", {
          side,
          lootId,
          quantity: f.quantity,
          unitPrice: f.unitPrice,
        });
      }
      tellBalances(player, lootId);
      await refresh(player, lootId, false);
      conn.toast(placedToast(side, item.name, placed));
    },

    async updateOrder({ conn, player }, { orderId, quantity, myOrders: fromMyOrders }) {
      if (!Number.isSafeInteger(quantity) || quantity < 1) {
        throw new GameError("Quantity must be at least 1.");
      }
      const order = await editOrder(deps, player, orderId, quantity, nameOf);
      tellBalances(player, order.lootId);
      await refresh(player, order.lootId, fromMyOrders);
      conn.toast(`Your order for ${nameOf(order.lootId)} is now ${fmt(order.quantity)}.`);
    },

    async cancelOrder({ conn, player }, { orderId, myOrders: fromMyOrders }) {
      const order = await cancelOrder(deps, player, orderId, nameOf);
      await refresh(player, order.lootId, fromMyOrders);
      conn.toast(`Cancelled your order for ${fmt(order.quantity)} ${nameOf(order.lootId)}.`);
    },

    async tradeMerchant({ conn, player }, { sourceLootId, amount, targetLootId, fromGuildFunds }) {
      if (fromGuildFunds) {
        if (!deps.guildMerchant) throw new GameError("You are not in a guild.");
        const got = await deps.guildMerchant(player, sourceLootId, amount, targetLootId);
        conn.toast(
          `Traded the guild's ${fmt(amount)} ${nameOf(sourceLootId)} for ${fmt(got)} ${nameOf(targetLootId)}.`,
        );
        return;
      }
      const got = tradeWithMerchant(player, sourceLootId, amount, targetLootId);
      conn.send("playerUpdate", {
        patch: {
          loot: {
            [sourceLootId]: player.loot[sourceLootId] ?? 0,
            [targetLootId]: player.loot[targetLootId] ?? 0,
          },
        },
      });
      const text = `Traded ${fmt(amount)} ${nameOf(sourceLootId)} for ${fmt(got)} ${nameOf(targetLootId)}.`;
      deps.activityLog.record(player.id, LogCategory.Market, text);
      conn.toast(text);
    },
  };
}
