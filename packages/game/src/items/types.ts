/**
 * The item value type and small shared helpers (see docs/game-rules.md "Items").
 * Items are immutable values: every rule returns a new item and never mutates its input.
 */
import type { Element, GatherActionType, Rarity, Slot } from "../enums";
import { type LootId, lootById } from "../loot";

/** Equipment slots that carry gear (1 weapon … 8 ring); 9 (sigil) is a separate system. */
export type GearSlot = 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8;
export const GEAR_SLOTS: readonly GearSlot[] = [1, 2, 3, 4, 5, 6, 7, 8];

export function isGearSlot(slot: number): slot is GearSlot {
  return Number.isInteger(slot) && slot >= 1 && slot <= 8;
}

export interface Item {
  /** Assigned by the server; 0 for an item that is not stored yet. */
  readonly id: number;
  readonly name: string;
  readonly level: number;
  /** 1 Common … 7 Mythic. */
  readonly rarity: Rarity;
  readonly slot: Slot;
  /**
   * Boost id -> value: the rolled modifiers (before infusion; see equipmentBoosts) plus the
   * enchant (rank id 60-71 and, for seven enchants, value id 80-86).
   */
  readonly boosts: Readonly<Record<number, number>>;
  /**
   * Boost id -> position of that roll in its range, 0..1 (the rolled modifiers only). The server
   * stores it with the item; it is what orbs reroll. Not sent on the wire (quality is).
   */
  readonly rolls: Readonly<Record<number, number>>;
  /** 0-99; each adds 5% to the rolled (non-enchant) modifiers. */
  readonly infusions: number;
  /** Mean position of the rolls in their ranges, 0..1 (shown as a percent). */
  readonly quality: number;
  /** Weapons (staffs): their element; a match with the spell gives +10% damage. */
  readonly element?: Element;
  /** Gathering gear: the gathering skill it boosts (Mining 2, Fishing 3, Woodcutting 4). */
  readonly skill?: GatherActionType;
}

/** A generated item before the server assigns its id. */
export type NewItem = Omit<Item, "id">;

/** Loot held by a player: loot id -> amount (missing = 0). */
export type Wallet = Readonly<Record<number, number>>;

export interface LootAmount {
  readonly lootId: LootId;
  readonly amount: number;
}

/** Success of an upgrade: the new item and what it costs (the server debits it). */
export interface Upgraded {
  readonly item: Item;
  readonly cost: readonly LootAmount[];
}

/** An upgrade gives the new item and its cost, or a message saying why it is not allowed. */
export type UpgradeResult = Upgraded | string;

export function isUpgradeError(r: UpgradeResult): r is string {
  return typeof r === "string";
}

/** Amount of a loot held (non-finite or missing = 0). */
export function held(wallet: Wallet, lootId: number): number {
  const v = wallet[lootId];
  return v === undefined || !Number.isFinite(v) ? 0 : v;
}

export function lootName(lootId: number): string {
  return lootById(lootId)?.name ?? `Loot ${lootId}`;
}

/** "Not enough X." for the first cost the wallet cannot pay, or null when it can pay all. */
export function missingCost(cost: readonly LootAmount[], wallet: Wallet): string | null {
  for (const c of cost) {
    if (held(wallet, c.lootId) < c.amount) return `Not enough ${lootName(c.lootId)}.`;
  }
  return null;
}

/** Rounds a boost value for storage and display (2 decimals). */
export function roundValue(x: number): number {
  return Math.round(x * 100) / 100;
}
