import {
  compareResting,
  cooldownRefusal,
  type Fill,
  LogCategory,
  LootId,
  MarketSide,
  matchOrder,
} from "@manaspire/game";
import type { Db } from "../../db/client";
import { GameError } from "../../socket/handlers";
import type { Sessions } from "../../socket/sessions";
import type { CreditInbox } from "../../world/credit-inbox";
import { type Credit, CreditKind, insertCredit, insertCredits } from "../../world/credits";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import type { PlayerStore } from "../../world/player-store";
import type { Runner } from "../../world/player-writes";
import type { ActivityLog } from "../activity-log";
import { pinned } from "../items/moves";
import {
  bestPrice,
  crossingOrders,
  lastCancel,
  lockBook,
  type OrderRow,
  orderById,
  ownOrder,
  recordCancel,
  removeOrder,
  restOrder,
  setOrderQuantity,
  takeFills,
} from "./book-store";
import { recordTrades } from "./history";

export interface MarketDeps {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  activityLog: ActivityLog;
  inbox: CreditInbox;
  /** An item's book or price history changed (the public answers' cache forgets it). */
  onBookChanged?: (lootId: number) => void;
}

/** A validated order: what it trades and what it takes out of the player's balance first. */
export interface OrderRequest {
  side: MarketSide;
  lootId: number;
  itemName: string;
  quantity: number;
  /** null: at any price (never rests). */
  limit: number | null;
}

/** What placing an order did, for the player's toasts and screens. */
export interface Placed {
  fills: Fill[];
  filled: number;
  dust: number;
  rested: OrderRow | undefined;
  /** Units (or dust, for a buy) given back because they neither traded nor rest. */
  returned: number;
}

const DUST = LootId.ManaDust;
const fmt = (n: number) => n.toLocaleString("en");

/** The part of the player's balance an order holds while it is being placed. */
function escrowOf(p: LoadedPlayer, req: OrderRequest): { lootId: number; amount: number } {
  if (req.side === MarketSide.Sell) return { lootId: req.lootId, amount: req.quantity };
  // A buy at any price may spend everything the player holds; what it does not spend returns.
  const amount = req.limit === null ? Math.floor(p.loot[DUST] ?? 0) : req.quantity * req.limit;
  return { lootId: DUST, amount };
}

function take(p: LoadedPlayer, lootId: number, amount: number): void {
  p.loot[lootId] = (p.loot[lootId] ?? 0) - amount;
  markDirty(p, Col.loot);
}

function give(p: LoadedPlayer, lootId: number, amount: number): void {
  p.loot[lootId] = (p.loot[lootId] ?? 0) + amount;
  markDirty(p, Col.loot);
}

/**
 * Places an order: once no other write of the player is under way its escrow leaves the
 * player's memory, then one transaction (holding the book's lock; not the process's other
 * writes, which go on side by side) writes the player's whole state, matches the order against the book at
 * price-time priority, pays each counterparty with a credit, records the trades and both
 * sides' log lines, rests what is left of a priced order, and credits the player with what it
 * bought or earned plus what it did not use. Nothing is told before the commit; a failure puts
 * the escrow back. The caller checked the player holds the escrow.
 */
export async function placeOrder(
  deps: MarketDeps,
  p: LoadedPlayer,
  req: OrderRequest,
  now = Date.now(),
): Promise<Placed> {
  return pinned([p], async () => {
    let escrow = { lootId: 0, amount: 0 };
    const credits: Credit[] = [];
    const { value: placed } = await deps.store.commitAlone(
      [p],
      (tx) => matchAndRest(tx, deps, p, req, escrow.amount, credits, now),
      {
        // Once no other write of the player is under way: the escrow leaves its balance.
        prepare: () => {
          escrow = escrowOf(p, req);
          if ((p.loot[escrow.lootId] ?? 0) < escrow.amount || escrow.amount <= 0) {
            throw new GameError(
              req.side === MarketSide.Sell
                ? `You only have ${fmt(Math.floor(p.loot[req.lootId] ?? 0))} ${req.itemName}.`
                : "You do not have enough Mana Dust for that order.",
            );
          }
          take(p, escrow.lootId, escrow.amount);
        },
        undo: () => give(p, escrow.lootId, escrow.amount),
        committed: () => {
          for (const c of credits) deps.inbox.deliver(c);
        },
      },
    );
    deps.onBookChanged?.(req.lootId);
    return placed;
  });
}

