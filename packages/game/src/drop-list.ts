/**
 * The loot (or stat drops) of one action as two parallel lists, ids ascending: what the reward
 * formulas add, in a form the world tick reuses from action to action. A map with number keys
 * cost the tick ~220 bytes to make and ~170 more to walk with `for…in` on every action; these
 * lists are emptied and filled again, keeping their room (`clear` only resets the count).
 */
export class DropList {
  private readonly idList: number[] = [];
  private readonly amountList: number[] = [];
  private count = 0;

  /** How many ids the list holds. */
  get size(): number {
    return this.count;
  }

  /** The i-th id (ascending), i below `size`. */
  id(i: number): number {
    return this.idList[i] as number;
  }

  /** The amount of the i-th id. */
  amount(i: number): number {
    return this.amountList[i] as number;
  }

  /** Adds a positive amount of `id` (as `addDrop` does to a map; anything else is ignored). */
  add(id: number, amount: number): void {
    if (!(amount > 0)) return;
    const ids = this.idList;
    const amounts = this.amountList;
    let i = this.count;
    while (i > 0 && (ids[i - 1] as number) > id) i--;
    if (i > 0 && ids[i - 1] === id) {
      amounts[i - 1] = (amounts[i - 1] as number) + amount;
      return;
    }
    // Insert at i, moving the larger ids up one.
    for (let j = this.count; j > i; j--) {
      ids[j] = ids[j - 1] as number;
      amounts[j] = amounts[j - 1] as number;
    }
    ids[i] = id;
    amounts[i] = amount;
    this.count++;
  }

  /** Empties the list (its arrays keep their room for the next action). */
  clear(): void {
    this.count = 0;
  }

  /** The drops as a map (id → amount), as the reward functions' callers read them. */
  toRecord(): Record<number, number> {
    const out: Record<number, number> = {};
    for (let i = 0; i < this.count; i++) {
      out[this.idList[i] as number] = this.amountList[i] as number;
    }
    return out;
  }
}
