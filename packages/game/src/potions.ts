/**
 * Potions (spec 000 sections 3, 4, 9; spec 001 sections 3, 5, 9; costs, duration, belt and
 * drinking rules: our design; see docs/game-rules.md "Potions").
 *
 * A potion is identified by the boost it raises: Renewal (105 actions), Wisdom (120 battle
 * experience), Harvesting (124 base resource amount), Resonance (122 elemental shards). Brewing
 * puts potions in the belt; drinking one makes it active for an hour of actions; an active
 * potion ticks down once per action and ends at 0, and the belt's next potion of its kind
 * starts at once when the kind is set to AutoConsume. Renewal works at once (actions back).
 */
import { ACTION_INTERVAL_MS, RENEWAL_ACTIONS_PER_TIER } from "./actions";
import { boostValue } from "./boosts";
import { ActionType } from "./enums";
import { LootId } from "./loot";

import { PotionBoost, type PotionDef, potionByBoost } from "./potion-catalogue";

/** An active potion lasts one hour of actions: 1,200 ticks of 3 s (spec: "for 1 hour"). */
export const POTION_DURATION_TICKS = Math.round(3_600_000 / ACTION_INTERVAL_MS);
/** Under this many ticks (10 minutes) the icon pulses, and warns when the belt is empty (spec). */
export const POTION_WARN_TICKS = 200;
/** Potions per brew (spec: amount 0-99; 0 brews nothing, so the server asks for 1-99). */
export const MAX_BREW_AMOUNT = 99;
/** Belt capacity in potions: 10 + 10 per Potion Belt level (boost 133; our design). */
export const BELT_BASE_CAPACITY = 10;
export const BELT_CAPACITY_PER_LEVEL = 10;

export const POTION_MISMATCH_WARNING = "This potion type doesn't match your current action.";
export const QUICK_BREW_EMPTY = "Fill in the amounts in the brewing section first.";

export interface ActivePotion {
  boost: number;
  tier: number;
  /** Actions left; the potion ends at 0. */
  ticks: number;
}

export interface BeltPotion {
  boost: number;
  tier: number;
  amount: number;
  /** Drink the next one when the active one of this kind ends (Renewal: when actions run out). */
  autoConsume: boolean;
}

export interface PotionState {
  active: ActivePotion[];
  belt: BeltPotion[];
}

export function emptyPotions(): PotionState {
  return { active: [], belt: [] };
}

export function clonePotions(s: PotionState): PotionState {
  return { active: s.active.map((a) => ({ ...a })), belt: s.belt.map((b) => ({ ...b })) };
}

/** 1 + potion boost/100 (boost 108: Codex research plus the Distillation sigil). */
export function potionMultiplier(boosts: Readonly<Record<number, number>>): number {
  return 1 + Math.max(0, boostValue(boosts, 108)) / 100;
}

/**
 * What a potion of `tier` adds to its boost (spec, each scaled by 1 + potion boost/100):
 * Wisdom and Resonance +5% per tier, Harvesting +0.1 per tier; Renewal restores
 * 200 × tier actions (whole actions).
 */
export function potionEffect(
  boost: number,
  tier: number,
  boosts: Readonly<Record<number, number>>,
): number {
  const t = Math.max(0, tier);
  const m = potionMultiplier(boosts);
  switch (boost) {
    case PotionBoost.Renewal:
      return Math.floor(RENEWAL_ACTIONS_PER_TIER * t * m);
    case PotionBoost.Wisdom:
    case PotionBoost.Resonance:
      return 5 * t * m;
    case PotionBoost.Harvesting:
      return 0.1 * t * m;
    default:
      return 0;
  }
}

/** The active potions' boosts, to add to the player's total boosts. */
export function potionBoosts(
  active: readonly ActivePotion[],
  boosts: Readonly<Record<number, number>>,
): Record<number, number> {
  const out: Record<number, number> = {};
  for (const a of active) {
    if (a.ticks <= 0 || a.boost === PotionBoost.Renewal) continue;
    out[a.boost] = (out[a.boost] ?? 0) + potionEffect(a.boost, a.tier, boosts);
  }
  return out;
}

