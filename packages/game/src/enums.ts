/**
 * Enumerations shared by the whole game. Each is a `const` object plus a type of its values
 * (no TypeScript `enum`). Numeric values are what travels over the wire.
 */

type ValueOf<T> = T[keyof T];

/** The player's current activity (spec: Activity / ActionType). */
export const ActionType = { None: 0, Battle: 1, Mining: 2, Fishing: 3, Woodcutting: 4 } as const;
export type ActionType = ValueOf<typeof ActionType>;

export const ACTION_TYPE_NAMES: Readonly<Record<ActionType, string>> = {
  0: "None",
  1: "Battle",
  2: "Mining",
  3: "Fishing",
  4: "Woodcutting",
};

/** The three gathering activities. */
export type GatherActionType =
  | typeof ActionType.Mining
  | typeof ActionType.Fishing
  | typeof ActionType.Woodcutting;

export function isGatherAction(action: number): action is GatherActionType {
  return (
    action === ActionType.Mining ||
    action === ActionType.Fishing ||
    action === ActionType.Woodcutting
  );
}

/** Element of a spell or enemy. The player's magic type uses the same values. */
export const Element = { None: 0, Fire: 1, Water: 2, Nature: 3 } as const;
export type Element = ValueOf<typeof Element>;
/** The player's magic school: the same values as {@link Element}. */
export const MagicType = Element;
export type MagicType = Element;

export const ELEMENT_NAMES: Readonly<Record<Element, string>> = {
  0: "None",
  1: "Fire",
  2: "Water",
  3: "Nature",
};

export function isMagicElement(value: unknown): value is 1 | 2 | 3 {
  return value === Element.Fire || value === Element.Water || value === Element.Nature;
}

/** Item and material rarity, 0-7. */
export const Rarity = {
  None: 0,
  Common: 1,
  Uncommon: 2,
  Rare: 3,
  Epic: 4,
  Legendary: 5,
  Heirloom: 6,
  Mythic: 7,
} as const;
export type Rarity = ValueOf<typeof Rarity>;

export const RARITY_NAMES: Readonly<Record<Rarity, string>> = {
  0: "None",
  1: "Common",
  2: "Uncommon",
  3: "Rare",
  4: "Epic",
  5: "Legendary",
  6: "Heirloom",
  7: "Mythic",
};

/** CSS class the web client styles per rarity (text colour). */
export const RARITY_CLASSES: Readonly<Record<Rarity, string>> = {
  0: "rarity-none",
  1: "rarity-common",
  2: "rarity-uncommon",
  3: "rarity-rare",
  4: "rarity-epic",
  5: "rarity-legendary",
  6: "rarity-heirloom",
  7: "rarity-mythic",
};

/** Suggested colour per rarity (hex), for clients that want a default for the CSS classes. */
export const RARITY_COLORS: Readonly<Record<Rarity, string>> = {
  0: "#9ca3af",
  1: "#f7f9fb",
  2: "#22c55e",
  3: "#3b82f6",
  4: "#a855f7",
  5: "#f97316",
  6: "#e5c07b",
  7: "#ef4444",
};

/** Equipment slots 1-9. */
export const Slot = {
  Weapon: 1,
  Robe: 2,
  Boots: 3,
  Gloves: 4,
  Hat: 5,
  Cloak: 6,
  Amulet: 7,
  Ring: 8,
  Sigil: 9,
} as const;
export type Slot = ValueOf<typeof Slot>;

export const SLOT_NAMES: Readonly<Record<Slot, string>> = {
  1: "Weapon",
  2: "Robe",
  3: "Boots",
  4: "Gloves",
  5: "Hat",
  6: "Cloak",
  7: "Amulet",
  8: "Ring",
  9: "Sigil",
};

/** Battle zones. */
export const Zone = {
  RadiantGrove: 1,
  SmolderingMarsh: 2,
  WorldshapersDomain: 3,
  MaelstromsEye: 4,
  BlazingCore: 5,
} as const;
export type Zone = ValueOf<typeof Zone>;

