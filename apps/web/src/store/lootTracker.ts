import type { LootTrackerEntry } from "@manaspire/protocol";

/** The loot tracker keeps the 200 newest entries (spec 000 section 9). */
export const LOOT_TRACKER_LIMIT = 200;

/** Entries arrive oldest first; the list shows newest first. */
export function addTrackerEntries(
  list: readonly LootTrackerEntry[],
  incoming: readonly LootTrackerEntry[],
): LootTrackerEntry[] {
  const next = [...incoming].reverse().concat(list);
  return next.length > LOOT_TRACKER_LIMIT ? next.slice(0, LOOT_TRACKER_LIMIT) : next;
}