/** Herbs for `amount` potions of `tier`: tier of each of the kind's herbs per potion. */
export function brewCost(
  boost: number,
  tier: number,
  amount: number,
): Array<{ lootId: number; amount: number }> {
  const def = potionByBoost(boost);
  if (!def) return [];
  return def.herbs.map((lootId) => ({ lootId, amount: tier * amount }));
}

/** Potions the belt holds at most: 10 + 10 × Potion Belt (boost 133). */
export function beltCapacity(boosts: Readonly<Record<number, number>>): number {
  return (
    BELT_BASE_CAPACITY + BELT_CAPACITY_PER_LEVEL * Math.max(0, Math.floor(boostValue(boosts, 133)))
  );
}

export function beltCount(s: PotionState): number {
  let n = 0;
  for (const b of s.belt) n += b.amount;
  return n;
}

type Wallet = Readonly<Record<number, number>>;
type Cost = Array<{ lootId: number; amount: number }>;
export type PotionChange =
  | { ok: true; state: PotionState; cost: Cost }
  | { ok: false; error: string };

function lootName(id: number): string {
  return id === LootId.Sunpetal ? "Sunpetal" : id === LootId.Sageroot ? "Sageroot" : "Bloomwell";
}

function missing(cost: Cost, wallet: Wallet): string | null {
  for (const c of cost) {
    if ((wallet[c.lootId] ?? 0) < c.amount) return `Not enough ${lootName(c.lootId)}.`;
  }
  return null;
}

function tierError(def: PotionDef, tier: number): string | null {
  return Number.isInteger(tier) && tier >= 1 && tier <= def.maxTier
    ? null
    : `Tier must be a whole number from 1 to ${def.maxTier.toLocaleString("en-US")}.`;
}

/**
 * Brews `amount` potions of `tier` into the belt (spec: amount up to 99, tier up to 10 for
 * Renewal and 999,999 for the others, enough herbs). The belt holds one tier per kind: a
 * different tier of a kind already there is refused (upgrade or discard it first). The kind's
 * AutoConsume is set to `autoConsume`.
 */
export function brewPotion(
  state: PotionState,
  input: { boost: number; tier: number; amount: number; autoConsume: boolean },
  wallet: Wallet,
  boosts: Readonly<Record<number, number>>,
): PotionChange {
  const def = potionByBoost(input.boost);
  if (!def) return { ok: false, error: "Unknown potion." };
  const bad = tierError(def, input.tier);
  if (bad) return { ok: false, error: bad };
  const { amount } = input;
  if (!Number.isInteger(amount) || amount < 1 || amount > MAX_BREW_AMOUNT) {
    return { ok: false, error: `Amount must be a whole number from 1 to ${MAX_BREW_AMOUNT}.` };
  }
  const stack = state.belt.find((b) => b.boost === def.boost);
  if (stack && stack.amount > 0 && stack.tier !== input.tier) {
    return {
      ok: false,
      error: `Your belt holds ${def.name} potions of tier ${stack.tier}: upgrade or discard them first.`,
    };
  }
  const room = beltCapacity(boosts) - beltCount(state);
  if (amount > room) {
    return {
      ok: false,
      error: room > 0 ? `Your potion belt has room for ${room} more.` : "Your potion belt is full.",
    };
  }
  const cost = brewCost(def.boost, input.tier, amount);
  const short = missing(cost, wallet);
  if (short) return { ok: false, error: short };
  const next = clonePotions(state);
  const own = next.belt.find((b) => b.boost === def.boost);
  if (own) {
    own.amount += amount;
    own.tier = input.tier;
    own.autoConsume = input.autoConsume;
  } else {
    next.belt.push({ boost: def.boost, tier: input.tier, amount, autoConsume: input.autoConsume });
  }
  return { ok: true, state: next, cost };
}

