/**
 * Actions (fatigue): one action every 3 s spends one action; at 0 the player idles until
 * refreshed (our design; see docs/game-rules.md "Actions").
 */
import { boostValue } from "./boosts";

/** One action every 3 seconds (live game pace). */
export const ACTION_INTERVAL_MS = 3000;
/** Max actions without boosts (our design). */
export const BASE_MAX_ACTIONS = 1000;
/** Max actions per point of the Actions boost (105): one Codex each (from the spec). */
export const ACTIONS_PER_CODEX = 5;
/** Actions restored per Renewal potion tier (from the spec). */
export const RENEWAL_ACTIONS_PER_TIER = 200;

/**
 * Max actions: (1000 + 5 x Actions boost) x (1 + sleepingQuarters / 100), floored.
 * `sleepingQuarters` is the guild's Sleeping Quarters level (+1% each, from the spec).
 */
export function maxActions(boosts: Readonly<Record<number, number>>, sleepingQuarters = 0): number {
  const base = BASE_MAX_ACTIONS + ACTIONS_PER_CODEX * Math.max(0, boostValue(boosts, 105));
  return Math.floor((base * (100 + Math.max(0, Math.round(sleepingQuarters)))) / 100);
}

/** refreshActions: the player (present, clicking) refills actions to the max. */
export function refreshActions(_current: number, max: number): number {
  return Math.max(0, Math.floor(max));
}

/** Whether the player can act this tick. */
export function canAct(actions: number): boolean {
  return actions > 0;
}

/** Actions after one action is resolved. */
export function spendAction(actions: number): number {
  return actions > 0 ? actions - 1 : 0;
}

/**
 * Actions after drinking a Renewal potion of `tier`: + 200 x tier x (1 + potion boost/100)
 * (from the spec), capped at the max (our design).
 */
export function applyRenewal(
  actions: number,
  max: number,
  tier: number,
  boosts: Readonly<Record<number, number>>,
): number {
  const restored = Math.floor(
    RENEWAL_ACTIONS_PER_TIER * Math.max(0, tier) * (1 + Math.max(0, boostValue(boosts, 108)) / 100),
  );
  return Math.min(max, actions + restored);
}
