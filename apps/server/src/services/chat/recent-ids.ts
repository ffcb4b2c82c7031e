/** The last `capacity` ids added, for "did I see this one already" checks. */
export class RecentIds {
  private readonly ids = new Set<number>();

  constructor(private readonly capacity: number) {}

  has(id: number): boolean {
    return this.ids.has(id);
  }

  add(id: number): void {
    if (this.ids.has(id)) return;
    this.ids.add(id);
    if (this.ids.size > this.capacity) {
      // A Set iterates in insertion order: the first is the oldest.
      const oldest = this.ids.values().next().value as number;
      this.ids.delete(oldest);
    }
  }
}
