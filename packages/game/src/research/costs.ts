/** Research costs, affordability and purchase validation (docs/game-rules.md "Research"). */
import { boostById } from "../boosts";
import { held, type LootAmount, lootName, type Wallet } from "../items/types";
import { ENCHANTING_BASE_CAP, enchantingSkillCap } from "../items/upgrades/enchanting";
import type { LootId } from "../loot";
import { type CostCurve, type ResearchDef, researchById } from "./catalogue";

export interface ResearchOptions {
  /** Date for the enchanting skill cap; without it the base cap 22 applies. */
  readonly dateMs?: number;
  /**
   * The guild's Ethereal Refinery multiplier on building costs (`guildEffects().buildingCost`,
   * 1 − 1% a level); 1 without a guild.
   */
  readonly buildingCost?: number | undefined;
  /**
   * The Dungeons Unlocked cap (`unlockCap` in dungeons/rules.ts: completed + in progress +
   * queue size); without it no unlock can be bought.
   */
  readonly dungeonUnlockCap?: number | undefined;
}

/**
 * The farm's buildings (Harvest Golem, Fertilizer, Plots), researched with Mana Dust: the
 * costs the guild's Ethereal Refinery lowers (spec 001 section 9 "building cost (costs Mana
 * Dust)").
 */
export const FARM_BUILDINGS: readonly number[] = [130, 131, 132];

/** What a research's cost is multiplied by: the Ethereal Refinery's for a farm building. */
export function researchCostFactor(boostId: number, opts: ResearchOptions = {}): number {
  if (!FARM_BUILDINGS.includes(boostId)) return 1;
  const f = opts.buildingCost;
  return f === undefined || !Number.isFinite(f) ? 1 : Math.min(1, Math.max(0, f));
}

/** Cost of level n (1-based) on a curve: coef · n^exp. */
export function curveLevelCost(curve: CostCurve, n: number): number {
  return n >= 1 ? curve.coef * n ** curve.exp : 0;
}

/** Total cost of levels 1..n on a curve (closed forms, so huge levels are cheap to price). */
export function curveTotalCost(curve: CostCurve, level: number): number {
  const n = Math.max(0, Math.floor(level));
  const s1 = (n * (n + 1)) / 2;
  const sum =
    curve.exp === 0 ? n : curve.exp === 1 ? s1 : curve.exp === 2 ? (s1 * (2 * n + 1)) / 3 : s1 * s1;
  return curve.coef * sum;
}

/** Highest level allowed (Infinity when uncapped). */
export function researchCap(boostId: number, opts: ResearchOptions = {}): number {
  const cap = researchById(boostId)?.cap ?? null;
  if (cap === null) return Number.POSITIVE_INFINITY;
  if (cap === "enchanting") {
    return opts.dateMs === undefined ? ENCHANTING_BASE_CAP : enchantingSkillCap(opts.dateMs);
  }
  if (cap === "dungeonUnlock") {
    const c = opts.dungeonUnlockCap;
    return c !== undefined && Number.isFinite(c) ? Math.max(0, Math.floor(c)) : 0;
  }
  return cap;
}

export interface ResearchCost {
  readonly lootId: LootId;
  readonly cost: number;
}

/**
 * Cost of buying `amount` levels from `currentLevel`, in the research's currency (codex research
 * is counted in Codex and paid bound codex first; see researchPayment). [] for non-research ids.
 * A farm building's cost is lowered by the guild's Ethereal Refinery (`opts.buildingCost`),
 * rounded up to a whole amount.
 */
export function researchCost(
  boostId: number,
  currentLevel: number,
  amount: number,
  opts: ResearchOptions = {},
): ResearchCost[] {
  const def = researchById(boostId);
  if (def === undefined) return [];
  const from = Math.max(0, Math.floor(currentLevel));
  const n = Math.max(0, Math.floor(amount));
  const cost = discounted(
    curveTotalCost(def.curve, from + n) - curveTotalCost(def.curve, from),
    researchCostFactor(boostId, opts),
  );
  return [{ lootId: def.currency, cost }];
}

function discounted(cost: number, factor: number): number {
  return factor === 1 ? cost : Math.max(0, Math.ceil(cost * factor - 1e-9));
}