/**
 * Raises every potion of a kind in the belt to `tier`, paying the herbs of the tiers added
 * ((tier − old) × amount of each herb).
 */
export function upgradeBeltPotion(
  state: PotionState,
  boost: number,
  tier: number,
  wallet: Wallet,
): PotionChange {
  const def = potionByBoost(boost);
  if (!def) return { ok: false, error: "Unknown potion." };
  const stack = state.belt.find((b) => b.boost === boost && b.amount > 0);
  if (!stack) return { ok: false, error: `You have no ${def.name} potions in your belt.` };
  const bad = tierError(def, tier);
  if (bad) return { ok: false, error: bad };
  if (tier <= stack.tier) return { ok: false, error: `Choose a tier above ${stack.tier}.` };
  const cost = brewCost(boost, tier - stack.tier, stack.amount);
  const short = missing(cost, wallet);
  if (short) return { ok: false, error: short };
  const next = clonePotions(state);
  const own = next.belt.find((b) => b.boost === boost) as BeltPotion;
  own.tier = tier;
  return { ok: true, state: next, cost };
}

/** Throws away a kind's belt stack, or ends its active potion (`active`); no herbs back. */
export function discardPotion(state: PotionState, boost: number, active: boolean): PotionChange {
  const def = potionByBoost(boost);
  if (!def) return { ok: false, error: "Unknown potion." };
  const next = clonePotions(state);
  if (active) {
    const i = next.active.findIndex((a) => a.boost === boost);
    if (i < 0) return { ok: false, error: `No ${def.name} potion is active.` };
    next.active.splice(i, 1);
  } else {
    const i = next.belt.findIndex((b) => b.boost === boost && b.amount > 0);
    if (i < 0) return { ok: false, error: `You have no ${def.name} potions in your belt.` };
    next.belt.splice(i, 1);
  }
  return { ok: true, state: next, cost: [] };
}

/** Sets a kind's AutoConsume. */
export function setAutoConsume(state: PotionState, boost: number, on: boolean): PotionChange {
  const def = potionByBoost(boost);
  if (!def) return { ok: false, error: "Unknown potion." };
  const next = clonePotions(state);
  const own = next.belt.find((b) => b.boost === boost);
  if (!own) return { ok: false, error: `You have no ${def.name} potions in your belt.` };
  own.autoConsume = on;
  return { ok: true, state: next, cost: [] };
}

export type DrinkResult =
  | { ok: true; state: PotionState; actions: number; tier: number }
  | { ok: false; error: string };

/**
 * Drinks one potion of a kind from the belt. Renewal gives its actions at once (capped at the
 * max by the caller's `applyRenewal`); another kind becomes active for 1,200 ticks, refused
 * while one of that kind is still active.
 */
export function drinkPotion(
  state: PotionState,
  boost: number,
  boosts: Readonly<Record<number, number>>,
): DrinkResult {
  const def = potionByBoost(boost);
  if (!def) return { ok: false, error: "Unknown potion." };
  const stack = state.belt.find((b) => b.boost === boost && b.amount > 0);
  if (!stack) return { ok: false, error: `You have no ${def.name} potions in your belt.` };
  const running = state.active.find((a) => a.boost === boost);
  if (running) {
    return {
      ok: false,
      error: `A ${def.name} potion is already active (${running.ticks} ticks left).`,
    };
  }
  const next = clonePotions(state);
  const tier = stack.tier;
  takeOne(next, boost);
  if (boost === PotionBoost.Renewal) {
    return { ok: true, state: next, actions: potionEffect(boost, tier, boosts), tier };
  }
  next.active.push({ boost, tier, ticks: POTION_DURATION_TICKS });
  return { ok: true, state: next, actions: 0, tier };
}

