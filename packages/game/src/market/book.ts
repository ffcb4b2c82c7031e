import { MarketSide } from "../enums";

/**
 * The resource market's order book rules (issue 9): price-time priority, partial fills, the
 * trade at the resting order's price, orders at any price, and no self-trade. Prices are
 * whole Mana Dust per unit; quantities whole units. The server keeps the book in the
 * database and runs `matchOrder` on the rows it locked.
 */

/** An order resting on the book. */
export interface RestingOrder {
  id: number;
  playerId: number;
  quantity: number;
  unitPrice: number;
}

/** One trade of an incoming order against a resting one. */
export interface Fill {
  orderId: number;
  /** The resting order's owner. */
  makerId: number;
  quantity: number;
  /** The resting order's price: a trade happens at the price that was on the book. */
  unitPrice: number;
}

/** An incoming order. */
export interface IncomingOrder {
  side: MarketSide;
  playerId: number;
  quantity: number;
  /** The worst price accepted; null trades at any price (and never rests). */
  limit: number | null;
  /**
   * Mana Dust a buy may spend (a buy at any price spends at most what the player holds).
   * Ignored for sells.
   */
  budget: number;
}

export interface MatchResult {
  fills: Fill[];
  /** Units traded. */
  filled: number;
  /** Mana Dust that changed hands (the buyer's spending, the seller's proceeds). */
  dust: number;
}

/** The side an order trades against. */
export function oppositeSide(side: MarketSide): MarketSide {
  return side === MarketSide.Buy ? MarketSide.Sell : MarketSide.Buy;
}

/**
 * Book order of one side, best first: sells by rising price, buys by falling price, and the
 * oldest (lowest id) first at a price.
 */
export function compareResting(side: MarketSide) {
  return (a: RestingOrder, b: RestingOrder): number =>
    (side === MarketSide.Sell ? a.unitPrice - b.unitPrice : b.unitPrice - a.unitPrice) ||
    a.id - b.id;
}

/** Whether an incoming order at `limit` may trade with a resting one at `price`. */
export function crosses(side: MarketSide, limit: number | null, price: number): boolean {
  if (limit === null) return true;
  return side === MarketSide.Buy ? price <= limit : price >= limit;
}

/**
 * Matches an incoming order against the opposite side's resting orders, given best first
 * (`compareResting`). Fills go best price first, oldest first at a price, at the resting
 * price, partially where needed; the player's own orders are skipped. A buy stops when its
 * budget cannot pay one more unit.
 */
export function matchOrder(order: IncomingOrder, resting: readonly RestingOrder[]): MatchResult {
  const fills: Fill[] = [];
  let left = order.quantity;
  let budget = order.budget;
  let dust = 0;
  for (const r of resting) {
    if (left <= 0) break;
    if (!crosses(order.side, order.limit, r.unitPrice)) break;
    if (r.playerId === order.playerId || r.quantity <= 0) continue;
    let quantity = Math.min(left, r.quantity);
    if (order.side === MarketSide.Buy) {
      quantity = Math.min(quantity, r.unitPrice > 0 ? Math.floor(budget / r.unitPrice) : quantity);
      if (quantity <= 0) break;
      budget -= quantity * r.unitPrice;
    }
    fills.push({ orderId: r.id, makerId: r.playerId, quantity, unitPrice: r.unitPrice });
    left -= quantity;
    dust += quantity * r.unitPrice;
  }
  return { fills, filled: order.quantity - left, dust };
}
