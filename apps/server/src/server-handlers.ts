import type { Db } from "./db/client";
import type { MarketCache } from "./http/market-routes";
import type { Metrics } from "./http/metrics";
import type { ActivityLog } from "./services/activity-log";
import { activityLogHandlers } from "./services/activity-log-handlers";
import type { AwaySummaries } from "./services/away-summary";
import { chatHandlers } from "./services/chat/handlers";
import type { ChatService } from "./services/chat/service";
import { coreHandlers } from "./services/core";
import { dungeonHandlers } from "./services/dungeons/handlers";
import { eventHandlers } from "./services/events/event-handlers";
import type { EventWorld } from "./services/events/event-world";
import { type FarmDeps, farmHandlers } from "./services/farm";
import type { GuildDungeonPlay } from "./services/guild-dungeons/guild-dungeon-handlers";
import { returnArmoryLoan } from "./services/guilds/guild-armory-handlers";
import type { GuildDeps } from "./services/guilds/guild-change";
import { guildHandlers } from "./services/guilds/guild-handlers";
import { tradeGuildFunds } from "./services/guilds/guild-merchant";
import { type IdentityHandlerDeps, identityHandlers } from "./services/identity-handlers";
import type { ItemDirectory } from "./services/items/directory";
import { itemHandlers } from "./services/items/handlers";
import { leaderboardHandlers } from "./services/leaderboards/handlers";
import type { Leaderboards } from "./services/leaderboards/leaderboard-service";
import { marketHandlers } from "./services/market/handlers";
import { petHandlers } from "./services/pets";
import { potionHandlers } from "./services/potions";
import { playerHasQoL, preferenceHandlers } from "./services/preferences";
import type { PremiumDeps } from "./services/premium/premium-deps";
import { premiumHandlers } from "./services/premium/shop-handlers";
import { profileHandlers } from "./services/profile/handlers";
import type { ProfileReader } from "./services/profile/profile-reader";
import { type Handlers, mergeHandlers } from "./socket/handlers";
import type { Sessions } from "./socket/sessions";
import type { CreditInbox } from "./world/credit-inbox";
import type { PlayerStore } from "./world/player-store";
import type { World } from "./world/world";

/** The services the socket messages reach (built by createServer). */
export interface HandlerDeps {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  world: World;
  activityLog: ActivityLog;
  inbox: CreditInbox;
  directory: ItemDirectory;
  metrics: Metrics;
  marketCache: MarketCache;
  guildDeps: GuildDeps;
  chat: ChatService;
  identity: IdentityHandlerDeps;
  leaderboards: Leaderboards;
  profiles: ProfileReader;
  farm: FarmDeps;
  guildDungeons: GuildDungeonPlay;
  premium: PremiumDeps;
  notifications: Handlers;
  away: AwaySummaries;
  events: EventWorld;
}

/** Every feature's socket message handlers, merged (a message may have several). */
export function featureHandlers(d: HandlerDeps): Handlers {
  const { db, store, sessions, activityLog, inbox, directory, guildDeps } = d;
  const guilds = guildDeps.guilds;
  return mergeHandlers(
    coreHandlers(d.world, store),
    itemHandlers({
      db,
      store,
      sessions,
      activityLog,
      directory,
      inbox,
      armoryReturn: (p, itemId) => returnArmoryLoan(guildDeps, p, itemId),
      hasQoL: playerHasQoL,
    }),
    marketHandlers({
      db,
      store,
      sessions,
      activityLog,
      inbox,
      onBookChanged: (lootId) => d.marketCache.changed(lootId),
      onTrades: (market, count) => d.metrics.marketTrades.inc({ market }, count),
      guildMerchant: (p, source, amount, target) =>
        tradeGuildFunds(db, guilds, p, source, amount, target),
    }),
    chatHandlers(d.chat),
    guildHandlers(guildDeps),
    activityLogHandlers(activityLog, guilds.guildOf),
    identityHandlers(d.identity),
    leaderboardHandlers(d.leaderboards, guilds.directory),
    profileHandlers({ db, store, sessions, activityLog, directory, inbox }, d.profiles),
    farmHandlers(d.farm),
    potionHandlers(),
    petHandlers(),
    dungeonHandlers(d.guildDungeons),
    preferenceHandlers({ sessions, hasQoL: playerHasQoL }),
    premiumHandlers(d.premium),
    d.notifications,
    d.away.handlers(),
    eventHandlers({ db, sessions, events: d.events }),
  );
}
