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

export type GuildDungeonState = ServerPayload<"guildDungeon">["state"];

/**
 * Dungeons: the dungeon loot tracker (getDungeonLootTracker), the dungeon under way by hand
 * and the player's copy of the guild dungeon (dungeonState, told apart by `guild`; the other
 * members on its floor follow with guildDungeonPlayers), and the
 * guild dungeon's floor (guildDungeon), as the server last told them; null until told.
 */
export interface DungeonSliceState {
  tracker: ServerPayload<"dungeonLootTracker"> | null;
  run: ServerPayload<"dungeonState">["state"] | null;
  /** The newest combat texts (at most 8). */
  combat: CombatText[];
  guildRun: ServerPayload<"dungeonState">["state"] | null;
  guildCombat: CombatText[];
  /** The guild dungeon's floor; undefined: not in a guild; null: not told yet. */
  guildFloor: GuildDungeonState | null;
}

export const initialDungeon: DungeonSliceState = {
  tracker: null,
  run: null,
  combat: [],
  guildRun: null,
  guildCombat: [],
  guildFloor: null,
};

export function reduceDungeon(
  state: DungeonSliceState,
  message: ServerMessage,
  now = Date.now(),
): DungeonSliceState {
  switch (message.type) {
    case "dungeonLootTracker":
      return { ...state, tracker: message.data };
    case "guildDungeon":
      return { ...state, guildFloor: message.data.state };
    case "guildDungeonPlayers": {
      // The other members on the floor: the run's players after the player's own place.
      const run = state.guildRun;
      const self = run?.players[0];
      if (!run || !self) return state;
      return { ...state, guildRun: { ...run, players: [self, ...message.data.players] } };
    }
    case "dungeonState": {
      const c = message.data.state.combat;
      if (message.data.state.guild) {
        return {
          ...state,
          guildRun: message.data.state,
          guildCombat: c ? [...state.guildCombat.slice(-7), { ...c, at: now }] : state.guildCombat,
        };
      }
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
