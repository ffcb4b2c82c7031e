/**
 * The herb farm (spec 001 sections 4 and 9; yield formula: community estimate; upkeep and
 * debt rules: our design, see docs/game-rules.md "Farm").
 *
 * Herbs grow from the last harvest for at most 24 hours and can be collected after 3. The
 * harvest takes the upkeep from Mana Dust; the balance may go into debt down to one day of
 * upkeep. Pure: the server passes the time, the boosts and the dust held.
 */
import { boostValue } from "./boosts";
import { LootId } from "./loot";
import type { Rng } from "./rng";

const HOUR_MS = 3_600_000;
/** First collection 3 hours after the last harvest (spec). */
export const FARM_MIN_GROWTH_MS = 3 * HOUR_MS;
/** Herbs grow for at most 24 hours (spec); the farm is "fully grown" then. */
export const FARM_MAX_GROWTH_MS = 24 * HOUR_MS;
/** Herbs an hour before boosts (spec). */
export const FARM_BASE_YIELD_PER_HOUR = 2.5;
/** Exponent of each farm boost's multiplier (spec, facts). */
export const FARM_BOOST_EXPONENT = 0.9;
/** Mana Dust of upkeep per herb per hour of growth: 200,000 per herb grown (spec). */
export const FARM_UPKEEP_PER_HERB = 200_000;
/** The balance may go into debt by at most this many hours of upkeep (spec: 24 h). */
export const FARM_DEBT_HOURS = 24;
/** The three herbs, split evenly (our design). */
export const FARM_HERBS: readonly LootId[] = [LootId.Sunpetal, LootId.Sageroot, LootId.Bloomwell];

/**
 * Herbs an hour: 2.5 × (1 + golem/100)^0.9 × (1 + fertilizer/100)^0.9 × (1 + plots/100)^0.9
 * (boosts 130, 131, 132).
 */
export function farmYieldPerHour(boosts: Readonly<Record<number, number>>): number {
  const f = (id: number) => Math.max(0, 1 + boostValue(boosts, id) / 100) ** FARM_BOOST_EXPONENT;
  return FARM_BASE_YIELD_PER_HOUR * f(130) * f(131) * f(132);
}

/** Milliseconds of growth counted at `now`: since the last harvest, 0 to 24 h. */
export function farmGrowthMs(lastHarvest: number, now: number): number {
  return Math.min(FARM_MAX_GROWTH_MS, Math.max(0, now - lastHarvest));
}

export interface FarmStatus {
  growthMs: number;
  /** At least 3 hours grown. */
  collectable: boolean;
  /** 24 hours grown: growing has stopped (the shell's icon). */
  fullyGrown: boolean;
  /** Whole herbs a collection now would give, before the upkeep check. */
  herbs: number;
  /** Mana Dust the collection now would take. */
  upkeep: number;
  /** When the farm can be collected, and when it is fully grown (ms). */
  readyAt: number;
  fullAt: number;
}

export function farmStatus(
  lastHarvest: number,
  now: number,
  boosts: Readonly<Record<number, number>>,
): FarmStatus {
  const growthMs = farmGrowthMs(lastHarvest, now);
  const herbs = Math.floor(farmYieldPerHour(boosts) * (growthMs / HOUR_MS) + 1e-9);
  return {
    growthMs,
    collectable: growthMs >= FARM_MIN_GROWTH_MS,
    fullyGrown: growthMs >= FARM_MAX_GROWTH_MS,
    herbs,
    upkeep: herbs * FARM_UPKEEP_PER_HERB,
    readyAt: lastHarvest + FARM_MIN_GROWTH_MS,
    fullAt: lastHarvest + FARM_MAX_GROWTH_MS,
  };
}

/** How deep the Mana Dust balance may go: one day of upkeep at the current yield. */
export function farmDebtLimit(boosts: Readonly<Record<number, number>>): number {
  return Math.floor(FARM_UPKEEP_PER_HERB * farmYieldPerHour(boosts) * FARM_DEBT_HOURS);
}

export interface FarmHarvest {
  /** Herbs gained, loot id → amount (only non-zero). */
  readonly herbs: Record<number, number>;
  /** Mana Dust taken (may leave the balance negative). */
  readonly upkeep: number;
  /** Herbs grown but lost because their upkeep would pass the debt limit. */
  readonly withered: number;
  /** The new last harvest: the farm starts growing again now. */
  readonly lastHarvest: number;
}

export type FarmCollect = { ok: true; harvest: FarmHarvest } | { ok: false; error: string };

/**
 * A collection at `now`. Refused before 3 hours ("Your herbs need 2h 10m more to grow.") and
 * when the balance is already at the debt limit. Otherwise every herb grown is collected and
 * pays 200,000 Mana Dust of upkeep; when that would take the balance below minus one day of
 * upkeep, only the herbs whose upkeep fits are collected and the rest wither. Whole herbs are
 * split evenly over sunpetal, sageroot and bloomwell, each left-over herb to a random one.
 */
export function collectFarm(input: {
  lastHarvest: number;
  now: number;
  boosts: Readonly<Record<number, number>>;
  manaDust: number;
  rng: Rng;
}): FarmCollect {
  const { now, boosts, rng } = input;
  const status = farmStatus(input.lastHarvest, now, boosts);
  if (!status.collectable) {
    return { ok: false, error: `Your herbs need ${waitText(status.readyAt - now)} more to grow.` };
  }
  const floor = -farmDebtLimit(boosts);
  const payable = Math.max(0, Math.floor((input.manaDust - floor) / FARM_UPKEEP_PER_HERB));
  const collected = Math.min(status.herbs, payable);
  if (collected === 0 && status.herbs > 0) {
    return {
      ok: false,
      error: "Your Mana Dust debt is too deep to pay the farm's upkeep; earn some dust first.",
    };
  }
  const herbs: Record<number, number> = {};
  const each = Math.floor(collected / FARM_HERBS.length);
  for (const id of FARM_HERBS) if (each > 0) herbs[id] = each;
  for (let i = each * FARM_HERBS.length; i < collected; i++) {
    const id = FARM_HERBS[rng.int(FARM_HERBS.length)] as LootId;
    herbs[id] = (herbs[id] ?? 0) + 1;
  }
  return {
    ok: true,
    harvest: {
      herbs,
      upkeep: collected * FARM_UPKEEP_PER_HERB,
      withered: status.herbs - collected,
      lastHarvest: now,
    },
  };
}

/** "2h 5m", "45m", "1m" (at least a minute). */
export function waitText(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return h > 0 ? (m > 0 ? `${h}h ${m}m` : `${h}h`) : `${m}m`;
}
