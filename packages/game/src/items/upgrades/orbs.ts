/**
 * Orbs and rarity upgrades (spec: power, chaos, divinity, legacy, perfection; Mythic for
 * Legendary items of level 3000+). Each returns a new item and its cost, or an error message.
 */
import { Rarity } from "../../enums";
import { LootId } from "../../loot";
import type { Rng } from "../../rng";
import { rebuildItem } from "../assemble";
import { SECONDARY_COUNT, slotBoosts } from "../catalogue";
import { pickDistinct } from "../generate";
import {
  type Item,
  isGearSlot,
  type LootAmount,
  missingCost,
  type UpgradeResult,
  type Wallet,
} from "../types";

export interface OrbContext {
  readonly rng: Rng;
  /** When given, the cost is checked against it ("Not enough Orb of Power."). */
  readonly wallet?: Wallet;
}

export interface PayContext {
  readonly wallet?: Wallet;
}

export const MYTHIC_MIN_LEVEL = 3000;

export const ERR_SIGIL = "Sigils cannot be upgraded.";
export const ERR_NO_ROLLS = "This item has no modifiers.";
export const ERR_ALL_PERFECT = "All rolls are already perfect.";
export const ERR_DIVINITY = "Only Epic items can be upgraded with an Orb of Divinity.";
export const ERR_LEGACY = "Only Legendary items can become Heirlooms.";
export const ERR_PERFECTION = "All rolls are already at the item's best roll.";
export const ERR_MYTHIC_RARITY = "Only Legendary items can become Mythic.";
export const ERR_MYTHIC_LEVEL = `The item must be level ${MYTHIC_MIN_LEVEL} or higher.`;

function one(lootId: LootId): LootAmount[] {
  return [{ lootId, amount: 1 }];
}

function finish(item: Item, cost: LootAmount[], wallet: Wallet | undefined): UpgradeResult {
  const missing = wallet === undefined ? null : missingCost(cost, wallet);
  return missing ?? { item, cost };
}

function rollIds(item: Item): number[] {
  return Object.keys(item.rolls).map(Number);
}

function precheck(item: Item): string | null {
  if (!isGearSlot(item.slot)) return ERR_SIGIL;
  if (rollIds(item).length === 0) return ERR_NO_ROLLS;
  return null;
}

/** Orb of Power: rerolls every roll's position and keeps each only if higher (spec). */
export function rerollPower(item: Item, ctx: OrbContext): UpgradeResult {
  const err = precheck(item);
  if (err !== null) return err;
  const ids = rollIds(item);
  if (ids.every((id) => (item.rolls[id] ?? 0) >= 1)) return ERR_ALL_PERFECT;
  const rolls: Record<number, number> = {};
  for (const id of ids) rolls[id] = Math.max(item.rolls[id] ?? 0, ctx.rng.next());
  return finish(rebuildItem(item, rolls), one(LootId.OrbOfPower), ctx.wallet);
}

/** Orb of Chaos: rerolls all modifiers: the main roll and a new secondary set for the slot. */
export function rerollChaos(item: Item, ctx: OrbContext): UpgradeResult {
  if (!isGearSlot(item.slot)) return ERR_SIGIL;
  const { main, pool } = slotBoosts(item.slot, item.element, item.skill);
  const rolls: Record<number, number> = { [main]: ctx.rng.next() };
  for (const id of pickDistinct(pool, SECONDARY_COUNT[item.rarity], ctx.rng)) {
    rolls[id] = ctx.rng.next();
  }
  return finish(rebuildItem(item, rolls), one(LootId.OrbOfChaos), ctx.wallet);
}

/** Orb of Divinity: Epic → Legendary, adding one new secondary modifier (spec; count: design). */
export function upgradeDivinity(item: Item, ctx: OrbContext): UpgradeResult {
  if (!isGearSlot(item.slot)) return ERR_SIGIL;
  if (item.rarity !== Rarity.Epic) return ERR_DIVINITY;
  const { pool } = slotBoosts(item.slot, item.element, item.skill);
  const rolls: Record<number, number> = { ...item.rolls };
  const free = pool.filter((id) => rolls[id] === undefined);
  for (const id of pickDistinct(free, 1, ctx.rng)) rolls[id] = ctx.rng.next();
  const next = rebuildItem(item, rolls, { rarity: Rarity.Legendary });
  return finish(next, one(LootId.OrbOfDivinity), ctx.wallet);
}

/** Orb of Legacy: Legendary → Heirloom: halves power, removes the level requirement (spec). */
export function upgradeLegacy(item: Item, ctx: PayContext = {}): UpgradeResult {
  if (!isGearSlot(item.slot)) return ERR_SIGIL;
  if (item.rarity !== Rarity.Legendary) return ERR_LEGACY;
  const next = rebuildItem(item, item.rolls, { rarity: Rarity.Heirloom });
  return finish(next, one(LootId.OrbOfLegacy), ctx.wallet);
}

/** Orb of Perfection: every roll's position becomes the best position on the item (spec). */
export function rerollPerfection(item: Item, ctx: PayContext = {}): UpgradeResult {
  const err = precheck(item);
  if (err !== null) return err;
  const ids = rollIds(item);
  const best = Math.max(...ids.map((id) => item.rolls[id] ?? 0));
  if (ids.every((id) => (item.rolls[id] ?? 0) >= best)) return ERR_PERFECTION;
  const rolls: Record<number, number> = {};
  for (const id of ids) rolls[id] = best;
  return finish(rebuildItem(item, rolls), one(LootId.OrbOfPerfection), ctx.wallet);
}

/** Mythic cost (spec): divine essence level/100 (rounded up: design) and elementium = level. */
export function mythicCost(level: number): LootAmount[] {
  const l = Math.max(0, Math.floor(level));
  return [
    { lootId: LootId.DivineEssence, amount: Math.ceil(l / 100) },
    { lootId: LootId.Elementium, amount: l },
  ];
}

/** Legendary of level 3000+ → Mythic (spec); power ×1.5 (RARITY_POWER, design). */
export function upgradeMythic(item: Item, ctx: PayContext = {}): UpgradeResult {
  if (!isGearSlot(item.slot)) return ERR_SIGIL;
  if (item.rarity !== Rarity.Legendary) return ERR_MYTHIC_RARITY;
  if (item.level < MYTHIC_MIN_LEVEL) return ERR_MYTHIC_LEVEL;
  const next = rebuildItem(item, item.rolls, { rarity: Rarity.Mythic });
  return finish(next, mythicCost(item.level), ctx.wallet);
}
