/**
 * Pure helpers shared by every screen that shows an item (tooltips, inventory, upgrade page):
 * names, boost lines with infusion applied, the comparison with the equipped item, and the
 * adapter from the wire item to the rules package's item.
 */
import {
  ACTION_TYPE_NAMES,
  boostById,
  ELEMENT_NAMES,
  type Element,
  equipError,
  infusionMultiplier,
  isEnchantBoost,
  isGatherAction,
  RARITY_NAMES,
  type Rarity,
  type Item as RulesItem,
  type SkillLevels,
  SLOT_NAMES,
  type Slot,
} from "@manaspire/game";
import type { Item, PlayerState } from "@manaspire/protocol";
import { formatNumber } from "../../lib/numbers";

/** Slots 1-9 in the order the spec lists them (Weapon, Robe, … Sigil). */
export const SLOTS: readonly Slot[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

export function isKnownSlot(slot: number): slot is Slot {
  return Number.isInteger(slot) && slot >= 1 && slot <= 9;
}

/** "Weapon" … "Sigil"; unknown slots show their raw number. */
export function slotName(slot: number): string {
  return isKnownSlot(slot) ? SLOT_NAMES[slot] : `Slot ${slot}`;
}

export function rarityLabel(rarity: number): string {
  return RARITY_NAMES[rarity as Rarity] ?? `Rarity ${rarity}`;
}

/** Quality (0..1) as a percent with one decimal: "73.5%". */
export function qualityText(quality: number): string {
  const q = Number.isFinite(quality) ? Math.min(1, Math.max(0, quality)) : 0;
  return `${(q * 100).toFixed(1)}%`;
}

/** The wire item as the rules package's item (rolls are not sent; quality stands for them). */
export function toRulesItem(item: Item): RulesItem {
  const skill = item.skill;
  return {
    id: item.id,
    name: item.name,
    level: item.level,
    rarity: item.rarity,
    slot: item.slot,
    boosts: item.boosts,
    rolls: {},
    infusions: item.infusions,
    quality: item.quality,
    ...(item.element !== undefined && item.element !== 0 ? { element: item.element } : {}),
    ...(skill !== undefined && isGatherAction(skill) ? { skill } : {}),
  };
}

/** Battle and best gathering levels, as canEquip wants them. */
export function skillLevels(player: PlayerState | null): SkillLevels {
  return {
    battle: player?.battle.level ?? 0,
    mining: player?.mining.level ?? 0,
    fishing: player?.fishing.level ?? 0,
    woodcutting: player?.woodcutting.level ?? 0,
  };
}

/** Why the item cannot be equipped now, or null. */
export function equipBlockReason(item: Item, levels: SkillLevels): string | null {
  if (item.isEquipped) return "Already equipped.";
  return equipError(toRulesItem(item), levels);
}

/** "Fire staff", "Mining gear" and the like: the element or skill line of the tooltip. */
export function itemAffinity(item: Item): string | null {
  if (item.skill !== undefined && isGatherAction(item.skill)) {
    return `${ACTION_TYPE_NAMES[item.skill]} gear`;
  }
  if (item.element !== undefined && item.element !== 0) {
    return `${ELEMENT_NAMES[item.element as Element]} element`;
  }
  return null;
}

export interface BoostLine {
  id: number;
  /** The boost's name; an unknown boost shows its raw id. */
  name: string;
  known: boolean;
  percent: boolean;
  /** Enchant boosts (60-71, 80-86) are not scaled by infusions. */
  enchant: boolean;
  /** Value as stored on the item (before infusion). */
  base: number;
  /** Value the player gets: base × (1 + infusions/20) for rolled boosts. */
  value: number;
}

/** Drops float noise (3 × 1.1 = 3.3000000000000003) while keeping small values exact. */
function precise(value: number): number {
  return Number(value.toPrecision(12));
}

function boostLine(id: number, base: number, multiplier: number): BoostLine {
  const def = boostById(id);
  const enchant = isEnchantBoost(id);
  return {
    id,
    name: def?.name ?? `#${id}`,
    known: def !== undefined,
    percent: def?.percent === true,
    enchant,
    base,
    value: enchant ? base : precise(base * multiplier),
  };
}

/** Every boost of the item, by id, with its infusion-scaled value. */
export function itemBoostLines(item: Pick<Item, "boosts" | "infusions">): BoostLine[] {
  const multiplier = infusionMultiplier(item.infusions);
  return Object.keys(item.boosts)
    .map(Number)
    .sort((a, b) => a - b)
    .map((id) => boostLine(id, item.boosts[id] ?? 0, multiplier));
}

/** Rounds away float noise so 12.3 × 1.05 does not print as 12.915000000000001. */
function tidy(value: number): number {
  return Math.round(value * 100) / 100;
}

/**
 * "+12.5%" for a percent boost, "+12.5" for a flat one; an unknown boost shows its raw value.
 * `signed: false` leaves out the plus sign.
 */
export function formatBoostValue(
  line: Pick<BoostLine, "known" | "percent">,
  value: number,
  signed = true,
): string {
  if (!line.known) return String(value);
  const raw = formatNumber(tidy(Math.abs(value)));
  const text = /^\d+\.\d+$/.test(raw) ? raw.replace(/\.?0+$/, "") : raw;
  const sign = value < 0 ? "−" : signed ? "+" : "";
  return `${sign}${text}${line.percent ? "%" : ""}`;
}

export interface BoostDiff extends Omit<BoostLine, "base" | "value"> {
  /** The item's value (0 if it lacks the boost). */
  value: number;
  /** The equipped item's value (0 if it lacks the boost). */
  equipped: number;
  /** value − equipped. */
  delta: number;
}

/**
 * The item against the equipped item of its slot: one row per boost either has (by id), with
 * the infusion-scaled values and their difference. Rows without a difference are kept (delta 0)
 * so the panel lists every modifier of both items.
 */
export function itemComparison(
  item: Pick<Item, "boosts" | "infusions">,
  equipped: Pick<Item, "boosts" | "infusions">,
): BoostDiff[] {
  const mine = new Map(itemBoostLines(item).map((line) => [line.id, line]));
  const theirs = new Map(itemBoostLines(equipped).map((line) => [line.id, line]));
  const ids = [...new Set([...mine.keys(), ...theirs.keys()])].sort((a, b) => a - b);
  return ids.map((id) => {
    const a = mine.get(id);
    const b = theirs.get(id);
    const value = a?.value ?? 0;
    const other = b?.value ?? 0;
    const { base: _base, value: _value, ...meta } = (a ?? b)!;
    return { ...meta, value, equipped: other, delta: tidy(value - other) };
  });
}

/** The player's item equipped in `slot`, leaving out `exceptId` (the item being compared). */
export function equippedInSlot(
  items: Readonly<Record<number, Item>>,
  slot: number,
  exceptId?: number,
): Item | undefined {
  for (const item of Object.values(items)) {
    if (item.isEquipped && item.slot === slot && item.id !== exceptId) return item;
  }
  return undefined;
}

/** The equipped items by slot. */
export function equippedBySlot(items: Readonly<Record<number, Item>>): Partial<Record<Slot, Item>> {
  const out: Partial<Record<Slot, Item>> = {};
  for (const item of Object.values(items)) {
    if (item.isEquipped && isKnownSlot(item.slot)) out[item.slot] = item;
  }
  return out;
}

/** Whether the item is lent out (or lent to the player) through the guild armory. */
export function isBorrowed(item: Pick<Item, "borrowerName">): boolean {
  return item.borrowerName !== undefined && item.borrowerName !== "";
}
