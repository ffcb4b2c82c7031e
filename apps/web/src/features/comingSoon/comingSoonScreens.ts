/**
 * What each not-yet-built screen will contain (from specs 000 and 001), shown by
 * <ComingSoonPage>. Remove an entry once its real screen replaces the route.
 */

export type ComingSoonIcon =
  | "battle"
  | "research"
  | "inventory"
  | "sigil"
  | "event"
  | "profile"
  | "market"
  | "guild"
  | "farm"
  | "rankings"
  | "log"
  | "settings"
  | "premium"
  | "dungeon"
  | "pets";

export interface ComingSoonScreen {
  title: string;
  icon: ComingSoonIcon;
  summary: string;
  features: readonly string[];
}

export const COMING_SOON_SCREENS = {
  research: {
    title: "Research",
    icon: "research",
    summary: "Spend mana dust and codex on permanent upgrades, sorted into tabs.",
    features: [
      "Tabs: Base Power, Combat Skills, Enchants, Gathering and Codex.",
      "Buy several levels at once, up to what you can afford or the cap.",
      "The last tab you used is remembered.",
    ],
  },
  inventory: {
    title: "Inventory",
    icon: "inventory",
    summary: "Your equipped slots, your inventory and your other items in one place.",
    features: [
      "Nine slots: weapon, robe, boots, gloves, hat, cloak, amulet, ring and sigil.",
      "Equip, favourite, transfer, sell and disenchant items.",
      "Equipment sets you can save and swap in one click.",
    ],
  },
  itemUpgrade: {
    title: "Item Upgrade",
    icon: "inventory",
    summary: "Make a piece of gear stronger with orbs, enchants and infusions.",
    features: [
      "Upgrades: reroll with orbs of power, chaos, divinity and perfection, or infuse (+5% per tier).",
      "Enchant: spend reagents on enchant ranks, limited by your enchanting skill.",
      "Heirloom: turn a Legendary into an Heirloom (Legendary items only).",
    ],
  },
  sigils: {
    title: "Sigils",
    icon: "sigil",
    summary: "Choose the sigil that empowers you, upgraded with event points.",
    features: [
      "Purpose (quest boost), Distillation (potion boost), Vitality and Growth (multistat).",
      "Each sigil's current and next level at a glance.",
    ],
  },
  guildList: {
    title: "Guilds",
    icon: "guild",
    summary: "Find a guild to join or found your own.",
    features: [
      "All guilds, 50 per page, sorted by upgrades.",
      "Your pending invites.",
      "Create a guild for 1000 each of iron, fish and wood.",
    ],
  },
  guildPublic: {
    title: "Guild",
    icon: "guild",
    summary: "A guild's public page.",
    features: ["Its description and level.", "The member roster."],
  },
  guildRoster: {
    title: "Guild Roster",
    icon: "guild",
    summary: "Your guild's members, what they do and what they contribute.",
    features: [
      "Levels, current activity, rank and contributions of every member.",
      "Invite, kick and promote, depending on your rank's permissions.",
      "The message of the day and the guild's funds.",
    ],
  },
  guildEdit: {
    title: "Edit Guild",
    icon: "guild",
    summary: "Edit the guild's description, internal info and message of the day.",
    features: [
      "Public description (1000 characters), internal info (2000) and MOTD (500).",
      "The guild API key, for guilds that have one.",
    ],
  },
  guildInfo: {
    title: "Guild Info",
    icon: "guild",
    summary: "The guild's internal information and message of the day.",
    features: ["Internal description for members.", "Message of the day."],
  },
  guildRanks: {
    title: "Guild Ranks",
    icon: "guild",
    summary: "Ranks, their permissions and their taxes.",
    features: [
      "Create, rename and delete ranks.",
      "Twelve permissions from inviting members to withdrawing funds.",
      "Tax rates per currency for each rank.",
    ],
  },
  guildUpgrades: {
    title: "Guild Upgrades",
    icon: "guild",
    summary: "Build up your guild hall with shared funds.",
    features: [
      "Council Chamber, Cloakroom, Nexus Crystal, Magical Accounting and more.",
      "Mark the next upgrade so everyone saves towards it.",
    ],
  },
  guildLog: {
    title: "Guild Log",
    icon: "log",
    summary: "Everything that happened in your guild.",
    features: [
      "Filters: All, Funds, Armory, Upgrade, Members, Rank Changes.",
      "Search and Load More.",
    ],
  },
  activityLog: {
    title: "Activity Log",
    icon: "log",
    summary: "A history of everything that happened on your account.",
    features: [
      "Filters: All, Whisper, Transfer, Market, Level, Event, Account.",
      "Search with Enter or the Search button, then Load More.",
    ],
  },
  dungeonGuild: {
    title: "Guild Dungeon",
    icon: "dungeon",
    summary: "Run a dungeon together with your guild mates.",
    features: [
      "Shared map with every member's position.",
      "Guild objectives and orbs of perfection.",
    ],
  },
} as const satisfies Record<string, ComingSoonScreen>;

export type ComingSoonKey = keyof typeof COMING_SOON_SCREENS;
