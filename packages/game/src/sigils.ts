/**
 * Sigils (spec: Purpose quest boost, Distillation potion boost, Vitality, Growth multistat),
 * bought and levelled with event points; level = levelFromExperience(1000, points spent) (spec).
 * Boost per level: our design (docs/game-rules.md "Sigils").
 */
import type { LootAmount } from "./items/types";
import { experienceForLevel, levelFromExperience, SIGIL_BASE } from "./levels";
import { LootId } from "./loot";

export interface SigilDef {
  /** The boost it gives; also the id purchaseSigil(boost) sends. */
  readonly boostId: number;
  readonly key: string;
  readonly name: string;
  /** Boost points per sigil level. */
  readonly perLevel: number;
}

export const SIGILS: readonly SigilDef[] = [
  { boostId: 107, key: "purpose", name: "Purpose", perLevel: 2 },
  { boostId: 108, key: "distillation", name: "Distillation", perLevel: 2 },
  { boostId: 86, key: "vitality", name: "Vitality", perLevel: 2 },
  { boostId: 103, key: "growth", name: "Growth", perLevel: 1 },
];

export function sigilById(boostId: number): SigilDef | undefined {
  return SIGILS.find((s) => s.boostId === boostId);
}

/** Sigil level from event points spent on it (spec: base 1000). */
export function sigilLevel(pointsSpent: number): number {
  return levelFromExperience(SIGIL_BASE, pointsSpent);
}

/** Event points from `level` to `level + 1`: 1000 · (level + 1). */
export function sigilLevelCost(level: number): number {
  return SIGIL_BASE * (Math.max(0, Math.floor(level)) + 1);
}

/** The sigil's boost value at `level` (0 for an unknown sigil or level ≤ 0). */
export function sigilBoost(sigil: SigilDef | number, level: number): number {
  const def = typeof sigil === "number" ? sigilById(sigil) : sigil;
  if (def === undefined || !(level > 0)) return 0;
  return def.perLevel * Math.floor(level);
}

/** The sigil as a boosts map, for totalBoosts. */
export function sigilBoosts(sigil: SigilDef | number, level: number): Record<number, number> {
  const def = typeof sigil === "number" ? sigilById(sigil) : sigil;
  const v = def === undefined ? 0 : sigilBoost(def, level);
  return def === undefined || v === 0 ? {} : { [def.boostId]: v };
}

export interface SigilPurchase {
  /** Event points to debit. */
  readonly cost: readonly LootAmount[];
  readonly pointsSpent: number;
  readonly level: number;
}

export const ERR_UNKNOWN_SIGIL = "Unknown sigil.";
export const ERR_SIGIL_POINTS = "Not enough Event Points.";

/** Buys the sigil's next level (the first purchase is level 1) with event points. */
export function sigilPurchase(
  boostId: number,
  pointsSpent: number,
  eventPoints: number,
): SigilPurchase | string {
  if (sigilById(boostId) === undefined) return ERR_UNKNOWN_SIGIL;
  const spent = Math.max(0, Number.isFinite(pointsSpent) ? pointsSpent : 0);
  const next = sigilLevel(spent) + 1;
  const cost = experienceForLevel(SIGIL_BASE, next) - spent;
  if (!(eventPoints >= cost)) return ERR_SIGIL_POINTS;
  return {
    cost: [{ lootId: LootId.EventPoints, amount: cost }],
    pointsSpent: spent + cost,
    level: next,
  };
}
