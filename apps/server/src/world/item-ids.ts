import { sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";

/** Where item ids come from: `take` must be synchronous (it runs inside the world tick). */
export interface ItemIdSource {
  /** The next free id, or undefined when none is reserved right now (more are on the way). */
  take(): number | undefined;
  /** Resolves when ids are available again (after `take` returned undefined). */
  whenAvailable(): Promise<void>;
}

/** Ids reserved per database round trip, and the stock below which more are fetched. */
export const ID_BLOCK = 1000;
export const ID_LOW_WATER = 500;

/**
 * Item ids reserved in blocks from the `items_id_seq` sequence
 * (`select nextval(...) from generate_series(1, n)`), so a drop in the tick takes an id from
 * memory. When the stock falls below {@link ID_LOW_WATER} a refill runs in the background.
 * Ids reserved but not used when the process stops are simply skipped (gaps are harmless).
 */
export class ItemIdPool implements ItemIdSource {
  private stock: number[] = [];
  private index = 0;
  private refilling: Promise<void> | null = null;

  constructor(
    private readonly fetchBlock: (n: number) => Promise<number[]>,
    private readonly opts: { block?: number; lowWater?: number; log?: FastifyBaseLogger } = {},
  ) {}

  /** A pool reading the items sequence of a database. */
  static forDatabase(db: Db, log?: FastifyBaseLogger): ItemIdPool {
    return new ItemIdPool(
      async (n) => {
        const result = await db.execute(
          sql`select nextval('items_id_seq')::bigint as id from generate_series(1, ${n})`,
        );
        const rows = (result as unknown as { rows: Array<{ id: string | number }> }).rows;
        return rows.map((r) => Number(r.id));
      },
      log ? { log } : {},
    );
  }

  /** Fills the first block (awaited at start, so the first tick has ids). */
  async start(): Promise<void> {
    await this.refill();
  }

  get available(): number {
    return this.stock.length - this.index;
  }

  take(): number | undefined {
    if (this.available <= (this.opts.lowWater ?? ID_LOW_WATER)) void this.refill();
    if (this.index >= this.stock.length) return undefined;
    return this.stock[this.index++];
  }

  whenAvailable(): Promise<void> {
    return this.available > 0 ? Promise.resolve() : this.refill();
  }

  /** One background refill at a time; a failure is logged and retried on the next `take`. */
  private refill(): Promise<void> {
    this.refilling ??= this.fetchBlock(this.opts.block ?? ID_BLOCK)
      .then(
        (ids) => {
          this.stock = this.stock.slice(this.index).concat(ids);
          this.index = 0;
        },
        (err) => {
          this.opts.log?.error({ err }, "item id refill failed");
          return new Promise<void>((resolve) => setTimeout(resolve, 1000).unref());
        },
      )
      .finally(() => {
        this.refilling = null;
      });
    return this.refilling;
  }
}

/** Ids from a local counter (benchmarks and unit tests; never for a real database). */
export class CounterItemIds implements ItemIdSource {
  constructor(private next = 1) {}

  take(): number {
    return this.next++;
  }

  whenAvailable(): Promise<void> {
    return Promise.resolve();
  }
}
