import { t } from "../codecs";
import { id, playerName } from "../schemas/common";
import {
  actionType,
  autoDisenchant,
  chatChannel,
  guildUpgradeType,
  logCategory,
  magicType,
  marketSide,
  presetOperation,
  rarity,
  size,
  slot,
  zone,
} from "../schemas/enums";
import { deviceToken } from "../schemas/later";
import { preferences } from "../schemas/player";
import { msg } from "./define";

const search = t.string(100);
const guildName = t.string(30);
const setName = t.string(30);
const taxes = t.map(t.u16, t.f64, 64);

/** Core play, chat, pets, events and the activity log (spec 000 section 7). */
const core = {
  hydrate: msg(0, {}),
  heartbeat: msg(1, {}),
  refreshActions: msg(2, { trusted: t.bool }),
  completeQuest: msg(3, {
    trusted: t.bool,
    clickX: t.f64,
    clickY: t.f64,
    pressDuration: t.f64,
    timingDelta: t.f64,
    touch: t.bool,
  }),
  setActionType: msg(4, { actionType, flag: t.bool }),
  selectEnemy: msg(5, { zone, enemy: t.uint53, magicType: t.optional(magicType) }),
  chat: msg(6, { channel: t.optional(chatChannel), text: t.string(500) }),
  clearLootTracker: msg(7, {}),
  /** Activate or deactivate; at the class's limit (or to switch) `replace` names the active pet to take off. */
  petSelect: msg(8, { petType: t.u8, active: t.bool, replace: t.optional(t.u8) }),
  petUnlock: msg(9, { petType: t.u8 }),
  petFeed: msg(10, { petType: t.u8, eggs: t.uint53 }),
  petRename: msg(11, { petType: t.u8, name: t.string(20) }),
  petSetSkin: msg(12, { petType: t.u8, skin: t.u8, dungeon: t.bool }),
  petBuySkin: msg(13, { petType: t.u8, skin: t.u8 }),
  getEventPlayers: msg(14, {}),
  eventJoin: msg(15, {}),
  eventLeaveQueue: msg(16, {}),
  riftSiphon: msg(17, { start: t.bool }),
  eventSetAction: msg(18, { actionType }),
  activityLogPlayer: msg(19, { filter: logCategory, cursor: t.string(100), search }),
  activityLogGuild: msg(20, { filter: logCategory, cursor: t.string(100), search }),
  getItem: msg(21, { id }),
  getItems: msg(22, { ids: t.array(id, 100) }),
  /** Asks for the `pets` message (the pets screen, for fresh experience bars). */
  getPets: msg(23, {}),
};

/** Inventory, items, research and sigils (spec 001 section 7). */
const items = {
  getInventory: msg(30, {}),
  equipItem: msg(31, { id }),
  unequipItem: msg(32, { slot }),
  transferItem: msg(33, { id, to: playerName, borrow: t.bool }),
  transferLoot: msg(34, { lootId: t.u16, quantity: t.uint53, to: playerName }),
  returnItem: msg(35, { id }),
  favoriteItem: msg(36, { id, favorite: t.bool }),
  disenchant: msg(37, {
    target: t.optional(id),
    rarity,
    itemIds: t.array(id, 5000),
    confirmed: t.bool,
  }),
  setAutoDisenchant: msg(38, { rarity: autoDisenchant }),
  createHeirloom: msg(39, { id }),
  enchantItem: msg(40, { id, skill: t.u16, rank: t.u16 }),
  getItemPercentiles: msg(41, { id }),
  rerollItemPower: msg(42, { id }),
  rerollItemChaos: msg(43, { id }),
  rerollItemDivinity: msg(44, { id }),
  rerollItemPerfection: msg(45, { id }),
  upgradeItemMythic: msg(46, { id }),
  infuseItem: msg(47, { id, tier: t.u8 }),
  equipmentSetList: msg(48, {}),
  equipmentSetCreate: msg(49, { name: setName }),
  equipmentSetDelete: msg(50, { name: setName }),
  equipmentSetUpdate: msg(51, { name: setName }),
  equipmentSetEquip: msg(52, { name: setName }),
  purchaseSigil: msg(53, { boost: t.u16 }),
  purchaseBoost: msg(54, { boost: t.u16, amount: t.uint53 }),
  codexReset: msg(55, { confirmed: t.bool }),
};

