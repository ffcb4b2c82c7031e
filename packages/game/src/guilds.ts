import { LootId } from "./loot";

/**
 * Guild rules (spec 001 sections 3, 5, 6 and 9; issue 10). Pure: the server checks every guild
 * call with these, the browser uses them to show only what the player may do.
 */

/** Permission bits (spec 001 section 3), by index. */
export const GuildPermission = {
  ManageRanks: 0,
  Invite: 1,
  Kick: 2,
  Promote: 3,
  EditDescription: 4,
  DonateItems: 5,
  BorrowItems: 6,
  RetrieveItems: 7,
  RevokeItems: 8,
  WithdrawFunds: 9,
  Upgrades: 10,
  EditTaxes: 11,
} as const;
export type GuildPermission = (typeof GuildPermission)[keyof typeof GuildPermission];

/** The permissions' names, by bit index (the ranks screen's checkboxes). */
export const GUILD_PERMISSION_NAMES: readonly string[] = [
  "Manage Ranks (Admin)",
  "Invite Members",
  "Kick Members",
  "Promote Members",
  "Edit Description",
  "Donate Items",
  "Borrow Items",
  "Retrieve Items",
  "Revoke Items",
  "Withdraw Funds",
  "Upgrades",
  "Edit Taxes",
];

/** Every one of the 12 bits set: the leader's rank. */
export const ALL_GUILD_PERMISSIONS = (1 << GUILD_PERMISSION_NAMES.length) - 1;

/** Whether a bitmask holds a permission. A player without a guild has none (`undefined`). */
export function hasGuildPermission(mask: number | undefined, bit: GuildPermission): boolean {
  if (mask === undefined) return false;
  return ((mask >>> bit) & 1) === 1;
}

/** Keeps only the 12 defined bits of a bitmask a client sent. */
export function cleanPermissionMask(mask: number): number {
  return Number.isSafeInteger(mask) && mask > 0 ? mask & ALL_GUILD_PERMISSIONS : 0;
}

/** Guild upgrade types (spec 001 section 3; ids from the live game). */
export const GuildUpgrade = {
  CouncilChamber: 1,
  Cloakroom: 2,
  NexusCrystal: 3,
  MagicalAccounting: 4,
  ManaConduit: 5,
  Study: 6,
  SleepingQuarters: 7,
  EtherealRefinery: 8,
} as const;
export type GuildUpgrade = (typeof GuildUpgrade)[keyof typeof GuildUpgrade];

export const GUILD_UPGRADE_NAMES: Readonly<Record<GuildUpgrade, string>> = {
  1: "Council Chamber",
  2: "Cloakroom",
  3: "Nexus Crystal",
  4: "Magical Accounting",
  5: "Mana Conduit",
  6: "Study",
  7: "Sleeping Quarters",
  8: "Ethereal Refinery",
};

/** Highest level of each upgrade; the others have no cap. */
export const GUILD_UPGRADE_MAX: Readonly<Partial<Record<GuildUpgrade, number>>> = {
  1: 20,
  2: 20,
};

/** Guild constants (spec 001 section 9). */
export const GUILD_BASE_MEMBERS = 10;
export const GUILD_BASE_ARMORY = 200;
export const GUILD_ARMORY_PER_CLOAKROOM = 50;
export const GUILD_CREATE_COST: Readonly<Record<number, number>> = {
  [LootId.Iron]: 1000,
  [LootId.Fish]: 1000,
  [LootId.Wood]: 1000,
};
export const GUILD_DESCRIPTION_MAX = 1000;
export const GUILD_INTERNAL_MAX = 2000;
export const GUILD_MOTD_MAX = 500;
export const GUILD_RANK_NAME_MAX = 30;
/** Ranks one guild may define. */
export const GUILD_MAX_RANKS = 50;
export const GUILD_LIST_PAGE_SIZE = 50;
/** Currencies a negative donation may withdraw (with Withdraw Funds). */
export const GUILD_WITHDRAWABLE: readonly number[] = [LootId.ManaDust, LootId.ElementalShards];
/** Currencies members may donate to the funds. */
export const GUILD_DONATABLE: readonly number[] = [
  LootId.ManaDust,
  LootId.ElementalShards,
  LootId.Fish,
  LootId.Wood,
  LootId.Iron,
];
/** The ranks a new guild starts with: the leader's (every permission) and the members'. */
export const GUILD_LEADER_RANK = { id: 1, name: "Leader", permission: ALL_GUILD_PERMISSIONS };
export const GUILD_MEMBER_RANK = { id: 10, name: "Member", permission: 0 };

