/**
 * Pure logic of the research screen: one row per research boost (level, cap, next cost) and
 * the purchase form (spec 001 section 5: amount at least 1, not above what is affordable or
 * the cap; Confirm disabled at 0 or above max; non-numeric becomes 0).
 */
import {
  boostById,
  lootName,
  maxAffordable,
  RESEARCH_TABS,
  type ResearchDef,
  type ResearchTab,
  researchBudget,
  researchCap,
  researchCost,
  researchCostFactor,
  researchTab,
  validatePurchase,
  type Wallet,
} from "@manaspire/game";
import { integerCodec } from "../../lib/localValue";
import { parseAmount } from "../../lib/numbers";

export interface ResearchRow {
  def: ResearchDef;
  name: string;
  description: string;
  level: number;
  /** Infinity when uncapped. */
  cap: number;
  atCap: boolean;
  /** Cost of the next level in the research's currency (0 at the cap). */
  nextCost: number;
  currencyName: string;
  /** What the player can spend on it (codex research: bound codex plus codex). */
  budget: number;
  /** Levels the player can buy now. */
  max: number;
  /**
   * What the guild's Ethereal Refinery multiplies this research's cost by (1: no discount;
   * only farm buildings have one).
   */
  costFactor: number;
  /** The guild's building-cost multiplier the row was priced with (for the purchase form). */
  buildingCost: number;
  /** The Dungeons Unlocked cap the row was priced with (dungeon hub), if any. */
  dungeonUnlockCap?: number | undefined;
}

/** Current research level of a boost (own boosts; missing = 0). */
export function researchLevel(boosts: Readonly<Record<number, number>>, boostId: number): number {
  const v = boosts[boostId];
  return v === undefined || !Number.isFinite(v) ? 0 : Math.max(0, Math.floor(v));
}

export function researchRow(
  def: ResearchDef,
  boosts: Readonly<Record<number, number>>,
  wallet: Wallet,
  dateMs: number,
  buildingCost = 1,
  dungeonUnlockCap?: number,
): ResearchRow {
  const boost = boostById(def.boostId);
  const level = researchLevel(boosts, def.boostId);
  const opts = { dateMs, buildingCost, dungeonUnlockCap };
  const cap = researchCap(def.boostId, opts);
  const atCap = level >= cap;
  return {
    def,
    name: boost?.name ?? `#${def.boostId}`,
    description: boost?.description ?? "",
    level,
    cap,
    atCap,
    nextCost: atCap ? 0 : (researchCost(def.boostId, level, 1, opts)[0]?.cost ?? 0),
    currencyName: lootName(def.currency),
    budget: researchBudget(def, wallet),
    max: maxAffordable(def.boostId, level, wallet, opts),
    costFactor: researchCostFactor(def.boostId, opts),
    buildingCost,
    dungeonUnlockCap,
  };
}

/** A tab's rows; `buildingCost`: the guild's Ethereal Refinery multiplier (1 without one). */
export function researchRows(
  tab: ResearchTab,
  boosts: Readonly<Record<number, number>>,
  wallet: Wallet,
  dateMs: number,
  buildingCost = 1,
): ResearchRow[] {
  return researchTab(tab).map((def) => researchRow(def, boosts, wallet, dateMs, buildingCost));
}

export interface PurchaseForm {
  /** Whole amount typed (non-numbers and negatives: 0). */
  amount: number;
  /** maxAffordable: what the Max button fills in. */
  max: number;
  /** Cost of `amount` levels (in the research's currency). */
  cost: number;
  levelAfter: number;
  canConfirm: boolean;
  /** Why Confirm is disabled (null when it is enabled or nothing is typed yet). */
  error: string | null;
}

/** Parses the amount text: suffixes and separators allowed; anything else becomes 0. */
export function parsePurchaseAmount(text: string): number {
  const n = Math.floor(parseAmount(text));
  return Number.isFinite(n) && n > 0 ? n : 0;
}

export function purchaseForm(
  def: ResearchDef,
  level: number,
  text: string,
  wallet: Wallet,
  dateMs: number,
  buildingCost = 1,
  dungeonUnlockCap?: number,
): PurchaseForm {
  const amount = parsePurchaseAmount(text);
  const opts = { dateMs, buildingCost, dungeonUnlockCap };
  const max = maxAffordable(def.boostId, level, wallet, opts);
  const cost = researchCost(def.boostId, level, amount, opts)[0]?.cost ?? 0;
  const check = validatePurchase(def.boostId, level, amount, wallet, opts);
  const canConfirm = amount >= 1 && amount <= max && check.ok;
  return {
    amount,
    max,
    cost,
    levelAfter: level + amount,
    canConfirm,
    error: canConfirm ? null : check.ok ? "Amount is above what you can buy." : check.error,
  };
}

/** The last research tab the player opened (spec: remembered locally). */
export const RESEARCH_TAB_KEY = "research-tab";
export const researchTabCodec = integerCodec(RESEARCH_TABS[0]?.id ?? 1);

/** A stored tab id, or the first tab when it is not one of the five. */
export function knownTab(id: number): ResearchTab {
  return RESEARCH_TABS.find((tab) => tab.id === id)?.id ?? RESEARCH_TABS[0]!.id;
}

/** "∞" for uncapped research. */
export function capText(cap: number): string {
  return Number.isFinite(cap) ? String(cap) : "∞";
}
