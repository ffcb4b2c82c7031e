import { hasQoL, preferencesError } from "@manaspire/game";
import { GameError, type Handlers } from "../socket/handlers";
import type { Sessions } from "../socket/sessions";
import type { LoadedPlayer } from "../world/loaded-player";
import { Col, markDirty } from "../world/player-columns";
import { preferencesOf } from "../world/player-view";

/**
 * Whether a player has Quality of Life now (bought in the premium shop, `purchaseQoL`; it lasts
 * until `qolEnd`). server.ts passes it to the services that need it.
 */
export type HasQoL = (p: LoadedPlayer) => boolean;
export const playerHasQoL: HasQoL = (p) => hasQoL(p.qolEnd, Date.now());

/**
 * `updatePreferences(full preferences object)` (spec 001 section 7): checked against the
 * shared rules (`preferencesError`: auto siphon 0-99, a known auto-disenchant rarity, the
 * Quality of Life preferences unchanged without QoL), then kept on the player (saved with the
 * next flush) and sent to every socket of the player; a refusal sends them as they were.
 */
export function preferenceHandlers(deps: { sessions: Sessions; hasQoL: HasQoL }): Handlers {
  return {
    updatePreferences({ player }, { preferences }) {
      const refusal = preferencesError(preferencesOf(player), preferences, deps.hasQoL(player));
      if (!refusal) {
        player.preferences = { ...player.preferences, ...preferences };
        markDirty(player, Col.preferences);
      }
      // Either way every tab gets the preferences as kept: a tab that showed its change at
      // once (the settings screen does) goes back to them after a refusal.
      deps.sessions.send(player.id, "playerUpdate", {
        patch: { preferences: preferencesOf(player) },
      });
      if (refusal) throw new GameError(refusal);
    },
  };
}
