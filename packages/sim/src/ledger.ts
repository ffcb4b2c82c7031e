/**
 * Where every unit of every currency and resource came from and went: each change of a wallet
 * goes through `source` (created, named) or `sink` (destroyed, named); moves between holders
 * (market trades, guild taxes) are not flows. Conservation: for every loot id, the units held
 * by all holders equal all sources minus all sinks.
 */
/** loot id -> name -> amount (sources positive, sinks negative). */
export type Flows = Map<number, Map<string, number>>;

export class Ledger {
  /** day -> flows of that day. */
  readonly days: Flows[] = [];
  day = 0;

  source(lootId: number, name: string, amount: number): void {
    if (amount === 0) return;
    let f = this.days[this.day];
    if (!f) {
      f = new Map();
      this.days[this.day] = f;
    }
    let m = f.get(lootId);
    if (!m) {
      m = new Map();
      f.set(lootId, m);
    }
    m.set(name, (m.get(name) ?? 0) + amount);
  }

  sink(lootId: number, name: string, amount: number): void {
    this.source(lootId, name, -amount);
  }

  /** Net created minus destroyed of one loot, over all days (or up to `day` inclusive). */
  net(lootId: number, upTo = this.days.length - 1): number {
    let n = 0;
    for (let d = 0; d <= upTo; d++)
      for (const v of this.days[d]?.get(lootId)?.values() ?? []) n += v;
    return n;
  }

  /** lootId -> name -> amount of one day. */
  byLoot(day: number): Flows {
    return this.days[day] ?? new Map();
  }

  /** Every loot id that ever flowed. */
  lootIds(): number[] {
    const ids = new Set<number>();
    for (const f of this.days) for (const id of f?.keys() ?? []) ids.add(id);
    return [...ids].sort((a, b) => a - b);
  }
}

/** A holder's loot: loot id -> amount. */
export type Wallet = Record<number, number>;

export function addTo(w: Wallet, lootId: number, amount: number): void {
  w[lootId] = (w[lootId] ?? 0) + amount;
}

/** Adds created loot to a wallet and records its source. */
export function gain(
  ledger: Ledger,
  w: Wallet,
  loot: Readonly<Record<number, number>>,
  name: string,
) {
  for (const key in loot) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    if (amount === 0) continue;
    addTo(w, id, amount);
    ledger.source(id, name, amount);
  }
}

/** Takes destroyed loot from a wallet and records its sink. */
export function spend(
  ledger: Ledger,
  w: Wallet,
  cost: readonly { lootId: number; amount: number }[],
  name: string,
): void {
  for (const c of cost) {
    if (c.amount === 0) continue;
    addTo(w, c.lootId, -c.amount);
    ledger.sink(c.lootId, name, c.amount);
  }
}
