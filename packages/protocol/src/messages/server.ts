import { t } from "../codecs";
import { awaySummary } from "../schemas/away";
import { battleResult, gatherResult, lootTrackerEntry } from "../schemas/battle";
import { activityLogEntry, chatEntry } from "../schemas/chat";
import { boostMap, id, lootMap, playerName, timestamp } from "../schemas/common";
import { chatChannel, marketSide, riftType, size } from "../schemas/enums";
import { equipmentSet, item } from "../schemas/item";
import * as later from "../schemas/later";
import { petSkin, playerPatch, playerState } from "../schemas/player";
import { msg } from "./define";

/**
 * Server-to-client messages, opcodes 0-51 in the order of spec 000 section 7.
 * Payloads of features not built yet are declared now so opcodes stay stable.
 */
export const serverMessages = {
  toast: msg(0, { text: t.string(500) }),
  playerState: msg(1, { player: playerState }),
  /** `scheduledAt`: when the tick was due (ms since 1970), so a client can measure its delay. */
  battleTick: msg(2, { result: battleResult, scheduledAt: timestamp }),
  lootTracker: msg(3, { entries: t.array(lootTrackerEntry, 200) }),
  inventory: msg(4, { items: t.array(item, 5000) }),
  item: msg(5, { id, item: t.optional(item) }),
  disenchantPreview: msg(6, { itemIds: t.array(id, 5000), loot: lootMap }),
  chatLine: msg(7, { entry: chatEntry }),
  chatHistory: msg(8, { entries: t.array(chatEntry, 1400) }),
  gatherTick: msg(9, { result: gatherResult, scheduledAt: timestamp }),
  versionCheck: msg(10, { build: t.u32 }),
  equipmentSets: msg(11, { sets: t.array(equipmentSet, 50) }),
  profile: msg(12, { profile: t.optional(later.profile) }),
  oauthRedirect: msg(13, { url: t.string(2000) }),
  identities: msg(14, { guest: t.bool, identities: t.array(later.identity, 10) }),
  channels: msg(15, { channels: t.array(chatChannel, 7) }),
  itemLookups: msg(16, { items: t.array(item, 100), missing: t.array(id, 100) }),
  guild: msg(17, { guild: t.optional(later.guild) }),
  guildList: msg(18, {
    guilds: t.array(later.guildListEntry, 50),
    invites: t.array(later.guildInvite, 100),
    page: t.u32,
    totalPages: t.u32,
  }),
  guildRoster: msg(19, { members: t.array(later.rosterMember, 200) }),
  guildArmory: msg(20, { items: t.array(item, 2000) }),
  marketOrders: msg(21, {
    lootId: t.u16,
    buy: t.array(later.order, 200),
    sell: t.array(later.order, 200),
  }),
  myOrders: msg(22, {
    orders: t.array(later.order, 100),
    itemOrders: t.array(later.itemOrder, 100),
  }),
  itemOrders: msg(23, { orders: t.array(later.itemOrder, 100), append: t.bool, hasMore: t.bool }),
  /**
   * A page of a board (answer to viewLeaderboard and searchLeaderboard): 20 rows, the page and
   * the number of pages, whether only the viewer's guild is listed, the player a search found
   * (`highlight`) and the viewer's own place (`own`) when they are on the board.
   */
  leaderboard: msg(24, {
    type: t.string(60),
    rows: t.array(later.leaderboardRow, 20),
    currentPage: t.u32,
    totalPages: t.u32,
    guildOnly: t.bool,
    highlight: t.optional(playerName),
    own: t.optional(later.leaderboardPlace),
  }),
  /**
   * The player's push devices, and the server's VAPID public key (base64url) browsers subscribe
   * with; empty when this server sends no push notifications.
   */
  notificationSettings: msg(25, {
    publicKey: t.string(200),
    devices: t.array(later.notificationDevice, 20),
  }),
  codexResetPreview: msg(26, { refund: t.f64, boosts: boostMap }),
  activityLog: msg(27, {
    guild: t.bool,
    append: t.bool,
    entries: t.array(activityLogEntry, 200),
    hasMore: t.bool,
    cursor: t.string(100),
    loadedUntil: timestamp,
  }),
  /** `growthRate`: how many hours the herbs grow per hour (the world's FARM_GROWTH_RATE, 1 normally). */
  farmTime: msg(28, { lastHarvest: timestamp, serverTime: timestamp, growthRate: t.f64 }),
  potions: msg(29, { belt: t.array(later.potion, 10), active: t.array(later.potion, 10) }),
  /**
   * The world's event as this player sees it (docs/game-rules.md "Events"). `eventType` none
   * between events. `started`: false in an Elemental Rift's queue phase ("Starting in N
   * ticks", `eventTicks` until the start), true once it runs (`eventTicks` left). `queue`: the
   * players in the queue (0 once started). `phaseEndsAt` and `tickMs` let the screen count the
   * ticks down between messages (`serverTime`: the server's clock when sent). Rift of Power:
   * `siphoning` and `successCount` this rift.
   */
  eventState: msg(30, {
    eventType: riftType,
    eventTicks: t.u32,
    joined: t.bool,
    queue: t.u32,
    nextMainEventAt: timestamp,
    started: t.bool,
    phaseEndsAt: timestamp,
    serverTime: timestamp,
    tickMs: t.u32,
    siphoning: t.bool,
    successCount: t.u32,
  }),
  /**
   * One siphon of a Rift of Power: `success`, the successes so far, and on a success that
   * improved an item the item's boosts before (`oldBoosts`) and the item after.
   */
  riftOfPowerResult: msg(31, {
    success: t.bool,
    successCount: t.u32,
    oldBoosts: boostMap,
    item: t.optional(item),
  }),
  elementalRift: msg(32, { state: later.elementalRift }),
  eventPlayers: msg(33, { rows: t.array(later.eventPlayerRow, 1000) }),
  paymentRedirect: msg(34, { url: t.string(2000), key: t.string(200) }),
  premiumShop: msg(35, { shop: later.premiumShop }),
  dungeonState: msg(36, { state: later.dungeonState }),
  /** The player's pets; `levels` sums every pet's level (+2% pet experience each). */
  pets: msg(37, {
    pets: t.array(later.pet, 100),
    levels: t.u32,
    dungeonSkin: t.optional(petSkin),
    unlockedSkins: t.array(petSkin, 1000),
  }),
  playerUpdate: msg(38, { patch: playerPatch }),
  onlineCounts: msg(39, { online: t.u32, active: t.u32 }),
  pong: msg(40, { serverTime: timestamp }),
  itemPercentiles: msg(41, { itemId: id, percentiles: t.map(t.u16, t.f64, 64) }),
  guildUpgrades: msg(42, { upgrades: t.map(t.u8, t.u32, 8), next: t.optional(t.u8) }),
  guildPublic: msg(43, { guild: t.optional(later.guildPublic) }),
  ignoreList: msg(44, { names: t.array(playerName, 500) }),
  chatDeleted: msg(45, { id }),
  marketTrade: msg(46, { side: marketSide, lootId: t.u16, quantity: t.f64, unitPrice: t.f64 }),
  dungeonLootTracker: msg(47, { loot: lootMap, items: t.array(item, 200) }),
  eventTime: msg(48, {
    serverTime: timestamp,
    nextElementalRift: timestamp,
    nextRiftOfPower: timestamp,
  }),
  dungeonQueue: msg(49, { size, position: t.u32 }),
  /**
   * Answer to the chat command `/wire name`: the player exists and may receive transfers;
   * the client opens its transfer dialog for them. A refusal comes as a toast instead.
   */
  wireTarget: msg(50, { playerId: id, name: playerName }),
  /**
   * An equipment listing changed (new price) or closed (sold, withdrawn: no `order`). Sent to
   * the player who acted and to the seller, so search results and my-orders follow.
   */
  itemOrder: msg(51, { orderId: id, order: t.optional(later.itemOrder) }),
  /**
   * The player's guild dungeon (none: not in a guild). Answers getGuildDungeon and
   * dungeonJoinGuild, and reaches every online member when an objective is completed.
   */
  guildDungeon: msg(52, { state: t.optional(later.guildDungeon) }),
  /**
   * The other members exploring the same guild dungeon floor right now (online, in a run of
   * it), with their positions: sent to each of them when one enters, moves, leaves or goes
   * offline, on any process. The player's own `dungeonState` carries them too.
   */
  guildDungeonPlayers: msg(53, { players: t.array(later.dungeonPlayer, 100) }),
  /**
   * A fresh login token for this browser to keep (sliding renewal while the player is active):
   * the stored token is replaced, so a player who keeps playing is never signed out.
   */
  loginToken: msg(68, { token: t.string(4000) }),
  /** Answer to updateProfile: the profile text as stored (cleaned of hidden characters). */
  profileSaved: msg(64, { text: t.string(2000) }),
  /** A farm collection: the herbs, the upkeep paid, the herbs lost to debt; `auto` when unattended. */
  farmHarvest: msg(58, { herbs: lootMap, upkeep: t.f64, withered: t.u32, auto: t.bool }),
  /** Addresses the operator configured, sent after hydrate ("" when not set). */
  serverLinks: msg(72, { communityChatUrl: t.string(500) }),
  /**
   * "While you were away" (issue 14): sent after `hydrate` when the player's last socket
   * closed more than a few minutes ago; the server forgets it once sent.
   */
  awaySummary: msg(76, { summary: awaySummary }),
} as const;
