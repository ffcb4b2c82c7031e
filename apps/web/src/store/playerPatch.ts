import type { PlayerPatch, PlayerState } from "@manaspire/protocol";

/** Map fields of the player state: a patch carries only the entries that changed. */
const MERGED_MAPS = ["boosts", "totalBoosts", "loot", "taxes", "referrerRewards"] as const;

/** Applies a `playerUpdate` patch: map fields merge entry by entry, other fields replace. */
export function applyPlayerPatch(player: PlayerState, patch: PlayerPatch): PlayerState {
  const next = { ...player, ...patch } as PlayerState;
  for (const key of MERGED_MAPS) {
    const entries = patch[key];
    if (entries) next[key] = { ...player[key], ...entries };
  }
  return next;
}
