import { t } from "../codecs";
import { boostMap, id, lootMap, playerName, timestamp } from "./common";
import { actionType, element, magicType, marketSide, zone } from "./enums";
import { item } from "./item";

/**
 * Records of features built after the foundation (market, guilds, events, dungeons, pets,
 * profiles, premium shop). Declared now so the opcode catalogue is complete and stable;
 * their issues may refine them together with a build number bump.
 */

export const identity = t.record({
  provider: t.string(20),
  providerId: t.string(200),
  email: t.optional(t.string(200)),
  createdAt: timestamp,
});

/**
 * Spec 001 section 3 "Profile" (issue 12), plus `magicType` (the stat groups derive spellpower
 * for it), `activeSigil`, `highestEnemy` and `blockEnchants` (the Enchant buttons say when
 * the owner blocks enchants). `equipment` holds the equipped items, each with its slot and boosts.
 */
export const profile = t.record({
  id,
  name: playerName,
  title: t.string(40),
  titleColor: t.string(9),
  banned: t.bool,
  profileText: t.string(2000),
  guildId: t.optional(id),
  guildName: t.optional(t.string(30)),
  actionType,
  level: t.uint53,
  zone,
  enemy: t.uint53,
  magicType,
  miningLevel: t.uint53,
  fishingLevel: t.uint53,
  woodcuttingLevel: t.uint53,
  petLevels: t.u32,
  activePets: t.array(t.u8, 6),
  equipment: t.array(item, 9),
  sigilBoost: t.f64,
  activeSigil: t.u16,
  eventPoints: t.f64,
  kills: t.uint53,
  deaths: t.uint53,
  highestEnemy: t.uint53,
  battleQuestCompleted: t.uint53,
  gatherActions: t.uint53,
  gatherQuestCompleted: t.uint53,
  eventActions: t.uint53,
  potionsBrewed: t.uint53,
  boosts: boostMap,
  totalBoosts: boostMap,
  nexusCrystal: t.u32,
  blockEnchants: t.bool,
});

export const guildRank = t.record({
  id: t.u16,
  name: t.string(30),
  permission: t.u32,
  tax: t.map(t.u16, t.f64, 64),
});

export const guild = t.record({
  id,
  name: t.string(30),
  apiKey: t.optional(t.string(100)),
  description: t.string(1000),
  internalDescription: t.string(2000),
  motd: t.string(500),
  level: t.uint53,
  experience: t.f64,
  experienceToLevel: t.f64,
  dungeonLevel: t.uint53,
  upgrades: t.map(t.u8, t.u32, 8),
  nextUpgrade: t.optional(t.u8),
  funds: lootMap,
  ranks: t.array(guildRank, 50),
  ownerId: id,
  ownerName: playerName,
  members: t.u32,
  maxMembers: t.u32,
  totalUpgrades: t.u32,
  enchants: boostMap,
});

export const guildListEntry = t.record({
  id,
  name: t.string(30),
  level: t.uint53,
  members: t.u32,
  maxMembers: t.u32,
  totalUpgrades: t.u32,
});

export const guildInvite = t.record({ guildId: id, name: t.string(30) });

export const rosterMember = t.record({
  id,
  name: playerName,
  active: t.bool,
  actionType,
  lastFatigue: timestamp,
  rankId: t.u16,
  rank: t.string(30),
  level: t.uint53,
  miningLevel: t.uint53,
  fishingLevel: t.uint53,
  woodcuttingLevel: t.uint53,
  banned: t.bool,
  contributions: lootMap,
  totalActions: t.uint53,
});

export const guildPublic = t.record({
  id,
  name: t.string(30),
  description: t.string(1000),
  level: t.uint53,
  /** Experience into the current level and what the next level needs (spec 001 Guild). */
  experience: t.f64,
  experienceToLevel: t.f64,
  roster: t.array(t.record({ id, name: playerName, rank: t.string(30), level: t.uint53 }), 200),
});

export const order = t.record({
  id,
  playerId: id,
  lootId: t.u16,
  orderType: marketSide,
  quantity: t.f64,
  unitPrice: t.f64,
});

export const itemOrder = t.record({ id, item, unitPrice: t.f64, playerName });

/** Spec 001 section 3 "Leaderboard row": equal scores share a rank; banned players are struck through. */
export const leaderboardRow = t.record({
  rank: t.uint53,
  name: playerName,
  score: t.f64,
  banned: t.bool,
});

/** The viewer's own place on a board. */
export const leaderboardPlace = t.record({ rank: t.uint53, score: t.f64, page: t.u32 });

/**
 * A push address (the Web Push subscription's endpoint URL); it names a device. Push services'
 * endpoints are 150-400 characters.
 */
