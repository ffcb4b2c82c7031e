import { ActionType, ENCHANTS, GuildUpgrade, LootId } from "@manaspire/game";

/**
 * How people play: what the account does with its actions, how often it refreshes them, what it
 * researches (in this order, one level at a time round-robin while affordable), what it sells
 * and buys on the market. Policies are deliberately simple (docs/simulator.md).
 */
export type ProfileId =
  | "battle"
  | "gatherer"
  | "farmer"
  | "trader"
  | "guild"
  | "casual"
  | "premium"
  | "dungeon"
  | "events";

export interface Profile {
  readonly id: ProfileId;
  readonly label: string;
  /** Share of the world's accounts. */
  readonly share: number;
  /** Action loads a day: the player refreshes their actions this many times (1,000 = 50 min each). */
  readonly sessions: number;
  /** What the actions do. */
  readonly action: "battle" | "gather";
  /** Research bought, in priority order (boost ids of the research catalogue). */
  readonly research: readonly number[];
  /** Loot sold on the market when above `keep`. */
  readonly sells: readonly number[];
  /** Loot bought on the market with part of the mana dust. */
  readonly buys: readonly number[];
  /** Share of the mana dust a day's buy orders may spend. */
  readonly buyBudget: number;
  /** Pays guild taxes and plays in a guild. */
  readonly guild: boolean;
  /** Collects the farm twice a day and brews Wisdom potions. */
  readonly farm: boolean;
  /** Buys €20 of premium every 7 days. */
  readonly premiumEuros: number;
  /** Runs large idle dungeons while battling (unlocks bought with mana dust). */
  readonly dungeon: boolean;
  /** Joins every Elemental Rift and Rift of Power (events.ts) and levels the Growth sigil. */
  readonly events: boolean;
}

const CODEX_RESEARCH = [100, 101, 102, 103, 105];
/** The twelve enchanting skills (60-71), each paid with its formula, capped at 22 (no date). */
const ENCHANT_RANKS = ENCHANTS.map((e) => e.rankId);
const BATTLE_RESEARCH = [
  1,
  2,
  40,
  45,
  10,
  11,
  12,
  21,
  22,
  23,
  24,
  ...CODEX_RESEARCH,
  ...ENCHANT_RANKS,
];
const GATHER_RESEARCH = [30, 31, 32, 33, 34, 35, 106, 100, 1, 2];
const BATTLE_DROPS_UNUSED = [
  LootId.Fish,
  LootId.Wood,
  LootId.Iron,
  LootId.Sunpetal,
  LootId.Sageroot,
  LootId.Bloomwell,
];
const HERBS = [LootId.Sunpetal, LootId.Sageroot, LootId.Bloomwell];

export const PROFILES: readonly Profile[] = [
  {
    id: "battle",
    label: "Battle-first",
    share: 0.15,
    sessions: 10,
    action: "battle",
    research: BATTLE_RESEARCH,
    sells: BATTLE_DROPS_UNUSED,
    buys: [LootId.Codex],
    buyBudget: 0.1,
    guild: false,
    farm: false,
    premiumEuros: 0,
    dungeon: false,
    events: false,
  },
  {
    id: "gatherer",
    label: "Gatherer",
    share: 0.15,
    sessions: 10,
    action: "gather",
    research: GATHER_RESEARCH,
    sells: [...HERBS, LootId.ElementalShards, LootId.Codex],
    buys: [],
    buyBudget: 0,
    guild: false,
    farm: false,
    premiumEuros: 0,
    dungeon: false,
    events: false,
  },
  {
    id: "farmer",
    label: "Farmer and brewer",
    share: 0.1,
    sessions: 8,
    action: "battle",
    research: [130, 131, 132, 1, 2, 40, 45, 108, 105, ...ENCHANT_RANKS],
    sells: [LootId.Fish, LootId.Wood, LootId.Iron, LootId.Bloomwell],
    buys: [LootId.Sageroot],
    buyBudget: 0.2,
    guild: false,
    farm: true,
    premiumEuros: 0,
    dungeon: false,
    events: false,
  },
  {
    id: "trader",
    label: "Trader",
    share: 0.05,
    sessions: 6,
    action: "battle",
    research: BATTLE_RESEARCH,
    sells: [...BATTLE_DROPS_UNUSED, LootId.Codex, LootId.ElementalShards],
    buys: [LootId.Codex, LootId.ElementalShards, ...HERBS],
    buyBudget: 0.5,
    guild: false,
    farm: false,
    premiumEuros: 0,
    dungeon: false,
    events: false,
  },
  {
    id: "guild",
    label: "Guild member (taxed)",
    share: 0.2,
    sessions: 8,
    action: "battle",
    research: BATTLE_RESEARCH,
    sells: BATTLE_DROPS_UNUSED,
    buys: [LootId.Codex],
    buyBudget: 0.1,
    guild: true,
    farm: false,
    premiumEuros: 0,
    dungeon: false,
    events: false,
  },
  {
    id: "casual",
    label: "Casual (2 loads a day)",
    share: 0.15,
    sessions: 2,
    action: "battle",
    research: BATTLE_RESEARCH,
    sells: BATTLE_DROPS_UNUSED,
    buys: [],
    buyBudget: 0,
    guild: false,
    farm: false,
    premiumEuros: 0,
    dungeon: false,
    events: false,
  },
  {
    id: "premium",
    label: "Premium buyer",
    share: 0.05,
    sessions: 8,
    action: "battle",
    research: BATTLE_RESEARCH,
    sells: BATTLE_DROPS_UNUSED,
    buys: [LootId.Codex],
    buyBudget: 0.1,
    guild: false,
    farm: false,
    premiumEuros: 20,
    dungeon: false,
    events: false,
  },
  {
    id: "dungeon",
    label: "Dungeon runner",
    share: 0.05,
    sessions: 8,
    action: "battle",
    research: [140, 141, 145, 142, ...BATTLE_RESEARCH],
    sells: BATTLE_DROPS_UNUSED,
    buys: [LootId.Codex],
    buyBudget: 0.1,
    guild: false,
    farm: false,
    premiumEuros: 0,
    dungeon: true,
    events: false,
  },
  {
    id: "events",
    label: "Event regular",
    share: 0.1,
    sessions: 10,
    action: "battle",
    research: BATTLE_RESEARCH,
    sells: BATTLE_DROPS_UNUSED,
    buys: [LootId.Codex],
    buyBudget: 0.1,
    guild: false,
    farm: false,
    premiumEuros: 0,
    dungeon: false,
    events: true,
  },
];

export function profileById(id: ProfileId): Profile {
  const p = PROFILES.find((x) => x.id === id);
  if (!p) throw new RangeError(`unknown profile: ${id}`);
  return p;
}

/** Guild upgrades a guild buys, cheapest next level first. */
export const GUILD_UPGRADE_ORDER: readonly GuildUpgrade[] = [
  GuildUpgrade.Study,
  GuildUpgrade.NexusCrystal,
  GuildUpgrade.SleepingQuarters,
  GuildUpgrade.MagicalAccounting,
];

/** The gathering skills, rotated: the account works its lowest skill. */
export const GATHER_ACTIONS = [
  ActionType.Mining,
  ActionType.Fishing,
  ActionType.Woodcutting,
] as const;
