import type {
  BattleResult,
  GatherResult,
  LootTrackerEntry,
  PlayerState,
  ServerMessage,
} from "@manaspire/protocol";
import type { ConnectionStatus } from "../net/socketClient";
import { addTrackerEntries } from "./lootTracker";
import { applyPlayerPatch } from "./playerPatch";
import { type AccountState, initialAccount, reduceAccount } from "./slices/account";
import { type ActivityLogState, initialActivityLog, reduceActivityLog } from "./slices/activityLog";
import { type ChatState, initialChat, reduceChat } from "./slices/chat";
import { type CompanionsState, initialCompanions, reduceCompanions } from "./slices/companions";
import { type DungeonSliceState, initialDungeon, reduceDungeon } from "./slices/dungeon";
import { type EventsState, initialEvents, reduceEvents } from "./slices/events";
import { type GuildState, initialGuild, reduceGuild } from "./slices/guild";
import { type InventoryState, initialInventory, reduceInventory } from "./slices/inventory";
import { initialMarket, type MarketState, reduceMarket } from "./slices/market";
import {
  initialNotifications,
  type NotificationsState,
  reduceNotifications,
} from "./slices/notifications";
import { initialPremium, type PremiumState, reducePremium } from "./slices/premium";
import { initialRankings, type RankingsState, reduceRankings } from "./slices/rankings";

export interface ConnectionState {
  status: ConnectionStatus;
  reason: string;
  reconnecting: boolean;
  /** When the next automatic attempt starts (Date.now() clock); 0 when none is planned. */
  retryAt: number;
}

/** Everything the server tells the browser, as one immutable value. */
export interface GameState {
  connection: ConnectionState;
  /** The server speaks another build: the page must reload. */
  versionMismatch: boolean;
  player: PlayerState | null;
  battle: BattleResult | null;
  gather: GatherResult | null;
  /** Newest first. */
  lootTracker: LootTrackerEntry[];
  counts: { online: number; active: number };
  /** Feature slices: each reduces its own messages (store/slices/*). */
  chat: ChatState;
  inventory: InventoryState;
  activityLog: ActivityLogState;
  market: MarketState;
  account: AccountState;
  rankings: RankingsState;
  companions: CompanionsState;
  notifications: NotificationsState;
  guild: GuildState;
  premium: PremiumState;
  events: EventsState;
  dungeon: DungeonSliceState;
}

export const initialGameState: GameState = {
  connection: { status: "idle", reason: "", reconnecting: false, retryAt: 0 },
  versionMismatch: false,
  player: null,
  battle: null,
  gather: null,
  lootTracker: [],
  counts: { online: 0, active: 0 },
  chat: initialChat,
  inventory: initialInventory,
  activityLog: initialActivityLog,
  market: initialMarket,
  account: initialAccount,
  rankings: initialRankings,
  companions: initialCompanions,
  notifications: initialNotifications,
  guild: initialGuild,
  premium: initialPremium,
  events: initialEvents,
  dungeon: initialDungeon,
};

/** After (re)connecting: clear the loot tracker (and chat), then the hydrate refills state. */
export function onConnected(state: GameState): GameState {
  return {
    ...state,
    lootTracker: [],
    battle: null,
    gather: null,
    chat: initialChat,
    inventory: initialInventory,
  };
}

/** The feature slices and their reducers: each reduces its own messages (store/slices/*). */
type SliceKey =
  | "chat"
  | "inventory"
  | "activityLog"
  | "market"
  | "account"
  | "rankings"
  | "companions"
  | "notifications"
  | "guild"
  | "premium"
  | "events"
  | "dungeon";

const SLICE_REDUCERS: {
  [K in SliceKey]: (slice: GameState[K], message: ServerMessage) => GameState[K];
} = {
  chat: reduceChat,
  inventory: reduceInventory,
  activityLog: reduceActivityLog,
  market: reduceMarket,
  account: reduceAccount,
  rankings: reduceRankings,
  companions: reduceCompanions,
  notifications: reduceNotifications,
  guild: reduceGuild,
  premium: reducePremium,
  events: reduceEvents,
  dungeon: reduceDungeon,
};

const SLICE_KEYS = Object.keys(SLICE_REDUCERS) as SliceKey[];

function reduceSlice<K extends SliceKey>(
  key: K,
  state: GameState,
  message: ServerMessage,
): GameState[K] {
  return SLICE_REDUCERS[key](state[key], message);
}

/**
 * Applies one server message to the state. Messages of features that are not wired yet
 * leave the state as it is (the same object, so nothing re-renders). Side effects (toasts)
 * are the caller's.
 */
export function reduceServerMessage(
  state: GameState,
  message: ServerMessage,
  clientBuild: number,
): GameState {
  const core = reduceCore(state, message, clientBuild);
  let next = core;
  for (const key of SLICE_KEYS) {
    const slice = reduceSlice(key, core, message);
    if (slice === core[key]) continue;
    if (next === core) next = { ...core };
    (next as Record<SliceKey, unknown>)[key] = slice;
  }
  return next;
}

function reduceCore(state: GameState, message: ServerMessage, clientBuild: number): GameState {
  switch (message.type) {
    case "versionCheck":
      return message.data.build === clientBuild ? state : { ...state, versionMismatch: true };
    case "playerState":
      return { ...state, player: message.data.player };
    case "playerUpdate":
      return state.player
        ? { ...state, player: applyPlayerPatch(state.player, message.data.patch) }
        : state;
    case "battleTick":
      return { ...state, battle: message.data.result, gather: null };
    case "gatherTick":
      return { ...state, gather: message.data.result, battle: null };
    case "lootTracker":
      return { ...state, lootTracker: addTrackerEntries(state.lootTracker, message.data.entries) };
    case "onlineCounts":
      return { ...state, counts: message.data };
    default:
      return state;
  }
}
