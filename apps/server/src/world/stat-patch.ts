import { questRequired } from "@manaspire/game";
import type { PlayerPatch } from "@manaspire/protocol";
import type { LoadedPlayer } from "./loaded-player";
import { combatStats, playerMaxActions, totalBoosts } from "./player-view";

/** The entries of `after` that differ from `before`; removed entries as 0 (patches merge). */
export function mapDiff(
  before: Readonly<Record<number, number>>,
  after: Readonly<Record<number, number>>,
): Record<number, number> {
  const diff: Record<number, number> = {};
  for (const key of Object.keys(after)) {
    const id = Number(key);
    if ((after[id] ?? 0) !== (before[id] ?? 0)) diff[id] = after[id] ?? 0;
  }
  for (const key of Object.keys(before)) {
    const id = Number(key);
    if (after[id] === undefined && (before[id] ?? 0) !== 0) diff[id] = 0;
  }
  return diff;
}

/** A copy of the player's total boosts, to diff against after a change. */
export function totalsBefore(p: LoadedPlayer): Record<number, number> {
  return { ...totalBoosts(p) };
}

/**
 * What a change of boosts, equipment or sigil does to the player's derived state, as a patch:
 * the total boosts that changed, spellpower, ward, max actions and the quest requirements.
 */
export function statsPatch(p: LoadedPlayer, before: Readonly<Record<number, number>>): PlayerPatch {
  const totals = totalBoosts(p);
  const stats = combatStats(p);
  return {
    totalBoosts: mapDiff(before, totals),
    totalSpellpower: stats.totalSpellpower,
    totalWard: stats.totalWard,
    maxActions: playerMaxActions(p),
    battleQuestRequired: questRequired("battle", totals),
    gatherQuestRequired: questRequired("gather", totals),
  };
}

/** The current amounts of the given loot ids, for a patch. */
export function lootPatch(p: LoadedPlayer, ids: Iterable<number>): Record<number, number> {
  const out: Record<number, number> = {};
  for (const id of ids) out[id] = p.loot[id] ?? 0;
  return out;
}
