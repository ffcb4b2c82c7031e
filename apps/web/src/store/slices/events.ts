import type { ServerMessage, ServerPayload } from "@manaspire/protocol";

/** One Rift of Power siphon as the server told it, with when it arrived (browser clock). */
export type SiphonResult = ServerPayload<"riftOfPowerResult"> & { at: number };

/**
 * The world's events (spec 000 sections 2-4): what the server last said. `offsetMs` is the
 * server's clock minus the browser's when the state came, so the screens count ticks down
 * between messages. Null until the hydrate's messages arrive.
 */
export interface EventsState {
  state: (ServerPayload<"eventState"> & { offsetMs: number }) | null;
  time: (ServerPayload<"eventTime"> & { offsetMs: number }) | null;
  rift: ServerPayload<"elementalRift">["state"] | null;
  players: ServerPayload<"eventPlayers">["rows"] | null;
  /** The newest siphon first, at most 10. */
  siphons: SiphonResult[];
}

export const initialEvents: EventsState = {
  state: null,
  time: null,
  rift: null,
  players: null,
  siphons: [],
};

export function reduceEvents(
  state: EventsState,
  message: ServerMessage,
  now = Date.now(),
): EventsState {
  switch (message.type) {
    case "eventState": {
      const next = { ...message.data, offsetMs: message.data.serverTime - now };
      // A new event (or none) forgets the last one's siphons.
      const same = state.state?.eventType === next.eventType;
      return { ...state, state: next, siphons: same ? state.siphons : [] };
    }
    case "eventTime":
      return { ...state, time: { ...message.data, offsetMs: message.data.serverTime - now } };
    case "elementalRift":
      return { ...state, rift: message.data.state };
    case "eventPlayers":
      return { ...state, players: message.data.rows };
    case "riftOfPowerResult":
      return {
        ...state,
        siphons: [{ ...message.data, at: now }, ...state.siphons].slice(0, 10),
        state: state.state ? { ...state.state, successCount: message.data.successCount } : null,
      };
    default:
      return state;
  }
}