/** Market and merchant. */
const market = {
  listOrders: msg(60, { lootId: t.u16 }),
  createOrder: msg(61, {
    side: marketSide,
    lootId: t.u16,
    quantity: t.uint53,
    unitPrice: t.uint53,
    quantityGiven: t.bool,
  }),
  updateOrder: msg(62, { orderId: id, quantity: t.uint53, myOrders: t.bool }),
  cancelOrder: msg(63, { orderId: id, myOrders: t.bool }),
  refreshMyOrders: msg(64, {}),
  createItemOrder: msg(65, { itemId: id, price: t.uint53 }),
  listItemOrders: msg(66, {
    minLevel: t.optional(t.uint53),
    maxLevel: t.optional(t.uint53),
    skill: t.optional(t.u8),
    rarity: t.optional(rarity),
    slot: t.optional(slot),
    boost: t.optional(t.u16),
    secondaryBoost: t.optional(t.u16),
    thirdBoost: t.optional(t.u16),
    onlyInfused: t.bool,
    minQuality: t.optional(t.u8),
    maxPrice: t.optional(t.uint53),
    lastOrder: t.optional(id),
  }),
  updateItemOrder: msg(67, { orderId: id, unitPrice: t.uint53 }),
  cancelItemOrder: msg(68, { orderId: id }),
  buyItemOrder: msg(69, { orderId: id, price: t.uint53 }),
  tradeMerchant: msg(70, {
    sourceLootId: t.u16,
    amount: t.uint53,
    targetLootId: t.u16,
    fromGuildFunds: t.bool,
  }),
};

/** Dungeons, farm and potions. */
const dungeonFarm = {
  dungeonManagePreset: msg(80, { operation: presetOperation, name: setName }),
  getDungeonLootTracker: msg(81, { reset: t.bool }),
  dungeonStart: msg(82, {
    size,
    idle: t.bool,
    manual: t.bool,
    trusted: t.bool,
    speedrun: t.bool,
  }),
  dungeonQuit: msg(83, {}),
  dungeonInteract: msg(84, { flags: t.u8 }),
  dungeonMove: msg(85, { x: t.i16, y: t.i16, guild: t.bool }),
  dungeonJoinGuild: msg(86, { join: t.bool }),
  /** Asks for the guild dungeon (answered by `guildDungeon`). */
  getGuildDungeon: msg(87, {}),
  getFarmStatus: msg(90, {}),
  collectFarm: msg(91, {}),
  brewPotion: msg(92, { boost: t.u16, tier: t.u32, amount: t.u8, autoConsume: t.bool }),
  /** Raises the belt's potions of a kind to `tier`, paying the herbs of the tiers added. */
  brewUpgradePotion: msg(93, { boost: t.u16, tier: t.u32 }),
  /** Throws away the belt's potions of a kind, or (`active`) ends its active potion. */
  brewDiscardPotion: msg(94, { boost: t.u16, active: t.bool }),
  /** Drinks one potion of a kind from the belt. */
  drinkPotion: msg(95, { boost: t.u16 }),
  setPotionAutoConsume: msg(96, { boost: t.u16, autoConsume: t.bool }),
};

