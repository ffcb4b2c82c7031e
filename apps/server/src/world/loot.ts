import { type DropList, LootId } from "@manaspire/game";
import type { LootTrackerEntry } from "@manaspire/protocol";
import { type GuildTaxRule, NOTHING_TAXED, taxLoot } from "./guild-tax";
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
    grantOne(p, id, loot[id] ?? 0, now, trackerOut, withTotals ? totals : null);
  }
  markDirty(p, Col.loot);
  return totals;
}

function grantOne(
  p: LoadedPlayer,
  id: number,
  amount: number,
  now: number,
  trackerOut: LootTrackerEntry[],
  totals: Record<number, number> | null,
): void {
  if (amount === 0) return;
  const total = (p.loot[id] ?? 0) + amount;
  p.loot[id] = total;
  if (totals !== null) totals[id] = total;
  if (!isRoutineLoot(id)) {
    const entry = { timestamp: now, lootId: id, amount };
    trackerOut.push(entry);
    trackLoot(p, entry);
  }
}

/** What an action's loot did; one object, reused: callers read it at once and keep none. */
export interface GrantedLoot {
  /** The player's new totals of what changed (empty when nobody watches). */
  totals: Record<number, number>;
  /** What the player kept, as a map (built only when someone watches, or a tax split it). */
  kept: Record<number, number>;
  /** What the guild's tax took (taxLoot). */
  taxed: Record<number, number>;
}
const granted: GrantedLoot = { totals: NO_TOTALS, kept: NO_TOTALS, taxed: NOTHING_TAXED };

/**
 * An action's drop lists (battleRewardsInto, resolveGatherInto) into the player: the guild's
 * tax first when there is one (taxLoot, on a map), the rest as grantLoot grants it, ids in
 * the same ascending order. Untaxed and unwatched (most actions), no map is made at all.
 */
export function grantDrops(
  p: LoadedPlayer,
  drops: DropList,
  tax: GuildTaxRule | undefined,
  now: number,
  trackerOut: LootTrackerEntry[],
  detailed: boolean,
): GrantedLoot {
  if (tax) {
    const { kept, taxed } = taxLoot(p, drops.toRecord(), tax);
    granted.totals = grantLoot(p, kept, now, trackerOut, detailed);
    granted.kept = kept;
    granted.taxed = taxed;
    return granted;
  }
  const totals: Record<number, number> | null = detailed ? {} : null;
  for (let i = 0; i < drops.size; i++) {
    grantOne(p, drops.id(i), drops.amount(i), now, trackerOut, totals);
  }
  markDirty(p, Col.loot);
  granted.totals = totals ?? NO_TOTALS;
  granted.kept = detailed ? drops.toRecord() : NO_TOTALS;
  granted.taxed = NOTHING_TAXED;
  return granted;
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
