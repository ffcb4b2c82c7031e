/**
 * Codex reset (spec: the server sends a preview, then the client confirms). Every codex spent in
 * the Codex tab comes back, all as Bound Codex (our design: spending does not record which kind
 * was used, and a reset must not turn bound codex into tradeable codex).
 */
import type { LootAmount } from "../items/types";
import { LootId } from "../loot";
import { RESEARCH, ResearchTab } from "./catalogue";
import { curveTotalCost } from "./costs";

export interface CodexResetPreview {
  /** What the player gets back ([] when nothing was spent). */
  readonly refund: readonly LootAmount[];
  /** Codex spent per codex research boost id (only entries above 0). */
  readonly spent: Readonly<Record<number, number>>;
  /** The player's boosts after the reset: every Codex-tab entry removed. */
  readonly boosts: Record<number, number>;
}

export function codexResetPreview(boosts: Readonly<Record<number, number>>): CodexResetPreview {
  const after: Record<number, number> = { ...boosts };
  const spent: Record<number, number> = {};
  let total = 0;
  for (const def of RESEARCH) {
    if (def.tab !== ResearchTab.Codex) continue;
    const v = boosts[def.boostId];
    if (v === undefined) continue;
    delete after[def.boostId];
    const level = Number.isFinite(v) ? Math.max(0, Math.floor(v)) : 0;
    const cost = curveTotalCost(def.curve, level);
    if (cost > 0) {
      spent[def.boostId] = cost;
      total += cost;
    }
  }
  const refund: LootAmount[] = total > 0 ? [{ lootId: LootId.BoundCodex, amount: total }] : [];
  return { refund, spent, boosts: after };
}
