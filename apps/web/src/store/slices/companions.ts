import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

/** The farm's clock as the server last told it. */
export interface FarmClock {
  lastHarvest: number;
  /** Server time minus browser time when told (to read the farm in server time). */
  offsetMs: number;
  growthRate: number;
}

/**
 * Farm, potions and pets (issue 11): what the server last said about each. The screens and
 * the shell's status icons read it; null until the hydrate's messages arrive.
 */
export interface CompanionsState {
  farm: FarmClock | null;
  /** The newest collection (the farm tab shows it). */
  lastHarvest: (ServerPayload<"farmHarvest"> & { at: number }) | null;
  potions: ServerPayload<"potions"> | null;
  pets: ServerPayload<"pets"> | null;
}

export const initialCompanions: CompanionsState = {
  farm: null,
  lastHarvest: null,
  potions: null,
  pets: null,
};

export function reduceCompanions(
  state: CompanionsState,
  message: ServerMessage,
  now = Date.now(),
): CompanionsState {
  switch (message.type) {
    case "farmTime": {
      const { lastHarvest, serverTime, growthRate } = message.data;
      return { ...state, farm: { lastHarvest, offsetMs: serverTime - now, growthRate } };
    }
    case "farmHarvest":
      return { ...state, lastHarvest: { ...message.data, at: now } };
    case "potions":
      return { ...state, potions: message.data };
    case "pets":
      return { ...state, pets: message.data };
    case "battleTick":
    case "gatherTick":
      return countDown(state);
    default:
      return state;
  }
}

/**
 * Every action takes a tick from each active potion (the server says so only when a potion
 * ends or starts), so the browser counts down on each action's frame.
 */
function countDown(state: CompanionsState): CompanionsState {
  const potions = state.potions;
  if (!potions || potions.active.length === 0) return state;
  return {
    ...state,
    potions: {
      ...potions,
      active: potions.active.map((a) => ({
        ...a,
        ticksRemaining: Math.max(0, (a.ticksRemaining ?? 0) - 1),
      })),
    },
  };
}
