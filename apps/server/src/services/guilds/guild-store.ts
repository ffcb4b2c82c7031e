import {
  ALL_GUILD_PERMISSIONS,
  BATTLE_XP_BASE,
  GATHER_XP_BASE,
  GUILD_LIST_PAGE_SIZE,
  GUILD_XP_BASE,
  type GuildPermission,
  guildMaxMembers,
  hasGuildPermission,
  levelFromExperience,
  levelProgress,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../db/runner";
import { GameError } from "../../socket/handlers";

/**
 * The guild tables' reads and the checks every guild call makes inside its transaction
 * (docs/features/guilds.md "Guilds"). All amounts are JSON maps of loot id to number.
 */

export type Amounts = Record<number, number>;
export type WireGuild = NonNullable<ServerPayload<"guild">["guild"]>;
export type WireRosterMember = ServerPayload<"guildRoster">["members"][number];

export const NOT_IN_GUILD = "You are not in a guild.";
export const NO_PERMISSION = "Your rank does not allow that.";

/** The caller as the guild's row lock found them: guild, rank, permissions. */
export interface Actor {
  playerId: number;
  guildId: number;
  rankId: number;
  isLeader: boolean;
  permission: number;
}

export function amounts(raw: unknown): Amounts {
  const out: Amounts = {};
  if (raw && typeof raw === "object") {
    for (const [k, v] of Object.entries(raw as Record<string, unknown>)) {
      const n = Number(v);
      if (Number.isFinite(n) && n !== 0) out[Number(k)] = n;
    }
  }
  return out;
}

function parseJson(raw: unknown): unknown {
  return typeof raw === "string" ? JSON.parse(raw) : raw;
}

/** The player's guild id as the database says now (no lock). */
export async function guildIdOf(tx: Runner, playerId: number): Promise<number | undefined> {
  const [row] = resultRows<{ guild_id: string | number }>(
    await tx.execute(sql`select guild_id from guild_members where player_id = ${playerId}`),
  );
  return row ? Number(row.guild_id) : undefined;
}

/**
 * Locks the guild's row (every change of a guild's funds, ranks or members takes this lock
 * first, so they happen one after another) and reads the caller's membership under it.
 */
export async function lockActor(tx: Runner, playerId: number): Promise<Actor> {
  const guildId = await guildIdOf(tx, playerId);
  if (guildId === undefined) throw new GameError(NOT_IN_GUILD);
  await tx.execute(sql`select id from guilds where id = ${guildId} for update`);
  const [row] = resultRows<{
    guild_id: string | number;
    rank_id: number;
    owner_id: string | number;
    permission: number | null;
  }>(
    await tx.execute(sql`
      select m.guild_id, m.rank_id, g.owner_id, r.permission
      from guild_members m
      join guilds g on g.id = m.guild_id
      left join guild_ranks r on r.guild_id = m.guild_id and r.rank_id = m.rank_id
      where m.player_id = ${playerId}`),
  );
  // Kicked (or moved) between the first read and the lock.
  if (!row || Number(row.guild_id) !== guildId) throw new GameError(NOT_IN_GUILD);
  const isLeader = Number(row.owner_id) === playerId;
  return {
    playerId,
    guildId,
    rankId: Number(row.rank_id),
    isLeader,
    permission: isLeader ? ALL_GUILD_PERMISSIONS : Number(row.permission ?? 0),
  };
}

export function requirePermission(actor: Actor, bit: GuildPermission): void {
  if (!hasGuildPermission(actor.permission, bit)) throw new GameError(NO_PERMISSION);
}

export interface GuildRow {
  id: number;
  name: string;
  ownerId: number;
  description: string;
  internalDescription: string;
  motd: string;
  apiKey: string | null;
  funds: Amounts;
  upgrades: Amounts;
  nextUpgrade: number | null;
  totalUpgrades: number;
  experience: number;
  /** The guild dungeon's floor (spec DungeonLevel). */
  dungeonLevel: number;
}

export async function guildRow(tx: Runner, guildId: number): Promise<GuildRow | undefined> {
  const [r] = resultRows<Record<string, unknown>>(
    await tx.execute(sql`select * from guilds where id = ${guildId}`),
  );
  if (!r) return undefined;
  return {
    id: Number(r.id),
    name: String(r.name),
    ownerId: Number(r.owner_id),
    description: String(r.description),
    internalDescription: String(r.internal_description),
    motd: String(r.motd),
    apiKey: r.api_key === null || r.api_key === undefined ? null : String(r.api_key),
    funds: amounts(parseJson(r.funds)),
    upgrades: amounts(parseJson(r.upgrades)),
    nextUpgrade: r.next_upgrade === null ? null : Number(r.next_upgrade),
    totalUpgrades: Number(r.total_upgrades),
    experience: Number(r.experience),
    dungeonLevel: Number(r.dungeon_level ?? 1),
  };
}

export async function setFunds(tx: Runner, guildId: number, funds: Amounts): Promise<void> {
  await tx.execute(
    sql`update guilds set funds = ${JSON.stringify(funds)}::jsonb where id = ${guildId}`,
  );
}

export async function memberIds(tx: Runner, guildId: number): Promise<number[]> {
  return resultRows<{ player_id: string | number }>(
    await tx.execute(sql`select player_id from guild_members where guild_id = ${guildId}`),
  ).map((r) => Number(r.player_id));
}

export async function ranksOf(tx: Runner, guildId: number) {
  return resultRows<{ rank_id: number; name: string; permission: number; tax: unknown }>(
    await tx.execute(sql`
      select rank_id, name, permission, tax from guild_ranks
      where guild_id = ${guildId} order by rank_id`),
  ).map((r) => ({
    id: Number(r.rank_id),
    name: r.name,
    permission: Number(r.permission),
    tax: amounts(parseJson(r.tax)),
  }));
}

/** Adds to a member's contributions (locked guild). */
export async function addContribution(
  tx: Runner,
  playerId: number,
  lootId: number,
  amount: number,
): Promise<void> {
  const [row] = resultRows<{ contributions: unknown }>(
    await tx.execute(sql`select contributions from guild_members where player_id = ${playerId}`),
  );
  if (!row) return;
  const c = amounts(parseJson(row.contributions));
  c[lootId] = (c[lootId] ?? 0) + amount;
  await tx.execute(
    sql`update guild_members set contributions = ${JSON.stringify(c)}::jsonb where player_id = ${playerId}`,
  );
}

/** A guild log entry, written in the transaction of the change it tells. */
export async function logGuild(
  tx: Runner,
  guildId: number,
  category: number,
  text: string,
  now = Date.now(),
): Promise<void> {
  await tx.execute(sql`
    insert into activity_log (player_id, guild_id, category, text, created_at)
    values (null, ${guildId}, ${category}, ${text.slice(0, 500)}, ${new Date(now).toISOString()}::timestamptz)`);
}

/** The guild as its members see it (the API key only for the leader). */
export async function wireGuild(tx: Runner, guildId: number, viewerId: number) {
  const g = await guildRow(tx, guildId);
  if (!g) return undefined;
  const [owner] = resultRows<{ name: string }>(
    await tx.execute(sql`select name from players where id = ${g.ownerId}`),
  );
  const [count] = resultRows<{ n: string | number }>(
    await tx.execute(sql`select count(*) as n from guild_members where guild_id = ${guildId}`),
  );
  const ranks = await ranksOf(tx, guildId);
  const progress = levelProgress(GUILD_XP_BASE, g.experience);
  const wire: WireGuild = {
    id: g.id,
    name: g.name,
    apiKey: viewerId === g.ownerId && g.apiKey ? g.apiKey : undefined,
    description: g.description,
    internalDescription: g.internalDescription,
    motd: g.motd,
    level: progress.level,
    experience: progress.experience,
    experienceToLevel: progress.experienceToLevel,
    dungeonLevel: g.dungeonLevel,
    upgrades: g.upgrades,
    nextUpgrade: g.nextUpgrade ?? undefined,
    funds: g.funds,
    ranks: ranks.map((r) => ({ id: r.id, name: r.name, permission: r.permission, tax: r.tax })),
    ownerId: g.ownerId,
    ownerName: owner?.name ?? "",
    members: Number(count?.n ?? 0),
    maxMembers: guildMaxMembers(g.upgrades),
    totalUpgrades: g.totalUpgrades,
    enchants: {},
  };
  return wire;
}

/** What memory knows of a member held by this process (fresher than the saved row). */
export interface LiveMember {
  battleXp: number;
  miningXp: number;
  fishingXp: number;
  woodcuttingXp: number;
  actionType: number;
  actionCounter: number;
  online: boolean;
}

interface RosterRow {
  player_id: string | number;
  name: string;
  rank_id: number;
  rank: string | null;
  contributions: unknown;
  battle_xp: number;
  mining_xp: number;
  fishing_xp: number;
  woodcutting_xp: number;
  action_type: number;
  actions: number;
  action_counter: string | number;
  updated_at: string | Date;
  banned: boolean;
}

/** The members, by rank then name; loaded players' levels and action come from memory. */
export async function rosterOf(
  tx: Runner,
  guildId: number,
  live: (playerId: number) => LiveMember | undefined,
): Promise<WireRosterMember[]> {
  const rows = resultRows<RosterRow>(
    await tx.execute(sql`
      select m.player_id, p.name, m.rank_id, r.name as rank, m.contributions,
        p.battle_xp, p.mining_xp, p.fishing_xp, p.woodcutting_xp, p.action_type, p.actions,
        p.action_counter, p.updated_at, a.banned
      from guild_members m
      join players p on p.id = m.player_id
      join accounts a on a.id = p.account_id
      left join guild_ranks r on r.guild_id = m.guild_id and r.rank_id = m.rank_id
      where m.guild_id = ${guildId}
      order by m.rank_id, lower(p.name)`),
  );
  return rows.map((r) => {
    const id = Number(r.player_id);
    const mem = live(id);
    return {
      id,
      name: r.name,
      active: mem?.online ?? false,
      actionType: (mem?.actionType ?? Number(r.action_type)) as WireRosterMember["actionType"],
      lastFatigue: new Date(r.updated_at).getTime(),
      rankId: Number(r.rank_id),
      rank: r.rank ?? "",
      level: levelFromExperience(BATTLE_XP_BASE, mem?.battleXp ?? Number(r.battle_xp)),
      miningLevel: levelFromExperience(GATHER_XP_BASE, mem?.miningXp ?? Number(r.mining_xp)),
      fishingLevel: levelFromExperience(GATHER_XP_BASE, mem?.fishingXp ?? Number(r.fishing_xp)),
      woodcuttingLevel: levelFromExperience(
        GATHER_XP_BASE,
        mem?.woodcuttingXp ?? Number(r.woodcutting_xp),
      ),
      banned: Boolean(r.banned),
      contributions: amounts(parseJson(r.contributions)),
      totalActions: mem?.actionCounter ?? Number(r.action_counter),
    };
  });
}

/** Guilds in the list's order (most upgrades first, then by name), with their sizes. */
export async function guildSummaries(tx: Runner, limit?: number, offset = 0) {
  const rows = resultRows<{
    id: string | number;
    name: string;
    upgrades: unknown;
    total_upgrades: number;
    experience: number;
    members: string | number;
  }>(
    await tx.execute(sql`
      select g.id, g.name, g.upgrades, g.total_upgrades, g.experience,
        (select count(*) from guild_members m where m.guild_id = g.id) as members
      from guilds g
      order by g.total_upgrades desc, lower(g.name), g.id
      ${limit === undefined ? sql`` : sql`limit ${limit} offset ${offset}`}`),
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    level: levelFromExperience(GUILD_XP_BASE, Number(r.experience)),
    members: Number(r.members),
    maxMembers: guildMaxMembers(amounts(parseJson(r.upgrades))),
    totalUpgrades: Number(r.total_upgrades),
  }));
}