export const deviceToken = t.string(1000);

/** One switch per notification type (spec 001 section 3), in the spec's order. */
export const notificationTypes = t.record({
  QuestComplete: t.bool,
  RefreshActions: t.bool,
  Whisper: t.bool,
  Potion: t.bool,
  DungeonQueue: t.bool,
  DungeonObjective: t.bool,
  ElementalRift: t.bool,
  RiftOfPower: t.bool,
});

/** Notification device settings (spec 001 section 3), keyed by the device's token. */
export const notificationDevice = t.record({
  token: deviceToken,
  name: t.string(10),
  /** Set after repeated sending failures; nothing is sent to the device meanwhile. */
  error: t.optional(t.string(200)),
  errorCount: t.u32,
  enabled: notificationTypes,
});

export const potion = t.record({
  boost: t.u16,
  tier: t.u32,
  ticksRemaining: t.optional(t.u32),
  amount: t.optional(t.u32),
  autoConsume: t.bool,
});

export const elementalRift = t.record({
  startTime: timestamp,
  ended: t.bool,
  actionType,
  iron: t.f64,
  fish: t.f64,
  wood: t.f64,
  resources: t.f64,
  bossHealth: t.f64,
  bossMaxHealth: t.f64,
  bossNumber: t.u32,
  bossWardStrength: t.f64,
  bossElement: element,
  manaRemaining: t.f64,
  maxMana: t.f64,
  attacks: t.u32,
  crits: t.u32,
  casts: t.u32,
  damageDone: t.f64,
  manaSpent: t.f64,
  manaShortage: t.f64,
  /** Bosses defeated in this rift so far (between rifts: in the last one). */
  bossesDefeated: t.u32,
  /** Damage every player dealt in this rift, and this player's part of it. */
  totalDamage: t.f64,
  playerDamage: t.f64,
});

export const eventPlayerRow = t.record({
  name: playerName,
  actionType,
  actions: t.uint53,
  totalDamage: t.f64,
  totalResources: t.f64,
  eventPoints: t.optional(t.f64),
});

/**
 * Spec 001 section 3 "Premium shop data" (issue: premium shop): the titles the player unlocked,
 * the next one and the Crystallized Mana its remaining Ascension points cost, whether the
 * player's last purchase was anonymous (the box starts so), and `available`: whether this server
 * sells premium currency (Stripe configured).
 */
export const premiumShop = t.record({
  codexPerEuro: t.f64,
  titles: t.array(t.string(40), 500),
  nextTitle: t.optional(t.string(40)),
  nextTitleCost: t.optional(t.f64),
  anon: t.bool,
  available: t.bool,
});

export const dungeonRoom = t.record({
  x: t.i16,
  y: t.i16,
  flags: t.u8,
  lock: t.u8,
  children: t.u8,
  discovered: t.bool,
});

export const dungeonPlayer = t.record({
  pid: id,
  x: t.i16,
  y: t.i16,
  skin: t.u8,
  name: playerName,
  swiftness: t.u8,
});

/** A combat text over a map cell (spec: x, y, dmg, health, maxHealth; it shows 4 s). */
export const dungeonCombat = t.record({
  x: t.i16,
  y: t.i16,
  dmg: t.f64,
  health: t.f64,
  maxHealth: t.f64,
});

export const dungeonState = t.record({
  guild: t.bool,
  /** 1 small, 2 medium, 3 large. */
  size: t.u8,
  /** The map's width and height in cells. */
  side: t.u8,
  rooms: t.array(dungeonRoom, 4000),
  players: t.array(dungeonPlayer, 100),
  keys: t.array(t.u8, 36),
  loot: lootMap,
  foundEquipment: t.array(item, 100),
  speedrun: t.bool,
  startedAt: timestamp,
  /** The fight this message reports (a move into a knight), if any. */
  combat: t.optional(dungeonCombat),
});

/** One objective of a guild dungeon floor; `by` and `at` once a member completed it. */
export const guildObjective = t.record({
  id: t.u8,
  /** 1 defeat a boss knight, 2 open a vault, 3 reach the exit. */
  kind: t.u8,
  x: t.i16,
  y: t.i16,
  text: t.string(100),
  by: t.optional(playerName),
  at: t.optional(timestamp),
});

/** The player's guild dungeon: its floor (the guild's DungeonLevel) and objectives. */
export const guildDungeon = t.record({
  guildId: id,
  level: t.uint53,
  objectives: t.array(guildObjective, 20),
  /** The player has a copy of this floor under way. */
  inRun: t.bool,
});

export const pet = t.record({
  type: t.u8,
  name: t.optional(t.string(20)),
  skin: t.u8,
  active: t.bool,
  tier: t.u32,
  experience: t.f64,
});
