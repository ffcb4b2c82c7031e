import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

/** A combat text over a map cell (spec: it shows 4 s). */
export interface CombatText {
  x: number;
  y: number;
  dmg: number;
  health: number;
  maxHealth: number;
  /** Browser time it arrived. */
  at: number;
}

/**
 * Dungeons: the dungeon loot tracker (getDungeonLootTracker) and the dungeon under way by
 * hand (dungeonState), as the server last told them; null until asked.
 */
export interface DungeonSliceState {
  tracker: ServerPayload<"dungeonLootTracker"> | null;
  run: ServerPayload<"dungeonState">["state"] | null;
  /** The newest combat texts (at most 8). */
  combat: CombatText[];
}

export const initialDungeon: DungeonSliceState = { tracker: null, run: null, combat: [] };

export function reduceDungeon(
  state: DungeonSliceState,
  message: ServerMessage,
  now = Date.now(),
): DungeonSliceState {
  switch (message.type) {
    case "dungeonLootTracker":
      return { ...state, tracker: message.data };
    case "dungeonState": {
      const c = message.data.state.combat;
      return {
        ...state,
        run: message.data.state,
        combat: c ? [...state.combat.slice(-7), { ...c, at: now }] : state.combat,
      };
    }
    default:
      return state;
  }
}
