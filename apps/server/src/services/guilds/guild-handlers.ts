import {
  cleanGuildName,
  GUILD_CREATE_COST,
  GUILD_LEADER_RANK,
  GUILD_MEMBER_RANK,
  GUILD_NAME_RULE,
  GuildPermission,
  guildMaxMembers,
  LogCategory,
  outranks,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { resultRows } from "../../db/runner";
import { GameError, type Handlers, mergeHandlers } from "../../socket/handlers";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { guildArmoryHandlers, settleRecalls } from "./guild-armory-handlers";
import { recallLoansOf, refuseEndingWithArmory } from "./guild-armory-store";
import { type GuildDeps, guildChange, isUniqueViolation } from "./guild-change";
import { guildFundsHandlers } from "./guild-funds-handlers";
import { guildLeadershipHandlers } from "./guild-leadership-handlers";
import { guildRankHandlers } from "./guild-rank-handlers";
import {
  guildIdOf,
  guildListPage,
  guildRow,
  invitesOf,
  logGuild,
  memberOfGuild,
  ranksOf,
  requirePermission,
  rosterOf,
  wireGuild,
} from "./guild-store";
import { guildUpgradeHandlers } from "./guild-upgrade-handlers";

/**
 * The guild calls of spec 001 section 7 (issue 10). Each one that changes a guild runs in one
 * transaction that locks the guild's row and checks the caller's membership and permission
 * there, whatever the browser showed; value between a player and the funds moves like the
 * market's: taken from the caller's memory and written with the funds in one transaction, or
 * paid to the caller as a credit its owner applies.
 */
export function guildHandlers(deps: GuildDeps): Handlers {
  return mergeHandlers(
    guildMembershipHandlers(deps),
    guildUpgradeHandlers(deps),
    guildFundsHandlers(deps),
    guildArmoryHandlers(deps),
    guildLeadershipHandlers(deps),
    guildRankHandlers(deps),
  );
}

/** Founding, the list, invitations and membership. */
function guildMembershipHandlers(deps: GuildDeps): Handlers {
  const { db, store, guilds } = deps;

  async function sendList(p: LoadedPlayer, page: number) {
    const [list, invites] = await Promise.all([guildListPage(db, page), invitesOf(db, p.id)]);
    guilds.sessions.send(p.id, "guildList", { ...list, invites });
  }

  const change = guildChange(deps);

  return {
    async hydrate({ player }) {
      await guilds.sendState(player.id);
    },

    async refreshGuildList({ player }, { page }) {
      await sendList(player, page);
    },

    async guildGetDetailsPublic({ conn }, { id }) {
      const g = await guildRow(db, id);
      if (!g) {
        conn.send("guildPublic", { guild: undefined });
        return;
      }
      const wire = await wireGuild(db, id, 0);
      const roster = await rosterOf(db, id, () => undefined);
      conn.send("guildPublic", {
        guild: {
          id,
          name: g.name,
          description: g.description,
          level: wire?.level ?? 0,
          experience: wire?.experience ?? 0,
          experienceToLevel: wire?.experienceToLevel ?? 0,
          roster: roster.map((m) => ({ id: m.id, name: m.name, rank: m.rank, level: m.level })),
        },
      });
    },

    async refreshGuildRoster({ player }) {
      await guilds.sendState(player.id);
    },

    async createGuild({ conn, player }, { name: raw }) {
      const name = cleanGuildName(raw);
      if (!name) throw new GameError(GUILD_NAME_RULE);
      if ((await guildIdOf(db, player.id)) !== undefined) {
        throw new GameError("You are already in a guild.");
      }
      const cost = Object.entries(GUILD_CREATE_COST).map(([k, v]) => [Number(k), v] as const);
      const guildId = await store
        .transact({
          players: [player],
          order: "alone",
          take: () => {
            for (const [id, amount] of cost) {
              if ((player.loot[id] ?? 0) < amount) {
                throw new GameError("A guild costs 1,000 each of Iron, Fish and Wood to found.");
              }
            }
            for (const [id, amount] of cost) player.loot[id] = (player.loot[id] ?? 0) - amount;
            markDirty(player, Col.loot);
          },
          undo: () => {
            for (const [id, amount] of cost) player.loot[id] = (player.loot[id] ?? 0) + amount;
            markDirty(player, Col.loot);
          },
          work: async (tx) => {
            if ((await guildIdOf(tx, player.id)) !== undefined) {
              throw new GameError("You are already in a guild.");
            }
            const [taken] = resultRows(
              await tx.execute(sql`select 1 from guilds where lower(name) = lower(${name})`),
            );
            if (taken) throw new GameError("That guild name is taken.");
            const [row] = resultRows<{ id: string | number }>(
              await tx.execute(sql`
          insert into guilds (name, owner_id) values (${name}, ${player.id}) returning id`),
            );
            const id = Number(row?.id);
            for (const r of [GUILD_LEADER_RANK, GUILD_MEMBER_RANK]) {
              await tx.execute(sql`
          insert into guild_ranks (guild_id, rank_id, name, permission)
          values (${id}, ${r.id}, ${r.name}, ${r.permission})`);
            }
            await tx.execute(sql`
        insert into guild_members (player_id, guild_id, rank_id)
        values (${player.id}, ${id}, ${GUILD_LEADER_RANK.id})`);
            await tx.execute(sql`delete from guild_invites where player_id = ${player.id}`);
            await logGuild(tx, id, LogCategory.GuildMembers, `${player.name} founded ${name}.`);
            return id;
          },
        })
        .catch((err) => {
          if (isUniqueViolation(err)) throw new GameError("That guild name is taken.");
          throw err;
        });
      const loot: Record<number, number> = {};
      for (const [id] of cost) loot[id] = player.loot[id] ?? 0;
      conn.send("playerUpdate", { patch: { loot } });
      guilds.changed(guildId, [[player.id, guildId]]);
      conn.toast(`You founded ${name}.`);
    },

    async guildInvite({ conn, player }, { name: raw }) {
      const name = raw.trim();
      if (name === "") throw new GameError("Enter a player's name.");
      const invited = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.Invite);
        const [target] = resultRows<{ id: string | number; name: string }>(
          await tx.execute(sql`select id, name from players where lower(name) = lower(${name})`),
        );
        if (!target) throw new GameError(`There is no player named ${name}.`);
        const targetId = Number(target.id);
        if ((await guildIdOf(tx, targetId)) !== undefined) {
          throw new GameError(`${target.name} is already in a guild.`);
        }
        await tx.execute(sql`
          insert into guild_invites (guild_id, player_id) values (${actor.guildId}, ${targetId})
          on conflict do nothing`);
        const g = await guildRow(tx, actor.guildId);
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildMembers,
          `${player.name} invited ${target.name}.`,
        );
        return { id: targetId, name: target.name, guild: g?.name ?? "" };
      });
      guilds.tell(invited.id, `${player.name} invited you to join ${invited.guild}.`);
      conn.toast(`You invited ${invited.name}.`);
    },

    async guildInviteAccept({ conn, player }, { guildId }) {
      const name = await db.transaction(async (tx) => {
        const [g] = resultRows<{ name: string; upgrades: unknown }>(
          await tx.execute(sql`select name, upgrades from guilds where id = ${guildId} for update`),
        );
        const [invite] = resultRows(
          await tx.execute(sql`
            select 1 from guild_invites where guild_id = ${guildId} and player_id = ${player.id}`),
        );
        if (!g || !invite) throw new GameError("That invitation is gone.");
        if ((await guildIdOf(tx, player.id)) !== undefined) {
          throw new GameError("You are already in a guild.");
        }
        const upgrades = typeof g.upgrades === "string" ? JSON.parse(g.upgrades) : g.upgrades;
        const [count] = resultRows<{ n: string | number }>(
          await tx.execute(
            sql`select count(*) as n from guild_members where guild_id = ${guildId}`,
          ),
        );
        if (Number(count?.n ?? 0) >= guildMaxMembers(upgrades ?? {})) {
          throw new GameError(`${g.name} is full.`);
        }
        const ranks = await ranksOf(tx, guildId);
        const lowest = ranks[ranks.length - 1];
        if (!lowest) throw new GameError("That guild has no ranks.");
        await tx.execute(sql`
          insert into guild_members (player_id, guild_id, rank_id)
          values (${player.id}, ${guildId}, ${lowest.id})`);
        await tx.execute(sql`delete from guild_invites where player_id = ${player.id}`);
        await logGuild(tx, guildId, LogCategory.GuildMembers, `${player.name} joined the guild.`);
        return g.name;
      });
      guilds.changed(guildId, [[player.id, guildId]]);
      conn.toast(`You joined ${name}.`);
    },

    async guildLeave({ conn, player }) {
      const left = await change(
        player,
        async (tx, actor, credit) => {
          const g = await guildRow(tx, actor.guildId);
          if (actor.isLeader) {
            const [count] = resultRows<{ n: string | number }>(
              await tx.execute(
                sql`select count(*) as n from guild_members where guild_id = ${actor.guildId}`,
              ),
            );
            if (Number(count?.n ?? 0) > 1) {
              throw new GameError(
                "The leader cannot leave while others are in the guild: kick them first.",
              );
            }
            // The last member leaves: the guild ends (its ranks, invites and log stay in the
            // log table only).
            await refuseEndingWithArmory(tx, actor.guildId);
            await tx.execute(sql`delete from guilds where id = ${actor.guildId}`);
            return { name: g?.name ?? "", disbanded: true, recalls: [] };
          }
          await tx.execute(sql`delete from guild_members where player_id = ${player.id}`);
          await logGuild(tx, actor.guildId, LogCategory.GuildMembers, `${player.name} left.`);
          const recalls = await recallLoansOf(
            tx,
            credit,
            actor.guildId,
            player.id,
            player.name,
            "left",
          );
          return { name: g?.name ?? "", disbanded: false, recalls };
        },
        () => [[player.id, undefined]],
      );
      await settleRecalls(deps, left.recalls);
      conn.toast(left.disbanded ? `${left.name} is no more.` : `You left ${left.name}.`);
    },

    async guildKick({ conn, player }, { playerId }) {
      if (playerId === player.id) throw new GameError("Leave the guild instead.");
      const kicked = await change(
        player,
        async (tx, actor, credit) => {
          requirePermission(actor, GuildPermission.Kick);
          const target = await memberOfGuild(tx, actor, playerId);
          if (!outranks(actor, target)) throw new GameError("You cannot kick that member.");
          await tx.execute(sql`delete from guild_members where player_id = ${playerId}`);
          await logGuild(
            tx,
            actor.guildId,
            LogCategory.GuildMembers,
            `${player.name} kicked ${target.name}.`,
          );
          const recalls = await recallLoansOf(
            tx,
            credit,
            actor.guildId,
            playerId,
            target.name,
            "was kicked",
          );
          return { name: target.name, recalls };
        },
        () => [[playerId, undefined]],
      );
      await settleRecalls(deps, kicked.recalls);
      guilds.tell(playerId, "You were removed from your guild.");
      conn.toast(`You kicked ${kicked.name}.`);
    },
  };
}
