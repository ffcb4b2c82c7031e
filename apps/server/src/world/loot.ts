import { LootId } from "@manaspire/game";
import type { LootTrackerEntry } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";
import { trackLoot } from "./loot-tracker";
import { Col, markDirty } from "./player-columns";

/** Everyday loot that would flood the tracker: mana dust and the three base resources. */
function isRoutineLoot(id: number): boolean {
  return id === LootId.ManaDust || id === LootId.Fish || id === LootId.Wood || id === LootId.Iron;
}

/**
 * Adds loot to the player; returns the new totals of what changed (for the update patch)
 * and records the notable drops in the loot tracker.
 */
export function grantLoot(
  p: LoadedPlayer,
  loot: Readonly<Record<number, number>>,
  now: number,
  trackerOut: LootTrackerEntry[],
): Record<number, number> {
  const totals: Record<number, number> = {};
  for (const key in loot) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    if (amount === 0) continue;
    const total = (p.loot[id] ?? 0) + amount;
    p.loot[id] = total;
    totals[id] = total;
    if (!isRoutineLoot(id)) {
      const entry = { timestamp: now, lootId: id, amount };
      trackerOut.push(entry);
      trackLoot(p, entry);
    }
  }
  markDirty(p, Col.loot);
  return totals;
}