/** Guilds. */
const guild = {
  createGuild: msg(100, { name: guildName }),
  guildInvite: msg(101, { name: playerName }),
  guildInviteAccept: msg(102, { guildId: id }),
  guildGetDetailsPublic: msg(103, { id }),
  refreshGuildList: msg(104, { page: t.u32 }),
  refreshGuildRoster: msg(105, {}),
  refreshGuildArmory: msg(106, {}),
  refreshGuildUpgrades: msg(107, {}),
  updateGuild: msg(108, {
    description: t.string(1000),
    internal: t.string(2000),
    motd: t.string(500),
  }),
  regenerateGuildApiKey: msg(109, {}),
  setGuildTaxRank: msg(110, { rank: t.u16, taxes }),
  setGuildTaxPersonal: msg(111, { taxes }),
  guildDeleteRank: msg(112, { id: t.u16 }),
  guildUpdateRank: msg(113, { oldId: t.u16, id: t.u16, name: t.string(30), permission: t.u32 }),
  guildLeave: msg(114, {}),
  guildKick: msg(115, { playerId: id }),
  guildPromote: msg(116, { playerId: id, rank: t.u16 }),
  /** A negative amount withdraws. */
  guildDonate: msg(117, { lootId: t.u16, amount: t.f64 }),
  guildArmoryDeposit: msg(118, { itemId: id }),
  guildArmoryBorrow: msg(119, { itemId: id }),
  guildArmoryWithdraw: msg(120, { itemId: id }),
  guildArmoryRevoke: msg(121, { itemId: id }),
  purchaseGuildUpgrade: msg(122, { upgrade: guildUpgradeType }),
  markGuildUpgrade: msg(123, { upgrade: guildUpgradeType }),
  renameGuild: msg(124, { name: guildName }),
  /** The leader makes another member the leader (design; the two swap ranks). */
  guildTransferLeadership: msg(125, { playerId: id }),
  /** The leader revokes the guild's API key: it stops working and none is left (issue 28). */
  revokeGuildApiKey: msg(157, {}),
};

/** Leaderboards, profiles, account, notifications and the premium shop. */
const social = {
  viewLeaderboard: msg(130, {
    type: t.string(60),
    page: t.u32,
    pageSize: t.u8,
    guildOnly: t.bool,
  }),
  searchLeaderboard: msg(131, { type: t.string(60), pageSize: t.u8, name: playerName }),
  getPlayerProfile: msg(132, { name: t.optional(playerName) }),
  updateProfile: msg(133, { text: t.string(2000) }),
  renamePlayer: msg(134, { name: playerName }),
  listIdentities: msg(135, {}),
  /**
   * Starts linking an identity provider to the account: answered with `oauthRedirect`, the
   * address the browser opens in its popup. `returnTo` is the page to come back to when the
   * flow ends in this window instead (a path of this site; anything else means /).
   */
  linkIdentity: msg(136, { provider: t.string(20), returnTo: t.string(200) }),
  unlinkIdentity: msg(137, { provider: t.string(20), providerId: t.string(200) }),
  setTitle: msg(138, { title: t.string(40), color: t.string(9) }),
  updatePreferences: msg(139, { preferences }),
  getNotificationSettings: msg(140, {}),
  /**
   * Registers this browser's Web Push subscription: `token` is its endpoint, `p256dh` and
   * `auth` its keys (base64url), `name` what the device is called (cut to 10 characters).
   */
  addDevice: msg(141, {
    token: deviceToken,
    p256dh: t.string(200),
    auth: t.string(100),
    name: t.string(10),
  }),
  /** A partial change: the name if given, and the listed types' switches. Empty re-arms it. */
  updateDeviceSettings: msg(142, {
    token: deviceToken,
    name: t.optional(t.string(10)),
    enabled: t.map(t.string(30), t.bool, 16),
  }),
  removeDeviceByToken: msg(143, { token: deviceToken }),
  getPremiumShop: msg(144, {}),
  shopPurchase: msg(145, { euros: t.u16, anonymous: t.bool }),
  purchaseQoL: msg(146, {}),
  /** Sends a test notification to one of the player's devices. */
  testNotification: msg(156, { token: deviceToken }),
  /**
   * Enchants an item another player wears, from their profile (issue 12): the enchanter's
   * skill and reagents, the same rules as enchantItem; refused when that player blocks enchants.
   */
  enchantPlayerItem: msg(147, {
    playerId: id,
    itemId: id,
    skill: t.u16,
    rank: t.u16,
  }),
};

/** Signing in on the socket and keeping the account (issues 13 and 14). */
const account = {
  /**
   * The first message of every socket: the login token travels here, never in the socket's
   * address (where it would land in proxies' access logs). Nothing else is handled before it.
   */
  authenticate: msg(152, { token: t.string(4000) }),
  /** A guest keeps the mage: claims a name and a password (a local identity). */
  claimAccount: msg(153, { name: playerName, password: t.string(200) }),
};

/** Every client-to-server message. */
export const clientMessages = {
  ...core,
  ...items,
  ...market,
  ...dungeonFarm,
  ...guild,
  ...social,
  ...account,
} as const;
