import type { ColumnSet } from "./column-set";
import type { InventoryChanges } from "./inventory";
import type { ScoreWrite } from "./leaderboard-scores";
import type { LoadedPlayer } from "./loaded-player";
import type { TrackerWrite } from "./loot-tracker";
import type { EventShare } from "./player-event";

/**
 * One player's unsaved state, taken at one instant (synchronously, so it is a state the player
 * really had): the changed columns as JSON, the item changes and the applied credits.
 */
export interface PlayerWrite {
  p: LoadedPlayer;
  /** The dirty flags taken. */
  mask: ColumnSet;
  /** The mask's words unsigned, joined: writes with the same key changed the same columns. */
  maskKey: string;
  /** `{"id":…, "m":…, "<column>":…}` with only the changed columns (`m`: the mask, row-writes). */
  json: string;
  items: InventoryChanges | null;
  credits: number[] | null;
  tracker: TrackerWrite | null;
  /** Leaderboard scores that changed with the columns taken (leaderboard-scores.ts). */
  scores: ScoreWrite | null;
  /** Guild taxes taken from the player's loot (guild-tax.ts), for the guilds' funds. */
  guildTax: Map<number, Record<number, number>> | null;
  /** The guilds' share of the player's battle experience (guild-effects.ts). */
  guildXp: Map<number, number> | null;
  /** What the player did in a world event (player-event.ts), for the event's rows. */
  eventShare: EventShare | null;
  /** Base shards dropped since the last save, for the referrer's share (referral-writes.ts). */
  referralShards: number;
}
