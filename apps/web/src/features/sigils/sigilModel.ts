/**
 * Pure logic of the sigil screen. The four sigils (Purpose, Distillation, Vitality, Growth)
 * share one sigil level bought with event points: `player.sigilBoost` is the event points spent
 * and the level is sigilLevel(points) (spec: base 1000). `purchaseSigil { boost }` buys the next
 * level and makes that sigil the active one; only the active sigil's boost counts.
 */
import {
  boostById,
  experienceForLevel,
  held,
  LootId,
  SIGIL_BASE,
  SIGILS,
  type SigilDef,
  sigilBoost,
  sigilLevel,
  type Wallet,
} from "@manaspire/game";

export interface SigilRow {
  def: SigilDef;
  boostName: string;
  description: string;
  /** Boost value at the shared level and at the next one. */
  value: number;
  nextValue: number;
  percent: boolean;
  active: boolean;
}

export interface SigilState {
  /** Event points spent so far. */
  points: number;
  level: number;
  /** Event points still needed for the next level. */
  nextCost: number;
  /** Progress through the current level, 0..1 (0 right after a purchase). */
  progress: number;
  eventPoints: number;
  affordable: boolean;
  /** Boost id of the active sigil, or null when none is active (or it cannot be told). */
  active: number | null;
  rows: SigilRow[];
}

export interface SigilInputs {
  /** player.sigilBoost: event points spent on the sigil level. */
  sigilBoost: number;
  loot: Wallet;
  /** player.activeSigil: boost id of the active sigil, 0 when none. */
  activeSigil: number;
}

export function sigilState(input: SigilInputs): SigilState {
  const points = Math.max(0, Number.isFinite(input.sigilBoost) ? input.sigilBoost : 0);
  const level = sigilLevel(points);
  const start = experienceForLevel(SIGIL_BASE, level);
  const next = experienceForLevel(SIGIL_BASE, level + 1);
  const nextCost = next - points;
  const eventPoints = held(input.loot, LootId.EventPoints);
  const active = SIGILS.some((def) => def.boostId === input.activeSigil) ? input.activeSigil : null;
  return {
    points,
    level,
    nextCost,
    progress: next > start ? (points - start) / (next - start) : 0,
    eventPoints,
    affordable: eventPoints >= nextCost,
    active,
    rows: SIGILS.map((def) => {
      const boost = boostById(def.boostId);
      return {
        def,
        boostName: boost?.name ?? `#${def.boostId}`,
        description: boost?.description ?? "",
        value: sigilBoost(def, level),
        nextValue: sigilBoost(def, level + 1),
        percent: boost?.percent === true,
        active: active === def.boostId,
      };
    }),
  };
}

/** Flavour line per sigil (shown under its name). */
export const SIGIL_FLAVOUR: Readonly<Record<string, string>> = {
  purpose: "A seal of resolve: quests ask fewer deeds of you.",
  distillation: "A seal of the alembic: every potion runs stronger.",
  vitality: "A seal of the heartwood: more life in every battle.",
  growth: "A seal of the seedling: more stats from every drop.",
};

/** The active sigil for the inventory's Sigil slot ("Purpose", level, "+4% Quest Boost"). */
export function activeSigilSummary(
  player: SigilInputs | null,
): { name: string; level: number; effect: string } | null {
  if (!player) return null;
  const state = sigilState(player);
  const row = state.rows.find((r) => r.active);
  if (!row) return null;
  const value = Number(row.value.toPrecision(12));
  return {
    name: row.def.name,
    level: state.level,
    effect: `+${value}${row.percent ? "%" : ""} ${row.boostName}`,
  };
}