function takeOne(s: PotionState, boost: number): BeltPotion | undefined {
  for (let i = 0; i < s.belt.length; i++) {
    const b = s.belt[i] as BeltPotion;
    if (b.boost !== boost || b.amount <= 0) continue;
    b.amount--;
    if (b.amount === 0) s.belt.splice(i, 1);
    return b;
  }
  return undefined;
}

/** What `tickPotions` did: bit 1 a potion ended, bit 2 one started from the belt. */
export const POTION_ENDED = 1;
export const POTION_STARTED = 2;

/**
 * One action's tick (hot path, mutates `state`): every active potion loses one tick; one that
 * reaches 0 ends, and the belt's next potion of its kind starts at once if the kind is set to
 * AutoConsume. Returns 0 when only the counters moved (the effects did not change). The boost
 * of each potion that ended with none to follow it is pushed onto `ended` (when given).
 */
export function tickPotions(state: PotionState, ended?: number[]): number {
  const active = state.active;
  let changed = 0;
  for (let i = active.length - 1; i >= 0; i--) {
    const a = active[i] as ActivePotion;
    a.ticks--;
    if (a.ticks > 0) continue;
    changed |= POTION_ENDED;
    const stack = state.belt.find((b) => b.boost === a.boost && b.amount > 0 && b.autoConsume);
    if (stack) {
      const tier = stack.tier;
      takeOne(state, a.boost);
      a.tier = tier;
      a.ticks = POTION_DURATION_TICKS;
      changed |= POTION_STARTED;
    } else {
      active.splice(i, 1);
      ended?.push(a.boost);
    }
  }
  return changed;
}

/**
 * Renewal's AutoConsume: when the actions have run out, drink the belt's next Renewal
 * (mutates `state`). Returns the actions it gives (0 when none was drunk).
 */
export function autoRenewal(
  state: PotionState,
  actions: number,
  boosts: Readonly<Record<number, number>>,
): number {
  if (actions > 0) return 0;
  const stack = state.belt.find(
    (b) => b.boost === PotionBoost.Renewal && b.amount > 0 && b.autoConsume,
  );
  if (!stack) return 0;
  const tier = stack.tier;
  takeOne(state, PotionBoost.Renewal);
  return potionEffect(PotionBoost.Renewal, tier, boosts);
}

/** Whether the active potion's icon warns: under 200 ticks and none of its kind in the belt. */
export function potionRunningOut(active: ActivePotion, belt: readonly BeltPotion[]): boolean {
  return (
    active.ticks < POTION_WARN_TICKS && !belt.some((b) => b.boost === active.boost && b.amount > 0)
  );
}

/** The icon pulses in the potion's last 10 minutes (200 ticks of 3 s). */
export function potionPulses(active: ActivePotion): boolean {
  return active.ticks * ACTION_INTERVAL_MS <= 10 * 60_000;
}

/** Wisdom while not battling, Harvesting while battling (spec 001 section 5). */
export function potionMismatch(boost: number, actionType: number): boolean {
  const battling = actionType === ActionType.Battle;
  return (
    (boost === PotionBoost.Wisdom && !battling) || (boost === PotionBoost.Harvesting && battling)
  );
}

/** A brewing-section entry (what the potions tab remembers for each kind). */
export interface BrewEntry {
  boost: number;
  tier: number;
  amount: number;
}

/**
 * Quick brewing from the shell's potion icon (spec): only Actions, Battle Experience, Base
 * Resource Amount and Elemental Shard potions; Battle Experience skipped unless battling, Base
 * Resource Amount skipped while battling; only entries with amount and tier above 0. An empty
 * result means: toast QUICK_BREW_EMPTY and go to /farm.
 */
export function quickBrewEntries(entries: readonly BrewEntry[], actionType: number): BrewEntry[] {
  const battling = actionType === ActionType.Battle;
  return entries.filter((e) => {
    if (!potionByBoost(e.boost)) return false;
    if (e.boost === PotionBoost.Wisdom && !battling) return false;
    if (e.boost === PotionBoost.Harvesting && battling) return false;
    return e.amount > 0 && e.tier > 0;
  });
}