/** A page of the guild list. */
export async function guildListPage(tx: Runner, page: number) {
  const [count] = resultRows<{ n: string | number }>(
    await tx.execute(sql`select count(*) as n from guilds`),
  );
  const total = Number(count?.n ?? 0);
  const totalPages = Math.max(1, Math.ceil(total / GUILD_LIST_PAGE_SIZE));
  const current = Math.min(Math.max(1, page), totalPages);
  const offset = (current - 1) * GUILD_LIST_PAGE_SIZE;
  return {
    page: current,
    totalPages,
    guilds: await guildSummaries(tx, GUILD_LIST_PAGE_SIZE, offset),
  };
}

export async function invitesOf(tx: Runner, playerId: number) {
  return resultRows<{ guild_id: string | number; name: string }>(
    await tx.execute(sql`
      select i.guild_id, g.name from guild_invites i join guilds g on g.id = i.guild_id
      where i.player_id = ${playerId} order by i.created_at desc limit 100`),
  ).map((r) => ({ guildId: Number(r.guild_id), name: r.name }));
}

export interface MemberRow {
  guildId: number;
  rankId: number;
  name: string;
  isLeader: boolean;
}

/** A member of the actor's guild (under the guild's lock), or a refusal. */
export async function memberOfGuild(
  tx: Runner,
  actor: Actor,
  playerId: number,
): Promise<MemberRow> {
  const [row] = resultRows<{ guild_id: string | number; rank_id: number; name: string }>(
    await tx.execute(sql`
      select m.guild_id, m.rank_id, p.name from guild_members m join players p on p.id = m.player_id
      where m.player_id = ${playerId}`),
  );
  if (!row || Number(row.guild_id) !== actor.guildId) {
    throw new GameError("That player is not in your guild.");
  }
  const g = await guildRow(tx, actor.guildId);
  return {
    guildId: actor.guildId,
    rankId: Number(row.rank_id),
    name: row.name,
    isLeader: g?.ownerId === playerId,
  };
}
