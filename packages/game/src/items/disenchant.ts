/**
 * Disenchanting: what an item yields (our design; docs/game-rules.md "Disenchanting") and the
 * auto-disenchant preference (spec: 0 none, 1 common, 2 uncommon, 3 rare).
 */
import { ESSENCE_BY_ELEMENT, LootId } from "../loot";
import type { Item } from "./types";
import { infusionCost } from "./upgrades/infusion";

/** Mana dust per (level + 10), by rarity 0-7. */
export const DISENCHANT_DUST: readonly number[] = [0, 100, 200, 400, 800, 1600, 1600, 3200];
/** Elemental shards per (1 + floor(level/50)), by rarity 0-7. */
export const DISENCHANT_SHARDS: readonly number[] = [0, 0, 1, 2, 5, 10, 10, 20];
/** Essence of a staff's element per (1 + floor(level/100)), by rarity 0-7. */
export const DISENCHANT_ESSENCE: readonly number[] = [0, 0, 0, 1, 2, 4, 4, 8];
/** Share of the mana dust spent on infusions that comes back. */
export const INFUSION_REFUND = 0.5;

/** What disenchanting one item gives: loot id -> amount (only non-zero entries). */
export function disenchantYield(item: Item): Record<number, number> {
  const out: Record<number, number> = {};
  const put = (id: number, amount: number): void => {
    if (amount > 0) out[id] = (out[id] ?? 0) + amount;
  };
  const r = item.rarity;
  const level = Math.max(1, Math.floor(item.level));
  const infused = Math.floor(INFUSION_REFUND * infusionCost(level, 0, item.infusions));
  put(LootId.ManaDust, (DISENCHANT_DUST[r] ?? 0) * (level + 10) + infused);
  put(LootId.ElementalShards, (DISENCHANT_SHARDS[r] ?? 0) * (1 + Math.floor(level / 50)));
  const el = item.slot === 1 ? item.element : undefined;
  if (el === 1 || el === 2 || el === 3) {
    put(ESSENCE_BY_ELEMENT[el], (DISENCHANT_ESSENCE[r] ?? 0) * (1 + Math.floor(level / 100)));
  }
  return out;
}

export interface DisenchantPreview {
  readonly count: number;
  /** loot id -> total amount. */
  readonly loot: Record<number, number>;
}

/**
 * The summed yield of `items` (the server's preview before the confirmed call). The server
 * leaves out equipped, favourite and borrowed items before calling it.
 */
export function disenchantPreview(items: readonly Item[]): DisenchantPreview {
  const loot: Record<number, number> = {};
  for (const item of items) {
    const y = disenchantYield(item);
    for (const key of Object.keys(y)) {
      const id = Number(key);
      loot[id] = (loot[id] ?? 0) + (y[id] ?? 0);
    }
  }
  return { count: items.length, loot };
}

/** Auto-disenchant preference (spec): items at or below it are disenchanted on drop. */
export const AutoDisenchant = { None: 0, Common: 1, Uncommon: 2, Rare: 3 } as const;
export type AutoDisenchant = (typeof AutoDisenchant)[keyof typeof AutoDisenchant];

/** Whether a dropped item is disenchanted at once under the preference. */
export function shouldAutoDisenchant(item: Pick<Item, "rarity">, preference: number): boolean {
  const pref = Math.min(AutoDisenchant.Rare, Math.max(0, Math.floor(preference)));
  return pref > 0 && item.rarity >= 1 && item.rarity <= pref;
}
