import type { Fill, MarketSide } from "@manaspire/game";
import type { Db } from "../../db/client";
import type { Sessions } from "../../socket/sessions";
import type { CreditInbox } from "../../world/credit-inbox";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";
import type { ActivityLog } from "../activity-log";
import type { OrderRow } from "./book-store";

/** The market's shapes, shared by the order path (orders.ts, order-batch.ts) and its texts. */

export interface MarketDeps {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  activityLog: ActivityLog;
  inbox: CreditInbox;
  /** An item's book or price history changed (the public answers' cache forgets it). */
  onBookChanged?: (lootId: number) => void;
  /** Trades committed: fills on a resource book, or an equipment purchase (metrics). */
  onTrades?: (market: "resources" | "items", count: number) => void;
  /** The merchant's guild-funds variant (the guilds' `tradeGuildFunds`); absent: refused. */
  guildMerchant?: (
    p: LoadedPlayer,
    source: number,
    amount: number,
    target: number,
  ) => Promise<number>;
}

/** A validated order: what it trades and what it takes out of the player's balance first. */
export interface OrderRequest {
  side: MarketSide;
  lootId: number;
  itemName: string;
  quantity: number;
  /** null: at any price (never rests). */
  limit: number | null;
}

/** What placing an order did, for the player's toasts and screens. */
export interface Placed {
  fills: Fill[];
  filled: number;
  dust: number;
  rested: OrderRow | undefined;
  /** Units (or dust, for a buy) given back because they neither traded nor rest. */
  returned: number;
}
