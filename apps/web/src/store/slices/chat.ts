import type { ChatEntry, ServerMessage } from "@manaspire/protocol";

/** The chat list keeps the 1000 newest lines, newest first (spec 000 section 9). */
export const CHAT_LIMIT = 1000;

/** A player the server confirmed for a transfer (answer to `/wire name`). */
export interface WireTarget {
  playerId: number;
  name: string;
}

/** Chat state fed by chatHistory, chatLine, chatDeleted, channels, ignoreList and wireTarget. */
export interface ChatState {
  /** Newest first. */
  lines: ChatEntry[];
  /** Channels the player has joined, in tab order. */
  channels: number[];
  ignored: string[];
  /** The history after hydrate has arrived (lines before it are not unread). */
  historyLoaded: boolean;
  /** Open the transfer dialog for this player. */
  wireTarget: WireTarget | null;
}

export const initialChat: ChatState = {
  lines: [],
  channels: [],
  ignored: [],
  historyLoaded: false,
  wireTarget: null,
};

function addLines(lines: readonly ChatEntry[], incoming: readonly ChatEntry[]): ChatEntry[] {
  const known = new Set(lines.map((l) => l.id));
  const fresh = incoming.filter((l) => !known.has(l.id)).reverse();
  const next = fresh.concat(lines);
  return next.length > CHAT_LIMIT ? next.slice(0, CHAT_LIMIT) : next;
}

export function reduceChat(state: ChatState, message: ServerMessage): ChatState {
  switch (message.type) {
    case "chatHistory":
      return {
        ...state,
        lines: addLines(state.lines, message.data.entries),
        historyLoaded: true,
      };
    case "chatLine":
      return { ...state, lines: addLines(state.lines, [message.data.entry]) };
    case "chatDeleted":
      return { ...state, lines: state.lines.filter((l) => l.id !== message.data.id) };
    case "channels":
      return { ...state, channels: message.data.channels };
    case "ignoreList":
      return { ...state, ignored: message.data.names };
    case "wireTarget":
      return { ...state, wireTarget: message.data };
    default:
      return state;
  }
}

/** Closes the transfer dialog. */
export function clearWireTarget(state: ChatState): ChatState {
  return state.wireTarget === null ? state : { ...state, wireTarget: null };
}
