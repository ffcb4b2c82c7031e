import { LootId } from "@manaspire/game";
import type { LootTrackerEntry } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";
import { trackLoot } from "./loot-tracker";
import { Col, markDirty } from "./player-columns";

/** Everyday loot that would flood the tracker: mana dust and the three base resources. */
function isRoutineLoot(id: number): boolean {
  return id === LootId.ManaDust || id === LootId.Fish || id === LootId.Wood || id === LootId.Iron;
}

/** The totals of an action nobody watches: no patch is sent, so none are collected. */
const NO_TOTALS: Record<number, number> = Object.freeze({}) as Record<number, number>;

/**
 * Adds loot to the player; returns the new totals of what changed (for the update patch)
 * and records the notable drops in the loot tracker. With `withTotals` false (an action
 * nobody watches) the totals are not collected and an empty map is returned.
 */
export function grantLoot(
  p: LoadedPlayer,
  loot: Readonly<Record<number, number>>,
  now: number,
  trackerOut: LootTrackerEntry[],
  withTotals = true,
): Record<number, number> {
  const totals: Record<number, number> = withTotals ? {} : NO_TOTALS;
  for (const key in loot) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    if (amount === 0) continue;
    const total = (p.loot[id] ?? 0) + amount;
    p.loot[id] = total;
    if (withTotals) totals[id] = total;
    if (!isRoutineLoot(id)) {
      const entry = { timestamp: now, lootId: id, amount };
      trackerOut.push(entry);
      trackLoot(p, entry);
    }
  }
  markDirty(p, Col.loot);
  return totals;
}

/**
 * Adds each amount to the player's loot (a negative one takes it): value moved, not dropped,
 * so nothing goes to the loot tracker. The caller has checked that the player holds what it
 * takes.
 */
export function addLoot(p: LoadedPlayer, loot: Readonly<Record<number, number>>): void {
  for (const [id, n] of Object.entries(loot)) {
    p.loot[Number(id)] = (p.loot[Number(id)] ?? 0) + n;
  }
  markDirty(p, Col.loot);
}
