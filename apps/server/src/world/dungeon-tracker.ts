import type { DungeonState } from "@manaspire/game";

/** Most equipment ids the dungeon loot tracker keeps (the newest). */
export const DUNGEON_TRACKER_ITEMS = 100;

/** Adds loot (and found equipment ids) to the dungeon loot tracker (getDungeonLootTracker). */
export function addToDungeonTracker(
  d: DungeonState,
  loot: Readonly<Record<number, number>>,
  items: readonly number[] = [],
): void {
  const t = d.tracker.loot;
  for (const key in loot) {
    const amount = loot[key] ?? 0;
    if (amount > 0) t[key as unknown as number] = (t[key as unknown as number] ?? 0) + amount;
  }
  if (items.length > 0) {
    d.tracker.items.push(...items);
    if (d.tracker.items.length > DUNGEON_TRACKER_ITEMS) {
      d.tracker.items.splice(0, d.tracker.items.length - DUNGEON_TRACKER_ITEMS);
    }
  }
}
