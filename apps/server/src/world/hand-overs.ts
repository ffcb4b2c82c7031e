import type { LoadedPlayer } from "./loaded-player";

/** What handing players over needs of the player store. */
export interface HandOverStore {
  readonly loaded: ReadonlyMap<number, LoadedPlayer>;
  /** Runs `fn` between the store's writes (PlayerStore.exclusive). */
  exclusive<T>(fn: () => Promise<T>): Promise<T>;
  /** Whether the player has anything to write (state or leaderboard scores). */
  unsaved(p: LoadedPlayer): boolean;
  /** Writes these players' whole unsaved state, in as few transactions as the store allows. */
  save(players: readonly LoadedPlayer[]): Promise<void>;
  /** Drops a saved player from memory. */
  drop(id: number): void;
  /** Gives the players' ownership to process `to` (one update). */
  release(ids: readonly number[], to: number): Promise<void>;
}

/** A player busy in a handler is asked again after this long, this many times (about 1 s). */
const BUSY_RETRY_MS = 20;
const BUSY_ATTEMPTS = 50;

interface Waiter {
  resolve: (released: boolean) => void;
  reject: (err: unknown) => void;
}

/** One player asked for: who waits for the answer, and how often it was found busy. */
interface Ask {
  waiters: Waiter[];
  busyTimes: number;
}

/**
 * Hand-overs (cluster/handover.ts) asked for together, by the process they go to, are saved,
 * dropped and given to it together: one transaction for their states (up to the flush's
 * chunk) and one update of their owner, where each had its own (thousands of sockets of one
 * process reaching another at once waited past the 5 s timeout, each save behind the
 * others). "Together": in one turn of the event loop, or while the batch before for the same
 * process was being saved.
 *
 * A player busy in a handler is asked again 20 ms later, up to 50 times (about a second),
 * then refused (false). When a batch's save fails, each of its players is tried alone, so one
 * player that cannot be written does not hold back the others.
 */
export class HandOvers {
  /** Hand-overs asked for and not started, by the process they go to. */
  private readonly asked = new Map<number, Map<number, Ask>>();
  /** Processes with a batch under way: what is asked meanwhile waits for the next. */
  private readonly running = new Set<number>();
  /** Batches handed over and the players in them (for the metrics). */
  onHandedOver: (players: number) => void = () => {};

  constructor(private readonly store: HandOverStore) {}

  /**
   * Saves the player's whole state, drops it from memory and gives its ownership to process
   * `to`. True once let go (or when it was not held here), false while it stayed busy.
   */
  handOver(id: number, to: number): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.ask(id, to, { waiters: [{ resolve, reject }], busyTimes: 0 });
    });
  }

  private ask(id: number, to: number, ask: Ask): void {
    let batch = this.asked.get(to);
    if (!batch) {
      batch = new Map();
      this.asked.set(to, batch);
      if (!this.running.has(to)) setImmediate(() => this.start(to));
    }
    const known = batch.get(id);
    if (known) known.waiters.push(...ask.waiters);
    else batch.set(id, ask);
  }

  private start(to: number): void {
    const batch = this.asked.get(to);
    if (!batch || this.running.has(to)) return;
    this.asked.delete(to);
    this.running.add(to);
    void this.run(batch, to).finally(() => {
      this.running.delete(to);
      if (this.asked.has(to)) this.start(to);
    });
  }

  private async run(batch: Map<number, Ask>, to: number): Promise<void> {
    const ids = [...batch.keys()];
    let outcome: { done: number[]; busy: number[] };
    try {
      outcome = await this.store.exclusive(() => this.letGo(ids));
      if (outcome.done.length > 0) await this.store.release(outcome.done, to);
    } catch (err) {
      if (batch.size === 1) {
        for (const ask of batch.values()) for (const w of ask.waiters) w.reject(err);
        return;
      }
      // One of them may be what fails: each alone.
      for (const [id, ask] of batch) await this.run(new Map([[id, ask]]), to);
      return;
    }
    if (outcome.done.length > 0) this.onHandedOver(outcome.done.length);
    for (const id of outcome.done) for (const w of batch.get(id)?.waiters ?? []) w.resolve(true);
    for (const id of outcome.busy) {
      const ask = batch.get(id);
      if (!ask) continue;
      if (++ask.busyTimes >= BUSY_ATTEMPTS) {
        for (const w of ask.waiters) w.resolve(false);
        continue;
      }
      setTimeout(() => this.ask(id, to, ask), BUSY_RETRY_MS);
    }
  }
  /**
   * Saves the players (again if a tick changed one during the save) and drops the ones no
   * handler holds; nothing is awaited between the last save and the drop.
   */
  private async letGo(ids: readonly number[]): Promise<{ done: number[]; busy: number[] }> {
    const done: number[] = [];
    const busy: number[] = [];
    let held: LoadedPlayer[] = [];
    for (const id of ids) {
      const p = this.store.loaded.get(id);
      if (!p) done.push(id);
      else if (p.busy > 0) busy.push(id);
      else held.push(p);
    }
    for (;;) {
      held = held.filter((p) => {
        if (this.store.loaded.get(p.id) === p) return true;
        done.push(p.id); // unloaded meanwhile: nothing of it is here to hand over
        return false;
      });
      const unsaved = held.filter((p) => this.store.unsaved(p));
      if (unsaved.length === 0) break;
      await this.store.save(unsaved);
    }
    for (const p of held) {
      if (p.busy > 0) {
        busy.push(p.id);
        continue;
      }
      this.store.drop(p.id);
      done.push(p.id);
    }
    return { done, busy };
  }
}
