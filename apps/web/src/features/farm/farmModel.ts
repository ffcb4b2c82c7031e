/**
 * Pure logic of the farm tab and the shell's farm icon: the farm's state in server time, from
 * the shared rules (packages/game farm.ts), so the browser shows what a collection would do.
 */
import {
  FARM_MAX_GROWTH_MS,
  type FarmStatus,
  farmDebtLimit,
  farmStatus,
  farmYieldPerHour,
} from "@manaspire/game";
import type { FarmClock } from "../../store/slices/companions";

export interface FarmView {
  status: FarmStatus;
  /** Herbs an hour, and the debt the balance may reach. */
  yieldPerHour: number;
  debtLimit: number;
  /** Real milliseconds until collectable and until fully grown (0 when already). */
  readyInMs: number;
  fullInMs: number;
  /** Share of the 24 hours grown. */
  grownRatio: number;
}

export function farmView(
  clock: FarmClock,
  boosts: Readonly<Record<number, number>>,
  browserNow: number,
): FarmView {
  const serverNow = browserNow + clock.offsetMs;
  const rate = clock.growthRate > 0 ? clock.growthRate : 1;
  const grownNow = clock.lastHarvest + Math.max(0, serverNow - clock.lastHarvest) * rate;
  const status = farmStatus(clock.lastHarvest, grownNow, boosts);
  return {
    status,
    yieldPerHour: farmYieldPerHour(boosts),
    debtLimit: farmDebtLimit(boosts),
    readyInMs: Math.max(0, (status.readyAt - grownNow) / rate),
    fullInMs: Math.max(0, (status.fullAt - grownNow) / rate),
    grownRatio: Math.min(1, status.growthMs / FARM_MAX_GROWTH_MS),
  };
}

/** "3h 5m", "12m", "45s". */
export function timeLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  if (s < 60) return `${s}s`;
  const m = Math.ceil(s / 60);
  const h = Math.floor(m / 60);
  return h > 0 ? `${h}h ${m % 60}m` : `${m}m`;
}