async function matchAndRest(
  tx: Runner,
  deps: MarketDeps,
  p: LoadedPlayer,
  req: OrderRequest,
  escrowed: number,
  credits: Credit[],
  now: number,
): Promise<Placed> {
  const { side, lootId, itemName, limit } = req;
  await lockBook(tx, lootId);
  if (limit !== null) {
    const own = await ownOrder(tx, p.id, lootId);
    if (own) {
      throw new GameError(`You already have an open order for ${itemName}: edit or cancel it.`);
    }
    const refusal = cooldownRefusal({
      last: await lastCancel(tx, p.id, lootId),
      now,
      side,
      limit,
      best: await bestPrice(tx, lootId, side),
      itemName,
    });
    if (refusal) throw new GameError(refusal);
  }
  const resting = (await crossingOrders(tx, lootId, side, limit, req.quantity)).sort(
    compareResting(side === MarketSide.Buy ? MarketSide.Sell : MarketSide.Buy),
  );
  const budget = side === MarketSide.Buy ? escrowed : 0;
  const match = matchOrder(
    { side, playerId: p.id, quantity: req.quantity, limit, budget },
    resting,
  );
  const byId = new Map(resting.map((o) => [o.id, o]));
  await takeFills(tx, match.fills);
  const log: Array<{ playerId: number; category: LogCategory; text: string }> = [];
  const toInsert: Array<Omit<Credit, "id">> = [];
  const makerSide = side === MarketSide.Buy ? MarketSide.Sell : MarketSide.Buy;
  for (const f of match.fills) {
    const maker = byId.get(f.orderId)?.playerName ?? "someone";
    const what = `${fmt(f.quantity)} ${itemName}`;
    const cost = `${fmt(f.quantity * f.unitPrice)} Mana Dust (${fmt(f.unitPrice)} each)`;
    toInsert.push({
      playerId: f.makerId,
      kind: CreditKind.Loot,
      loot:
        makerSide === MarketSide.Sell
          ? { [DUST]: f.quantity * f.unitPrice }
          : { [lootId]: f.quantity },
      itemId: null,
      note:
        makerSide === MarketSide.Sell
          ? `${p.name} bought ${what} from you for ${cost}.`
          : `${p.name} sold you ${what} for ${cost}.`,
      trade: { side: makerSide, lootId, quantity: f.quantity, unitPrice: f.unitPrice },
    });
    const [mine, theirs] =
      side === MarketSide.Buy
        ? [`Bought ${what} from ${maker}`, `Sold ${what} to ${p.name}`]
        : [`Sold ${what} to ${maker}`, `Bought ${what} from ${p.name}`];
    log.push(
      { playerId: p.id, category: LogCategory.Market, text: `${mine} for ${cost}.` },
      { playerId: f.makerId, category: LogCategory.Market, text: `${theirs} for ${cost}.` },
    );
  }
  await recordTrades(
    tx,
    lootId,
    match.fills.map((f) => ({
      buyerId: side === MarketSide.Buy ? p.id : f.makerId,
      sellerId: side === MarketSide.Sell ? p.id : f.makerId,
      quantity: f.quantity,
      unitPrice: f.unitPrice,
    })),
    now,
  );
  const left = req.quantity - match.filled;
  let rested: OrderRow | undefined;
  if (limit !== null && left > 0) {
    rested = await restOrder(tx, {
      playerId: p.id,
      lootId,
      side,
      quantity: left,
      unitPrice: limit,
    });
    log.push({
      playerId: p.id,
      category: LogCategory.Market,
      text: `Placed a ${side === MarketSide.Buy ? "buy" : "sell"} order for ${fmt(left)} ${itemName} at ${fmt(limit)} Mana Dust each.`,
    });
  }
  // The player's own side: what it got, and what of the escrow neither traded nor rests.
  const own: Record<number, number> = {};
  let returned: number;
  if (side === MarketSide.Buy) {
    if (match.filled > 0) own[lootId] = match.filled;
    returned = escrowed - match.dust - (rested ? rested.quantity * rested.unitPrice : 0);
    if (returned > 0) own[DUST] = returned;
  } else {
    if (match.dust > 0) own[DUST] = match.dust;
    returned = escrowed - match.filled - (rested ? rested.quantity : 0);
    if (returned > 0) own[lootId] = returned;
  }
  if (Object.keys(own).length > 0) {
    toInsert.push({ playerId: p.id, kind: CreditKind.Loot, loot: own, itemId: null, note: "" });
  }
  credits.push(...(await insertCredits(tx, toInsert)));
  await deps.activityLog.writeIn(tx, log, now);
  return { fills: match.fills, filled: match.filled, dust: match.dust, rested, returned };
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
  return pinned([p], async () => {
    const credits: Credit[] = [];
    const { value: order } = await deps.store.commitAlone(
      [p],
      async (tx) => {
        await lockBook(tx, known.lootId);
        const order = await removeOrder(tx, orderId, p.id);
        if (!order) throw new GameError("That order is not yours or is gone.");
        await recordCancel(tx, order, now);
        const back =
          order.side === MarketSide.Sell
            ? { [order.lootId]: order.quantity }
            : { [DUST]: order.quantity * order.unitPrice };
        credits.push(
          await insertCredit(tx, {
            playerId: p.id,
            kind: CreditKind.Loot,
            loot: back,
            itemId: null,
            note: "",
          }),
        );
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
      {
        committed: () => {
          for (const c of credits) deps.inbox.deliver(c);
        },
      },
    );
    deps.onBookChanged?.(order.lootId);
    return order;
  });
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
  return pinned([p], async () => {
    const credits: Credit[] = [];
    await deps.store.commitAlone(
      [p],
      async (tx) => {
        await lockBook(tx, known.lootId);
        if (!(await setOrderQuantity(tx, known, known.quantity, quantity))) {
          throw new GameError("That order changed meanwhile (part of it traded): look again.");
        }
        if (delta < 0) {
          credits.push(
            await insertCredit(tx, {
              playerId: p.id,
              kind: CreditKind.Loot,
              loot: { [lootId]: -delta },
              itemId: null,
              note: "",
            }),
          );
        }
      },
      {
        prepare: () => {
          if (delta > 0 && (p.loot[lootId] ?? 0) < delta) {
            throw new GameError(
              known.side === MarketSide.Sell
                ? `You only have ${fmt(Math.floor(p.loot[lootId] ?? 0))} more ${itemName(known.lootId)}.`
                : `You need ${fmt(delta)} more Mana Dust for that order.`,
            );
          }
          if (delta > 0) take(p, lootId, delta);
        },
        undo: () => {
          if (delta > 0) give(p, lootId, delta);
        },
        committed: () => {
          for (const c of credits) deps.inbox.deliver(c);
        },
      },
    );
    deps.onBookChanged?.(known.lootId);
    return { ...known, quantity };
  });
}