export const ChatChannel = {
  General: 1,
  Trade: 2,
  Help: 3,
  Guild: 4,
  Global: 5,
  Whispers: 6,
  Notifications: 7,
} as const;
export type ChatChannel = ValueOf<typeof ChatChannel>;

export const CHAT_CHANNEL_NAMES: Readonly<Record<ChatChannel, string>> = {
  1: "General",
  2: "Trade",
  3: "Help",
  4: "Guild",
  5: "Global",
  6: "Whispers",
  7: "Notifications",
};

/** Activity log filter (spec: all, level, whisper, transfer, market, event, account, guild_*). */
export const LogCategory = {
  All: 0,
  Level: 1,
  Whisper: 2,
  Transfer: 3,
  Market: 4,
  Event: 5,
  Account: 6,
  GuildFunds: 7,
  GuildArmory: 8,
  GuildUpgrade: 9,
  GuildMembers: 10,
  GuildRank: 11,
} as const;
export type LogCategory = ValueOf<typeof LogCategory>;

/** The spec's string key of each log category. */
export const LOG_CATEGORY_KEYS: Readonly<Record<LogCategory, string>> = {
  0: "all",
  1: "level",
  2: "whisper",
  3: "transfer",
  4: "market",
  5: "event",
  6: "account",
  7: "guild_funds",
  8: "guild_armory",
  9: "guild_upgrade",
  10: "guild_members",
  11: "guild_rank",
};

/** Filter labels shown in the activity log (player and guild views). */
export const LOG_CATEGORY_LABELS: Readonly<Record<LogCategory, string>> = {
  0: "All",
  1: "Level",
  2: "Whisper",
  3: "Transfer",
  4: "Market",
  5: "Event",
  6: "Account",
  7: "Funds",
  8: "Armory",
  9: "Upgrade",
  10: "Members",
  11: "Rank Changes",
};

/** Pet effect kinds 1-21, in the spec's order. */
export const PetEffect = {
  Resurrect: 1,
  Resistance: 2,
  Immune: 3,
  Dragon: 4,
  Curse: 5,
  Snake: 6,
  Owl: 7,
  Ward: 8,
  Haste: 9,
  Regen: 10,
  Dust: 11,
  EggDrop: 12,
  Tax: 13,
  Mining: 14,
  Fishing: 15,
  Woodcutting: 16,
  PetXp: 17,
  Multistat: 18,
  DungeonIdle: 19,
  Versatility: 20,
  Foraging: 21,
} as const;
export type PetEffect = ValueOf<typeof PetEffect>;

/** Fixed perk display order from the spec: 1-10, 13-16, 20, 21, then 11, 12, 17, 18, 19. */
export const PET_EFFECT_DISPLAY_ORDER: readonly PetEffect[] = [
  1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 13, 14, 15, 16, 20, 21, 11, 12, 17, 18, 19,
];

export const PetClass = { Combat: 1, Gathering: 2, Utility: 3 } as const;
export type PetClass = ValueOf<typeof PetClass>;

/** Active pet limits per class (spec: 3 combat, 2 gathering, 1 utility). */
export const PET_ACTIVE_LIMITS: Readonly<Record<PetClass, number>> = { 1: 3, 2: 2, 3: 1 };

export const SkillCategory = {
  Battle: 1,
  Mining: 2,
  Fishing: 3,
  Woodcutting: 4,
  Gather: 5,
} as const;
export type SkillCategory = ValueOf<typeof SkillCategory>;

export const Size = { None: 0, Small: 1, Medium: 2, Large: 3 } as const;
export type Size = ValueOf<typeof Size>;

export const RiftType = { None: 0, RiftOfPower: 1, ElementalRift: 2 } as const;
export type RiftType = ValueOf<typeof RiftType>;

export const MarketSide = { Buy: 1, Sell: 2 } as const;
export type MarketSide = ValueOf<typeof MarketSide>;

export const ItemKind = { Fungible: 1, NonFungible: 2, SemiFungible: 3 } as const;
export type ItemKind = ValueOf<typeof ItemKind>;
