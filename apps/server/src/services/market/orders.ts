import { LogCategory, LootId, MarketSide } from "@manaspire/game";
import { GameError } from "../../socket/handlers";
import { CreditKind } from "../../world/credits";
import type { LoadedPlayer } from "../../world/loaded-player";
import { addLoot } from "../../world/loot";
import { fmt } from "../format";
import {
  lockBook,
  type OrderRow,
  orderById,
  recordCancel,
  removeOrder,
  setOrderQuantity,
} from "./book-store";
import type { MarketDeps, OrderRequest, Placed } from "./market-types";
import { OrderBatcher } from "./order-batch";

const DUST = LootId.ManaDust;

const batchers = new WeakMap<MarketDeps, OrderBatcher>();

/**
 * Places an order: it matches against the book at price-time priority, pays each counterparty
 * with a credit, records the trades and both sides' log lines, rests what is left of a priced
 * order and gives the player what it bought or earned plus what it did not use, all in one
 * transaction shared with the orders placed at the same moment (`order-batch.ts`). Nothing is
 * told before the commit. The caller checked the player holds the escrow.
 */
export function placeOrder(
  deps: MarketDeps,
  p: LoadedPlayer,
  req: OrderRequest,
  now = Date.now(),
): Promise<Placed> {
  let batcher = batchers.get(deps);
  if (!batcher) {
    batcher = new OrderBatcher(deps);
    batchers.set(deps, batcher);
  }
  return batcher.place(p, req, now);
}

/**
 * Cancels the player's order: in one transaction (holding the book's lock) the order goes and
 * its escrow comes back to the player as a credit, and the cancel is remembered for the
 * cool-down. Someone else's order, or one already gone, is refused.
 */
export async function cancelOrder(
  deps: MarketDeps,
  p: LoadedPlayer,
  orderId: number,
  itemName: (lootId: number) => string,
  now = Date.now(),
): Promise<OrderRow> {
  const known = await orderById(deps.db, orderId);
  if (!known || known.playerId !== p.id) throw new GameError("That order is not yours or is gone.");
  const order = await deps.store.transact({
    players: [p],
    order: "alone",
    work: async (tx, credit) => {
      await lockBook(tx, known.lootId);
      const order = await removeOrder(tx, orderId, p.id);
      if (!order) throw new GameError("That order is not yours or is gone.");
      await recordCancel(tx, order, now);
      const back =
        order.side === MarketSide.Sell
          ? { [order.lootId]: order.quantity }
          : { [DUST]: order.quantity * order.unitPrice };
      await credit({ playerId: p.id, kind: CreditKind.Loot, loot: back, itemId: null, note: "" });
      await deps.activityLog.writeIn(
        tx,
        [
          {
            playerId: p.id,
            category: LogCategory.Market,
            text: `Cancelled your ${order.side === MarketSide.Buy ? "buy" : "sell"} order for ${fmt(order.quantity)} ${itemName(order.lootId)} at ${fmt(order.unitPrice)} Mana Dust each.`,
          },
        ],
        now,
      );
      return order;
    },
  });
  deps.onBookChanged?.(order.lootId);
  return order;
}

/**
 * Sets the quantity of the player's resting order. More takes the difference from the
 * player's balance (goods for a sell, quantity × price Mana Dust for a buy); less gives it
 * back. Refused when a trade changed the order since the player looked (nothing changes).
 */
export async function editOrder(
  deps: MarketDeps,
  p: LoadedPlayer,
  orderId: number,
  quantity: number,
  itemName: (lootId: number) => string,
): Promise<OrderRow> {
  const known = await orderById(deps.db, orderId);
  if (!known || known.playerId !== p.id) throw new GameError("That order is not yours or is gone.");
  if (quantity === known.quantity) return known;
  const perUnit = known.side === MarketSide.Sell ? 1 : known.unitPrice;
  const lootId = known.side === MarketSide.Sell ? known.lootId : DUST;
  const delta = (quantity - known.quantity) * perUnit;
  if (!Number.isSafeInteger(quantity * perUnit)) throw new GameError("That order is too large.");
  await deps.store.transact({
    players: [p],
    order: "alone",
    take: () => {
      if (delta > 0 && (p.loot[lootId] ?? 0) < delta) {
        throw new GameError(
          known.side === MarketSide.Sell
            ? `You only have ${fmt(Math.floor(p.loot[lootId] ?? 0))} more ${itemName(known.lootId)}.`
            : `You need ${fmt(delta)} more Mana Dust for that order.`,
        );
      }
      if (delta > 0) addLoot(p, { [lootId]: -delta });
    },
    undo: () => {
      if (delta > 0) addLoot(p, { [lootId]: delta });
    },
    work: async (tx, credit) => {
      await lockBook(tx, known.lootId);
      if (!(await setOrderQuantity(tx, known, known.quantity, quantity))) {
        throw new GameError("That order changed meanwhile (part of it traded): look again.");
      }
      if (delta < 0) {
        await credit({
          playerId: p.id,
          kind: CreditKind.Loot,
          loot: { [lootId]: -delta },
          itemId: null,
          note: "",
        });
      }
    },
  });
  deps.onBookChanged?.(known.lootId);
  return { ...known, quantity };
}
