import {
  compareResting,
  hasMarket,
  LootId,
  MarketSide,
  matchOrder,
  type RestingOrder,
} from "@manaspire/game";
import type { SimAccount } from "./account";
import { addTo, type Wallet } from "./ledger";

/** Starting belief of every trader about a price (mana dust a unit); then supply and demand. */
export const INITIAL_PRICE: Readonly<Record<number, number>> = { [LootId.Codex]: 50_000 };
export const DEFAULT_INITIAL_PRICE = 1000;
/** How a trader moves their belief after an order: up or down by this share. */
export const PRICE_STEP = 0.05;

interface Resting extends RestingOrder {
  side: MarketSide;
}

/** Per loot: the trades of a day. */
export interface DayTrades {
  volume: number;
  dust: number;
  last: number;
}

/**
 * The order books, one per loot, run by the real `matchOrder` (price-time priority, the trade at
 * the resting price, no self-trade). What rests is escrowed here: the units of a sell, the dust
 * of a buy (limit × quantity), and given back when the owner cancels.
 */
export class Market {
  private readonly books = new Map<number, Resting[]>();
  private nextId = 1;
  /** Units and dust held by resting orders (part of the world's supply). */
  readonly escrow: Wallet = {};
  /** day -> loot -> trades. */
  readonly days: Map<number, DayTrades>[] = [];
  /** account id -> loot -> belief of the price. */
  private readonly beliefs = new Map<number, Record<number, number>>();

  belief(a: SimAccount, lootId: number): number {
    let b = this.beliefs.get(a.id);
    if (!b) {
      b = {};
      this.beliefs.set(a.id, b);
    }
    return b[lootId] ?? INITIAL_PRICE[lootId] ?? DEFAULT_INITIAL_PRICE;
  }

  private setBelief(a: SimAccount, lootId: number, price: number): void {
    const b = this.beliefs.get(a.id) ?? {};
    b[lootId] = Math.max(1, Math.round(price));
    this.beliefs.set(a.id, b);
  }

  /** Takes back every order of the account (escrow returned). */
  cancelAll(a: SimAccount): void {
    for (const [lootId, book] of this.books) {
      for (let i = book.length - 1; i >= 0; i--) {
        const o = book[i] as Resting;
        if (o.playerId !== a.id) continue;
        book.splice(i, 1);
        if (o.side === MarketSide.Sell) this.move(this.escrow, a.wallet, lootId, o.quantity);
        else this.move(this.escrow, a.wallet, LootId.ManaDust, o.quantity * o.unitPrice);
      }
    }
  }

  private move(from: Wallet, to: Wallet, lootId: number, amount: number): void {
    if (amount === 0) return;
    addTo(from, lootId, -amount);
    addTo(to, lootId, amount);
  }

  /**
   * Places a limit order at the account's belief, matches it, rests the remainder, and moves
   * the belief: a seller who sold it all asks more next time, one left with units asks less; a
   * buyer the other way round. Returns the units traded.
   */
  order(
    day: number,
    a: SimAccount,
    accounts: ReadonlyMap<number, SimAccount>,
    side: MarketSide,
    lootId: number,
    quantity: number,
  ): number {
    if (!hasMarket(lootId)) throw new RangeError(`loot ${lootId} has no market`);
    quantity = Math.floor(quantity);
    const price = this.belief(a, lootId);
    const dust = a.wallet[LootId.ManaDust] ?? 0;
    if (side === MarketSide.Buy) quantity = Math.min(quantity, Math.floor(dust / price));
    if (quantity <= 0) return 0;
    let book = this.books.get(lootId);
    if (!book) {
      book = [];
      this.books.set(lootId, book);
    }
    const opposite = side === MarketSide.Buy ? MarketSide.Sell : MarketSide.Buy;
    const resting = book.filter((o) => o.side === opposite).sort(compareResting(opposite));
    const result = matchOrder(
      { side, playerId: a.id, quantity, limit: price, budget: dust },
      resting,
    );
    const trades = this.trades(day, lootId);
    for (const f of result.fills) {
      const maker = accounts.get(f.makerId) as SimAccount;
      const o = book.find((r) => r.id === f.orderId) as Resting;
      o.quantity -= f.quantity;
      const paid = f.quantity * f.unitPrice;
      if (side === MarketSide.Buy) {
        // The seller's units were escrowed; the buyer pays now.
        this.move(this.escrow, a.wallet, lootId, f.quantity);
        this.move(a.wallet, maker.wallet, LootId.ManaDust, paid);
      } else {
        // The buyer's dust was escrowed at their limit, which is the fill price.
        this.move(a.wallet, maker.wallet, lootId, f.quantity);
        this.move(this.escrow, a.wallet, LootId.ManaDust, paid);
      }
      trades.volume += f.quantity;
      trades.dust += paid;
      trades.last = f.unitPrice;
    }
    for (let i = book.length - 1; i >= 0; i--)
      if ((book[i] as Resting).quantity <= 0) book.splice(i, 1);
    const left = quantity - result.filled;
    if (left > 0) {
      book.push({ id: this.nextId++, playerId: a.id, quantity: left, unitPrice: price, side });
      if (side === MarketSide.Sell) this.move(a.wallet, this.escrow, lootId, left);
      else this.move(a.wallet, this.escrow, LootId.ManaDust, left * price);
    }
    const up = side === MarketSide.Sell ? left === 0 : left > 0;
    this.setBelief(a, lootId, price * (up ? 1 + PRICE_STEP : 1 - PRICE_STEP));
    return result.filled;
  }

  private trades(day: number, lootId: number): DayTrades {
    let d = this.days[day];
    if (!d) {
      d = new Map();
      this.days[day] = d;
    }
    let t = d.get(lootId);
    if (!t) {
      t = { volume: 0, dust: 0, last: 0 };
      d.set(lootId, t);
    }
    return t;
  }

  /** Best bid and ask of a loot now (0 when none). */
  best(lootId: number): { bid: number; ask: number } {
    let bid = 0;
    let ask = 0;
    for (const o of this.books.get(lootId) ?? []) {
      if (o.side === MarketSide.Buy) bid = Math.max(bid, o.unitPrice);
      else ask = ask === 0 ? o.unitPrice : Math.min(ask, o.unitPrice);
    }
    return { bid, ask };
  }
}
