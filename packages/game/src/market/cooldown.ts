import { MarketSide } from "../enums";

/**
 * The live game's rule against cancelling and re-posting to jump the queue (issue 9): after
 * a cancel, no new order on that item for 10 minutes, unless the new order beats the best
 * price of its side by at least 1%, or the cancelled order was over an hour old. An order at
 * any price never rests, so it is not held back.
 */
export const CANCEL_COOLDOWN_MS = 10 * 60_000;
/** A cancelled order at least this old does not hold the next one back. */
export const OLD_ORDER_MS = 60 * 60_000;
/** How much better than the best price a new order must be to skip the wait. */
export const COOLDOWN_BEAT = 0.01;

export interface LastCancel {
  cancelledAt: number;
  /** When the cancelled order had been placed. */
  placedAt: number;
}

/** The price a new order must reach to skip the wait (at least; at most for a sell). */
export function beatingPrice(side: MarketSide, best: number): number {
  return side === MarketSide.Buy
    ? Math.ceil(best * (1 + COOLDOWN_BEAT))
    : Math.floor(best * (1 - COOLDOWN_BEAT));
}

/**
 * Why a new order on an item must wait after a cancel, or null when it may go ahead. `best`
 * is the best price on the new order's own side (none: it is the best whatever its price).
 */
export function cooldownRefusal(args: {
  last: LastCancel | undefined;
  now: number;
  side: MarketSide;
  limit: number | null;
  best: number | undefined;
  itemName: string;
}): string | null {
  const { last, now, side, limit, best, itemName } = args;
  if (!last || limit === null) return null;
  const since = now - last.cancelledAt;
  if (since >= CANCEL_COOLDOWN_MS) return null;
  if (last.cancelledAt - last.placedAt >= OLD_ORDER_MS) return null;
  if (best === undefined) return null;
  const needed = beatingPrice(side, best);
  if (side === MarketSide.Buy ? limit >= needed : limit <= needed) return null;
  const minutes = Math.max(1, Math.ceil((CANCEL_COOLDOWN_MS - since) / 60_000));
  const bound = side === MarketSide.Buy ? "at least" : "at most";
  return (
    `You cancelled an order for ${itemName} less than an hour after placing it. ` +
    `Wait ${minutes} more minute${minutes === 1 ? "" : "s"}, or beat the best ` +
    `${side === MarketSide.Buy ? "buy" : "sell"} price by 1% ` +
    `(${bound} ${needed.toLocaleString("en")} Mana Dust).`
  );
}