const NAME_RE = /^[A-Za-z' ]{3,30}$/;
export const GUILD_NAME_RULE = "Name must be 3–30 letters.";

/** Renaming a guild (spec 001 section 9): 5 Crystallized Mana, paid by the leader. */
export const GUILD_RENAME_COST = 5;

/**
 * A guild name as stored (trimmed, inner runs of spaces as one), or undefined when it breaks
 * the rule: 3-30 letters, apostrophes or spaces, with at least one letter.
 */
export function cleanGuildName(raw: string): string | undefined {
  const name = raw.trim().replace(/ {2,}/g, " ");
  if (!NAME_RE.test(name) || !/[A-Za-z]/.test(name)) return undefined;
  return name;
}

/** Members a guild may hold: 10 + Council Chamber level. */
export function guildMaxMembers(upgrades: Readonly<Record<number, number>>): number {
  return GUILD_BASE_MEMBERS + (upgrades[GuildUpgrade.CouncilChamber] ?? 0);
}

/** Items the armory holds: 200 + 50 per Cloakroom level. */
export function guildArmoryCapacity(upgrades: Readonly<Record<number, number>>): number {
  return GUILD_BASE_ARMORY + GUILD_ARMORY_PER_CLOAKROOM * (upgrades[GuildUpgrade.Cloakroom] ?? 0);
}

/** Sum of every upgrade's level (the guild list's order). */
export function totalGuildUpgrades(upgrades: Readonly<Record<number, number>>): number {
  let total = 0;
  for (const v of Object.values(upgrades)) total += v;
  return total;
}

/**
 * The cost of raising an upgrade to `level` (quadratic): 25,000·level² Mana Dust and
 * 250·level² Elemental Shards, paid from the guild's funds. Undefined past the upgrade's cap.
 */
export function guildUpgradeCost(
  type: GuildUpgrade,
  level: number,
): Record<number, number> | undefined {
  const max = GUILD_UPGRADE_MAX[type];
  if (level < 1 || !Number.isSafeInteger(level) || (max !== undefined && level > max)) {
    return undefined;
  }
  return {
    [LootId.ManaDust]: 25_000 * level * level,
    [LootId.ElementalShards]: 250 * level * level,
  };
}

/** Whether `type` may be bought now: the marked one only, or any when none is marked. */
export function canBuyGuildUpgrade(type: GuildUpgrade, marked: number | null | undefined): boolean {
  return marked === null || marked === undefined || marked === type;
}

/** The guild's effects on its members at these upgrade levels (spec 001 section 9). */
export interface GuildEffects {
  /** Extra shard boost, a fraction (Nexus Crystal +1% per level). */
  shardBoost: number;
  /** Extra tax resources, a fraction (Magical Accounting +1% per level). */
  taxBoost: number;
  /** Spell mana cost multiplier (Mana Conduit -4% per level, compounding). */
  spellCost: number;
  /** Extra base experience, a fraction (Study +1% per level). */
  baseXp: number;
  /** Extra max actions, a fraction (Sleeping Quarters +1% per level). */
  maxActions: number;
  /** Building cost multiplier (Ethereal Refinery -1% per level, floored at 0). */
  buildingCost: number;
  /** Extra resources, orbs, formulas and elementium, a fraction (guild level +0.5% each). */
  dropBoost: number;
}

/** No guild: nothing changes (the rules' default). */
export const NO_GUILD_EFFECTS: Readonly<GuildEffects> = Object.freeze({
  shardBoost: 0,
  taxBoost: 0,
  spellCost: 1,
  baseXp: 0,
  maxActions: 0,
  buildingCost: 1,
  dropBoost: 0,
});

export function guildEffects(
  upgrades: Readonly<Record<number, number>>,
  guildLevel: number,
): GuildEffects {
  const lvl = (t: GuildUpgrade) => upgrades[t] ?? 0;
  return {
    shardBoost: 0.01 * lvl(GuildUpgrade.NexusCrystal),
    taxBoost: 0.01 * lvl(GuildUpgrade.MagicalAccounting),
    spellCost: 0.96 ** lvl(GuildUpgrade.ManaConduit),
    baseXp: 0.01 * lvl(GuildUpgrade.Study),
    maxActions: 0.01 * lvl(GuildUpgrade.SleepingQuarters),
    buildingCost: Math.max(0, 1 - 0.01 * lvl(GuildUpgrade.EtherealRefinery)),
    dropBoost: 0.005 * Math.max(0, guildLevel),
  };
}

/** Whether two sets of effects are the same (a member's effects are replaced only on a change). */
export function sameGuildEffects(a: Readonly<GuildEffects>, b: Readonly<GuildEffects>): boolean {
  return (
    a.shardBoost === b.shardBoost &&
    a.taxBoost === b.taxBoost &&
    a.spellCost === b.spellCost &&
    a.baseXp === b.baseXp &&
    a.maxActions === b.maxActions &&
    a.buildingCost === b.buildingCost &&
    a.dropBoost === b.dropBoost
  );
}

/** Sleeping Quarters as the whole percent `maxActions` takes (exact, without float residue). */
export function guildMaxActionsPercent(effects: Readonly<GuildEffects>): number {
  return Math.round(effects.maxActions * 100);
}

/**
 * Share of a member's battle experience (after boosts) the guild gains (design): 1%. Guild
 * experience is a total kept as a float; level n needs {@link GUILD_XP_BASE}·n(n+1)/2.
 */
export const GUILD_XP_SHARE = 0.01;
/** Guild experience per level (the level curve of levels.ts with this base). */
export const GUILD_XP_BASE = 100_000;

/** What a member's battle experience gives their guild. */
export function guildXpFromBattle(battleXp: number): number {
  return Number.isFinite(battleXp) && battleXp > 0 ? battleXp * GUILD_XP_SHARE : 0;
}

/**
 * The tax rate applied to a member's loot of one currency: the rank's rate, or the member's
 * personal rate where the rank's is lower (spec 001 section 6). Rates are percentages 0-100.
 */
export function effectiveTaxRate(rankRate: number | undefined, personalRate: number | undefined) {
  const clamp = (n: number | undefined) =>
    n === undefined || !Number.isFinite(n) ? 0 : Math.min(100, Math.max(0, n));
  return Math.max(clamp(rankRate), clamp(personalRate));
}

/**
 * Splits loot into what the member keeps and what the guild receives: floor(amount × rate)
 * per currency goes to the guild, plus Magical Accounting's bonus on that share.
 */
export function splitTax(
  loot: Readonly<Record<number, number>>,
  rankTax: Readonly<Record<number, number>>,
  personalTax: Readonly<Record<number, number>>,
  taxBoost = 0,
): { kept: Record<number, number>; taxed: Record<number, number> } {
  const kept: Record<number, number> = {};
  const taxed: Record<number, number> = {};
  for (const [key, amount] of Object.entries(loot)) {
    const id = Number(key);
    const rate = effectiveTaxRate(rankTax[id], personalTax[id]);
    const share = rate > 0 ? Math.floor((amount * rate) / 100) : 0;
    kept[id] = amount - share;
    if (share > 0) taxed[id] = Math.floor(share * (1 + taxBoost));
  }
  return { kept, taxed };
}

/**
 * Whether `actor` may act on `target` (kick, change their rank): the leader may act on anyone
 * but themself; others only on members of a lower rank (a higher rank id).
 */
export function outranks(
  actor: { isLeader: boolean; rankId: number },
  target: { isLeader: boolean; rankId: number },
): boolean {
  if (target.isLeader) return false;
  if (actor.isLeader) return true;
  return target.rankId > actor.rankId;
}