/** What the wallet can spend on a research: the sum of its payWith currencies. */
export function researchBudget(def: ResearchDef, wallet: Wallet): number {
  let sum = 0;
  for (const id of def.payWith) sum += Math.max(0, held(wallet, id));
  return sum;
}

/** Splits a cost over the research's currencies in order (bound codex before codex). */
export function researchPayment(def: ResearchDef, cost: number, wallet: Wallet): LootAmount[] {
  const out: LootAmount[] = [];
  let left = cost;
  def.payWith.forEach((lootId, i) => {
    if (left <= 0) return;
    const last = i === def.payWith.length - 1;
    const take = last ? left : Math.min(left, Math.max(0, held(wallet, lootId)));
    if (take > 0) out.push({ lootId, amount: take });
    left -= take;
  });
  return out;
}

/** Most levels the wallet pays for from `currentLevel`, within the cap. */
export function maxAffordable(
  boostId: number,
  currentLevel: number,
  wallet: Wallet,
  opts: ResearchOptions = {},
): number {
  const def = researchById(boostId);
  if (def === undefined) return 0;
  const from = Math.max(0, Math.floor(currentLevel));
  const room = Math.max(0, researchCap(boostId, opts) - from);
  const budget = researchBudget(def, wallet);
  const total0 = curveTotalCost(def.curve, from);
  const factor = researchCostFactor(boostId, opts);
  const fits = (n: number): boolean =>
    discounted(curveTotalCost(def.curve, from + n) - total0, factor) <= budget;
  let lo = 0;
  let hi = 1;
  while (hi <= room && hi < 2 ** 52 && fits(hi)) {
    lo = hi;
    hi *= 2;
  }
  hi = Math.min(hi, room + 1);
  // Invariant: fits(lo), and hi is beyond the cap or does not fit.
  while (hi - lo > 1) {
    const mid = Math.floor((lo + hi) / 2);
    if (fits(mid)) lo = mid;
    else hi = mid;
  }
  return lo;
}

export type PurchaseCheck =
  | {
      readonly ok: true;
      /** The level after the purchase. */
      readonly level: number;
      /** Total cost in the research's currency. */
      readonly cost: number;
      /** What to debit, per loot id. */
      readonly payment: readonly LootAmount[];
    }
  | { readonly ok: false; readonly error: string };

export const ERR_NOT_RESEARCH = "This boost cannot be researched.";
export const ERR_AMOUNT = "Amount must be at least 1.";

/**
 * Validates purchaseBoost(boost, amount) (spec: amount at least 1, not above what is affordable
 * or the cap; non-numeric counts as 0). Fractional amounts are truncated.
 */
export function validatePurchase(
  boostId: number,
  currentLevel: number,
  amount: unknown,
  wallet: Wallet,
  opts: ResearchOptions = {},
): PurchaseCheck {
  const def = researchById(boostId);
  if (def === undefined) return { ok: false, error: ERR_NOT_RESEARCH };
  const n = typeof amount === "number" && Number.isFinite(amount) ? Math.trunc(amount) : 0;
  if (n < 1) return { ok: false, error: ERR_AMOUNT };
  const name = boostById(boostId)?.name ?? `Boost ${boostId}`;
  const from = Math.max(0, Math.floor(currentLevel));
  const cap = researchCap(boostId, opts);
  if (from >= cap) return { ok: false, error: `${name} is at its maximum level (${cap}).` };
  if (from + n > cap) {
    const room = cap - from;
    return {
      ok: false,
      error: `${name} can only be raised ${room} more ${room === 1 ? "level" : "levels"} (max ${cap}).`,
    };
  }
  const cost = researchCost(boostId, from, n, opts)[0]?.cost ?? 0;
  if (cost > researchBudget(def, wallet)) {
    const can = maxAffordable(boostId, from, wallet, opts);
    return {
      ok: false,
      error:
        can === 0
          ? `Not enough ${lootName(def.currency)}.`
          : `You can only afford ${can} ${can === 1 ? "level" : "levels"} of ${name}.`,
    };
  }
  return { ok: true, level: from + n, cost, payment: researchPayment(def, cost, wallet) };
}
