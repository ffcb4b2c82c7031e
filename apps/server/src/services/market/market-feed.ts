import { sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { resultRows } from "../../db/runner";

/** How often the feed reads new trades and the best prices while someone listens. */
export const MARKET_FEED_POLL_MS = 250;

export interface FeedTrade {
  id: number;
  lootId: number;
  quantity: number;
  unitPrice: number;
  /** ms since the epoch. */
  at: number;
}

/** An item's best prices after a change; null for a side without orders. */
export interface FeedBest {
  lootId: number;
  Buy: number | null;
  Sell: number | null;
}

export type FeedEvent = { kind: "trade"; trade: FeedTrade } | { kind: "best"; best: FeedBest };

type Best = Map<number, { Buy: number | null; Sell: number | null }>;

/**
 * The market's live feed for tools (issue 28, `/api/market/stream`): the trades every process
 * writes to `market_trades` and the best prices that change in `market_orders`, read from the
 * database every {@link MARKET_FEED_POLL_MS} ms while at least one stream listens (nothing
 * otherwise), so a trade made on any process reaches every process's listeners.
 */
export class MarketFeed {
  private readonly listeners = new Set<(e: FeedEvent) => void>();
  private timer: NodeJS.Timeout | undefined;
  private lastTradeId: number | undefined;
  private best: Best = new Map();
  private polling: Promise<void> | undefined;

  constructor(
    private readonly db: Db,
    private readonly opts: { pollMs?: number; onError?: (err: unknown) => void } = {},
  ) {}

  get listening(): number {
    return this.listeners.size;
  }

  /** The best prices now (what a new listener starts from). */
  async snapshot(): Promise<FeedBest[]> {
    if (this.lastTradeId === undefined) await this.poll();
    return [...this.best].map(([lootId, b]) => ({ lootId, ...b }));
  }

  /** Listens until the returned function is called. */
  subscribe(listener: (e: FeedEvent) => void): () => void {
    this.listeners.add(listener);
    if (!this.timer) {
      this.timer = setInterval(() => void this.poll(), this.opts.pollMs ?? MARKET_FEED_POLL_MS);
      this.timer.unref();
    }
    return () => {
      this.listeners.delete(listener);
      if (this.listeners.size === 0) this.stop();
    };
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.lastTradeId = undefined;
    this.best = new Map();
  }

  /** One read (never two at once). */
  poll(): Promise<void> {
    this.polling ??= this.read()
      .catch((err) => this.opts.onError?.(err))
      .finally(() => {
        this.polling = undefined;
      });
    return this.polling;
  }

  private async read(): Promise<void> {
    const first = this.lastTradeId === undefined;
    if (first) {
      const [row] = resultRows<{ id: string | null }>(
        await this.db.execute(sql`select max(id) as id from market_trades`),
      );
      this.lastTradeId = Number(row?.id ?? 0);
    } else {
      const trades = resultRows<{
        id: string;
        loot_id: number;
        quantity: string;
        unit_price: string;
        at: string;
      }>(
        await this.db.execute(sql`
          select id, loot_id, quantity, unit_price,
            (extract(epoch from created_at) * 1000)::int8 as at
          from market_trades where id > ${this.lastTradeId} order by id limit 1000`),
      );
      for (const t of trades) {
        this.lastTradeId = Number(t.id);
        this.emit({
          kind: "trade",
          trade: {
            id: Number(t.id),
            lootId: Number(t.loot_id),
            quantity: Number(t.quantity),
            unitPrice: Number(t.unit_price),
            at: Number(t.at),
          },
        });
      }
    }
    const rows = resultRows<{ loot_id: number; side: number; price: string }>(
      await this.db.execute(sql`
        select loot_id, side, case when side = 1 then max(unit_price) else min(unit_price) end as price
        from market_orders group by loot_id, side`),
    );
    const now: Best = new Map();
    for (const r of rows) {
      const id = Number(r.loot_id);
      const b = now.get(id) ?? { Buy: null, Sell: null };
      if (Number(r.side) === 1) b.Buy = Number(r.price);
      else b.Sell = Number(r.price);
      now.set(id, b);
    }
    if (!first) {
      for (const id of new Set([...now.keys(), ...this.best.keys()])) {
        const a = this.best.get(id);
        const b = now.get(id) ?? { Buy: null, Sell: null };
        if (a?.Buy !== b.Buy || a?.Sell !== b.Sell) {
          if (!a && b.Buy === null && b.Sell === null) continue;
          this.emit({ kind: "best", best: { lootId: id, ...b } });
        }
      }
    }
    this.best = now;
  }

  private emit(e: FeedEvent): void {
    for (const l of this.listeners) l(e);
  }
}
