import {
  compareResting,
  cooldownRefusal,
  type Fill,
  LogCategory,
  LootId,
  MarketSide,
  matchOrder,
  oppositeSide,
} from "@manaspire/game";
import type { Runner } from "../../db/runner";
import { GameError } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { addLoot } from "../../world/loot";
import { type CreditWriter, type NewCredit, pinned } from "../../world/transact";
import { fmt } from "../format";
import {
  checksFor,
  crossingFor,
  lockBooks,
  type NamedOrder,
  type OrderRow,
  restOrders,
  takeFills,
} from "./book-store";
import { recordTradesOfBooks } from "./history";
import type { MarketDeps, OrderRequest, Placed } from "./market-types";
import { tradeCredits } from "./trade-texts";

/**
 * Orders placed together (issue 9: 2,000 matches a second). Orders that arrive while a batch
 * is in its transaction wait for the next one, which places them all at once: one
 * transaction locks their books (in id order, so processes never wait on each other in a
 * circle), reads what each needs in one statement per kind (the cool-down facts, the crossing
 * orders), matches each with the rules' `matchOrder`, writes every fill, resting order,
 * counterparty credit, trade, candle and log line in a few set-based statements, and last
 * writes the players' whole state with what they bought or earned already in it. A batch holds
 * at most one order per book, so its orders never trade with each other's leftovers; the rest
 * wait their turn in arrival order. Nothing is told before the commit; a failed transaction
 * puts every escrow and proceeds back and refuses all its orders.
 */

/** Orders one batch places at most. */
export const MAX_BATCH = 64;
/**
 * Batches in their transactions at once (on different books): one prepares while the other
 * waits for the database.
 */
export const MAX_IN_FLIGHT = 2;

const DUST = LootId.ManaDust;

interface Pending {
  p: LoadedPlayer;
  req: OrderRequest;
  now: number;
  resolve: (placed: Placed) => void;
  reject: (err: unknown) => void;
  /** The escrow taken from the player's memory (zero until taken). */
  escrow: { lootId: number; amount: number };
  /** Set when the order is refused (its escrow went back). */
  refusal?: GameError;
  /** What it did, once matched. */
  placed?: Placed;
  /** What the player gets (goods or dust, and unused escrow), once matched. */
  proceeds?: Record<number, number>;
  /** Whether `proceeds` went into the player's memory. */
  applied?: boolean;
}

export class OrderBatcher {
  private readonly queue: Pending[] = [];
  /** Books of the batches in their transactions now. */
  private readonly busyBooks = new Set<number>();
  private inFlight = 0;
  private scheduled = false;

  constructor(private readonly deps: MarketDeps) {}

  /** Places an order with the next batch. The caller checked the player holds the escrow. */
  place(p: LoadedPlayer, req: OrderRequest, now = Date.now()): Promise<Placed> {
    return pinned(
      [p],
      () =>
        new Promise<Placed>((resolve, reject) => {
          this.queue.push({ p, req, now, resolve, reject, escrow: { lootId: 0, amount: 0 } });
          this.schedule();
        }),
    );
  }

