import {
  ALL_GUILD_PERMISSIONS,
  type GuildPermission,
  GuildUpgrade,
  guildArmoryCapacity,
  guildEffects,
  guildMaxMembers,
  hasGuildPermission,
} from "@manaspire/game";
import type { Guild, RosterMember } from "../../store/slices/guild";

/**
 * The guild screens' rules (issue 10): what the player may do (the server checks again), the
 * redirects between the guild area and the guild list, and the ranks form's Save rule.
 */

/** The player's permission bitmask in their guild: the leader holds all; no guild, none. */
export function myPermissionMask(
  guild: Guild | null | undefined,
  roster: readonly RosterMember[],
  playerId: number | undefined,
): number | undefined {
  if (!guild || playerId === undefined) return undefined;
  if (guild.ownerId === playerId) return ALL_GUILD_PERMISSIONS;
  const me = roster.find((m) => m.id === playerId);
  if (!me) return 0;
  return guild.ranks.find((r) => r.id === me.rankId)?.permission ?? 0;
}

export function can(mask: number | undefined, bit: GuildPermission): boolean {
  return hasGuildPermission(mask, bit);
}

/**
 * Where a guild route sends the player (spec 001 section 2): without a guild from the guild
 * area to /guild/list; with one from /guild/list to /guild. Public views (/guild/list/{id})
 * stay. `undefined` while the server has not said whether the player has a guild.
 */
export function guildRedirect(pathname: string, hasGuild: boolean | undefined): string | null {
  if (hasGuild === undefined) return null;
  const path = pathname.replace(/\/+$/, "");
  if (path === "/guild/list") return hasGuild ? "/guild" : null;
  if (path.startsWith("/guild/list/")) return null;
  if ((path === "/guild" || path.startsWith("/guild/")) && !hasGuild) return "/guild/list";
  return null;
}

/** The ranks form: Save is disabled when the id is 0 or less or the name empty. */
export function canSaveRank(id: number, name: string): boolean {
  return Number.isInteger(id) && id > 0 && name.trim() !== "";
}

/** The ranks a member may be given by this player: below their own, or any for the leader. */
export function assignableRanks(
  guild: Guild,
  roster: readonly RosterMember[],
  playerId: number,
): Guild["ranks"] {
  if (guild.ownerId === playerId) return guild.ranks;
  const mine = roster.find((m) => m.id === playerId)?.rankId ?? Number.POSITIVE_INFINITY;
  return guild.ranks.filter((r) => r.id > mine);
}

/** Whether this player may kick or re-rank `target` (mirrors the server's rule). */
export function outranksMember(
  guild: Guild,
  roster: readonly RosterMember[],
  playerId: number,
  target: RosterMember,
): boolean {
  if (target.id === guild.ownerId || target.id === playerId) return false;
  if (guild.ownerId === playerId) return true;
  const mine = roster.find((m) => m.id === playerId)?.rankId;
  return mine !== undefined && target.rankId > mine;
}

/** Page numbers 1..total shown around the current one. */
export function clampGuildPage(page: number, totalPages: number): number {
  if (!Number.isFinite(page)) return 1;
  return Math.min(Math.max(1, Math.floor(page)), Math.max(1, totalPages));
}

/** A fraction as a signed percent without float noise: 0.03 → "+3%", -0.1153 → "−11.53%". */
function signedPercent(fraction: number): string {
  const v = Math.round(fraction * 10_000) / 100;
  return `${v < 0 ? "−" : "+"}${Math.abs(v).toLocaleString("en")}%`;
}

/**
 * What an upgrade does at its current level, for the upgrades screen ("Now: …"), by the same
 * rules the server plays with (`guildEffects`).
 */
export function upgradeEffectNow(type: GuildUpgrade, level: number): string {
  const up = { [type]: level };
  const e = guildEffects(up, 0);
  switch (type) {
    case GuildUpgrade.CouncilChamber:
      return `${guildMaxMembers(up)} members`;
    case GuildUpgrade.Cloakroom:
      return `${guildArmoryCapacity(up)} armory slots`;
    case GuildUpgrade.NexusCrystal:
      return `${signedPercent(e.shardBoost)} elemental shards`;
    case GuildUpgrade.MagicalAccounting:
      return `${signedPercent(e.taxBoost)} on taxed resources`;
    case GuildUpgrade.ManaConduit:
      return `${signedPercent(e.spellCost - 1)} spell cost`;
    case GuildUpgrade.Study:
      return `${signedPercent(e.baseXp)} base experience`;
    case GuildUpgrade.SleepingQuarters:
      return `${signedPercent(e.maxActions)} max actions`;
    case GuildUpgrade.EtherealRefinery:
      return `${signedPercent(e.buildingCost - 1)} farm building cost`;
    default:
      return "";
  }
}

/** The guild level's bonus line: "+2.5% resources, orbs, formulas and elementium". */
export function guildLevelBonus(level: number): string {
  return `${signedPercent(guildEffects({}, level).dropBoost)} resources, orbs, formulas and elementium`;
}
