/**
 * Runs the work given for one key one after another; other keys' work runs beside it. A
 * failed work does not stop the work queued after it (its caller gets the error).
 *
 * Used where work reads state in several steps and then sends it: two runs racing could
 * arrive in the other order and leave a screen on the older state.
 */
export class SerialByKey<K> {
  /** Each key's last work (running or queued), settled whether it failed or not. */
  private readonly tails = new Map<K, Promise<void>>();
  /** Each key's coalesced work that has not started yet. */
  private readonly waiting = new Map<K, Promise<void>>();

  /** Runs `work` once the key's earlier work has settled. */
  run<T>(key: K, work: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(key) ?? Promise.resolve()).then(work);
    const tail = run.then(
      () => {},
      () => {},
    );
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return run;
  }

  /**
   * Like `run`, but joins the key's coalesced work when that has not started yet: it starts
   * after this call, so it reads what this call wanted read. A burst of changes costs at most
   * one run in progress and one queued.
   */
  coalesce(key: K, work: () => Promise<void>): Promise<void> {
    const queued = this.waiting.get(key);
    if (queued) return queued;
    const run = this.run(key, () => {
      this.waiting.delete(key);
      return work();
    });
    this.waiting.set(key, run);
    return run;
  }

  /** Keys with work running or queued (for tests). */
  get size(): number {
    return this.tails.size;
  }
}