  /** Starts a batch soon (after the orders of this turn of the event loop have queued up). */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= MAX_IN_FLIGHT || this.queue.length === 0) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      const batch = this.take();
      if (batch.length === 0) return;
      this.inFlight++;
      for (const b of batch) this.busyBooks.add(b.req.lootId);
      void this.run(batch).finally(() => {
        this.inFlight--;
        for (const b of batch) this.busyBooks.delete(b.req.lootId);
        this.schedule();
      });
      this.schedule();
    });
  }

  /**
   * The next batch: the oldest waiting order of each book that no batch in flight holds, up
   * to MAX_BATCH; the others keep their place in the queue.
   */
  private take(): Pending[] {
    const books = new Set<number>(this.busyBooks);
    const batch: Pending[] = [];
    for (let i = 0; i < this.queue.length && batch.length < MAX_BATCH; ) {
      const next = this.queue[i] as Pending;
      if (books.has(next.req.lootId)) {
        i++;
        continue;
      }
      books.add(next.req.lootId);
      batch.push(next);
      this.queue.splice(i, 1);
    }
    return batch;
  }

  private async run(batch: Pending[]): Promise<void> {
    const players = [...new Set(batch.map((b) => b.p))];
    try {
      await this.deps.store.transact({
        players,
        order: "alone",
        stateLast: true,
        take: () => {
          for (const b of batch) takeEscrow(b);
        },
        undo: () => {
          for (const b of batch) if (!b.refusal) putBack(b);
        },
        work: (tx, credit) => this.work(tx, batch, credit),
      });
    } catch (err) {
      for (const b of batch) b.reject(b.refusal ?? err);
      return;
    }
    let trades = 0;
    for (const b of batch) {
      if (b.refusal || !b.placed) b.reject(b.refusal ?? new Error("order not placed"));
      else {
        trades += b.placed.fills.length;
        b.resolve(b.placed);
      }
    }
    if (trades > 0) this.deps.onTrades?.("resources", trades);
    for (const lootId of new Set(batch.map((b) => b.req.lootId))) {
      this.deps.onBookChanged?.(lootId);
    }
  }

  private async work(tx: Runner, batch: Pending[], credit: CreditWriter): Promise<void> {
    let live = batch.filter((b) => !b.refusal);
    if (live.length === 0) return;
    await lockBooks(
      tx,
      live.map((b) => b.req.lootId),
    );
    // Priced orders: one open order per player and item, and the cancel cool-down.
    const priced = live.filter((b) => b.req.limit !== null);
    if (priced.length > 0) {
      const facts = await checksFor(
        tx,
        priced.map((b) => ({ playerId: b.p.id, lootId: b.req.lootId, side: b.req.side })),
      );
      priced.forEach((b, i) => {
        const f = facts[i];
        const { itemName, side, limit } = b.req;
        const refusal = f?.own
          ? `You already have an open order for ${itemName}: edit or cancel it.`
          : cooldownRefusal({ last: f?.last, now: b.now, side, limit, best: f?.best, itemName });
        if (refusal) refuse(b, refusal);
      });
      live = live.filter((b) => !b.refusal);
      if (live.length === 0) return;
    }
    const crossing = await crossingFor(
      tx,
      live.map((b) => ({
        lootId: b.req.lootId,
        side: oppositeSide(b.req.side),
        limit: b.req.limit,
        quantity: b.req.quantity,
      })),
    );
    const fills: Fill[] = [];
    const toRest: Array<Omit<OrderRow, "id" | "createdAt">> = [];
    const toCredit: NewCredit[] = [];
    const log: Array<{ playerId: number; category: LogCategory; text: string }> = [];
    const trades: Array<{
      lootId: number;
      buyerId: number;
      sellerId: number;
      quantity: number;
      unitPrice: number;
    }> = [];
    live.forEach((b, i) => {
      const resting = (crossing[i] ?? []).sort(compareResting(oppositeSide(b.req.side)));
      const { side, lootId, limit, quantity } = b.req;
      const match = matchOrder(
        {
          side,
          playerId: b.p.id,
          quantity,
          limit,
          budget: side === MarketSide.Buy ? b.escrow.amount : 0,
        },
        resting,
      );
      fills.push(...match.fills);
      const byId = new Map<number, NamedOrder>(resting.map((o) => [o.id, o]));
      const texts = tradeCredits(b.p, b.req, match.fills, byId);
      toCredit.push(...texts.credits);
      log.push(...texts.log);
      for (const f of match.fills) {
        trades.push({
          lootId,
          buyerId: side === MarketSide.Buy ? b.p.id : f.makerId,
          sellerId: side === MarketSide.Sell ? b.p.id : f.makerId,
          quantity: f.quantity,
          unitPrice: f.unitPrice,
        });
      }
      const left = quantity - match.filled;
      const rests = limit !== null && left > 0;
      if (rests) {
        toRest.push({ playerId: b.p.id, lootId, side, quantity: left, unitPrice: limit });
        log.push({
          playerId: b.p.id,
          category: LogCategory.Market,
          text: `Placed a ${side === MarketSide.Buy ? "buy" : "sell"} order for ${fmt(left)} ${b.req.itemName} at ${fmt(limit)} Mana Dust each.`,
        });
      }
      // The player's own side: what it got, and what of the escrow neither traded nor rests.
      const own: Record<number, number> = {};
      const restHeld = rests ? (side === MarketSide.Buy ? left * limit : left) : 0;
      let returned: number;
      if (side === MarketSide.Buy) {
        if (match.filled > 0) own[lootId] = match.filled;
        returned = b.escrow.amount - match.dust - restHeld;
        if (returned > 0) own[DUST] = returned;
      } else {
        if (match.dust > 0) own[DUST] = match.dust;
        returned = b.escrow.amount - match.filled - restHeld;
        if (returned > 0) own[lootId] = returned;
      }
      b.proceeds = own;
      b.placed = {
        fills: match.fills,
        filled: match.filled,
        dust: match.dust,
        rested: undefined,
        returned,
      };
    });
    await takeFills(tx, fills);
    const rested = await restOrders(tx, toRest);
    for (const b of live) {
      const r = rested.find((o) => o.playerId === b.p.id && o.lootId === b.req.lootId);
      if (r && b.placed) b.placed.rested = r;
    }
    await credit.many(toCredit);
    await recordTradesOfBooks(tx, trades, live[0]?.now ?? Date.now());
    await this.deps.activityLog.writeIn(tx, log, live[0]?.now);
    // Last, in memory: the proceeds, written with the players' state right after this.
    for (const b of live) {
      addLoot(b.p, b.proceeds ?? {});
      b.applied = true;
    }
  }
}

function takeEscrow(b: Pending): void {
  const { p, req } = b;
  const escrow =
    req.side === MarketSide.Sell
      ? { lootId: req.lootId, amount: req.quantity }
      : // A buy at any price may spend everything held; what it does not spend returns.
        {
          lootId: DUST,
          amount: req.limit === null ? Math.floor(p.loot[DUST] ?? 0) : req.quantity * req.limit,
        };
  if ((p.loot[escrow.lootId] ?? 0) < escrow.amount || escrow.amount <= 0) {
    b.refusal = new GameError(
      req.side === MarketSide.Sell
        ? `You only have ${fmt(Math.floor(p.loot[req.lootId] ?? 0))} ${req.itemName}.`
        : "You do not have enough Mana Dust for that order.",
    );
    return;
  }
  b.escrow = escrow;
  addLoot(p, { [escrow.lootId]: -escrow.amount });
}

/** A failed transaction: the escrow back, and the proceeds out again if they went in. */
function putBack(b: Pending): void {
  if (b.applied && b.proceeds) {
    const out: Record<number, number> = {};
    for (const [id, n] of Object.entries(b.proceeds)) out[Number(id)] = -n;
    addLoot(b.p, out);
    b.applied = false;
  }
  if (b.escrow.amount > 0) addLoot(b.p, { [b.escrow.lootId]: b.escrow.amount });
  b.escrow = { lootId: 0, amount: 0 };
}

function refuse(b: Pending, text: string): void {
  putBack(b);
  b.refusal = new GameError(text);
}
