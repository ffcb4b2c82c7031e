import type { FastifyInstance } from "fastify";
import type { Database } from "./db/client";
import type { AccountEvents } from "./services/account-events";
import type { AccountService } from "./services/accounts";
import type { ActivityLog } from "./services/activity-log";
import type { ChatService } from "./services/chat/service";
import type { EventScheduler } from "./services/events/event-scheduler";
import type { EventWorld } from "./services/events/event-world";
import type { FarmKeeper } from "./services/farm-keeper";
import type { GuildService } from "./services/guilds/guild-service";
import type { LeaderboardJobs } from "./services/leaderboards/jobs";
import type { Leaderboards } from "./services/leaderboards/leaderboard-service";
import type { Notifier } from "./services/notifications/notifier";
import type { Sessions } from "./socket/sessions";
import type { CreditInbox } from "./world/credit-inbox";
import type { ItemIdPool } from "./world/item-ids";
import type { PlayerStore } from "./world/player-store";
import type { World } from "./world/world";

/** A running world's server as createServer (server.ts) returns it: what tests and tools reach. */
export interface GameServer {
  app: FastifyInstance;
  database: Database;
  store: PlayerStore;
  world: World;
  sessions: Sessions;
  chat: ChatService;
  activityLog: ActivityLog;
  /** Item ids reserved from the database sequence. */
  itemIds: ItemIdPool;
  /** Applies credits (value sent by other players) to the players held here. */
  inbox: CreditInbox;
  /** Accounts: sign-up, sign-in with name and password, guests. */
  accounts: AccountService;
  /** Bans and deletions of accounts, applied to loaded players. */
  accountEvents: AccountEvents;
  /** Leaderboard pages and searches, and their background jobs (anchors, rescore). */
  leaderboards: Leaderboards;
  leaderboardJobs: LeaderboardJobs;
  /** Guild membership cache and pushes (guilds themselves live in the database). */
  guilds: GuildService;
  /** Unattended farm collection (Quality of Life's auto-collect). */
  farmKeeper: FarmKeeper;
  /** Push notifications: every feature's events for players with no socket open. */
  notifier: Notifier;
  /** The world's events as this process sees them, and their once-per-world scheduler. */
  events: EventWorld;
  eventScheduler: EventScheduler;
  /** The address it listens on, once started. */
  url: string;
  /** The operator's listener (metrics, detailed health), once started; "" without METRICS_PORT. */
  metricsUrl: string;
  /** Starts serving and ticking at once; the acting players load in the background. */
  start(): Promise<void>;
  /** Resolves once the acting players loaded at start are all in memory (or loading stopped). */
  whenLoaded(): Promise<void>;
  /**
   * Stops ticking, flushes every player, closes sockets with 1012 and the database. Every step
   * runs even if one fails; it rejects (naming the failed steps) when something was not saved.
   */
  stop(): Promise<void>;
}

/** What the process that runs the server decides (main.ts); tests leave the defaults. */
export interface ServerHooks {
  /**
   * Presumed dead by the other processes, which may own its players now: the server writes
   * nothing more (its writes are fenced). The process must end: main.ts exits with 1 so its
   * manager starts a fresh one. The default only logs, so a server inside a test runner's
   * process never ends that process.
   */
  onFenced?: () => void;
}
