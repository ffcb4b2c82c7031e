/**
 * The counters a player had when their last socket closed, saved with the player (the
 * `players.away` column, written by the flush like any other column). At the next
 * connection the difference is what happened meanwhile ("While you were away").
 */
export interface AwaySnapshot {
  /** When the last socket closed (ms since 1970). */
  since: number;
  actionCounter: number;
  kills: number;
  deaths: number;
  battleXp: number;
  miningXp: number;
  fishingXp: number;
  woodcuttingXp: number;
  loot: Record<number, number>;
}

/** `since: 0` is "no absence recorded" (a jsonb value, so the flush's coalesce writes it). */
export type AwayMark = AwaySnapshot | { since: 0 };

export const NO_AWAY: AwayMark = { since: 0 };

export function isAwaySnapshot(mark: AwayMark | undefined): mark is AwaySnapshot {
  return mark !== undefined && mark.since > 0;
}
