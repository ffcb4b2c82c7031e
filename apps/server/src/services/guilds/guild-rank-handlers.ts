import { randomBytes } from "node:crypto";
import {
  cleanPermissionMask,
  GUILD_DESCRIPTION_MAX,
  GUILD_INTERNAL_MAX,
  GUILD_MAX_RANKS,
  GUILD_MOTD_MAX,
  GUILD_RANK_NAME_MAX,
  GuildPermission,
  LogCategory,
  lootById,
  outranks,
  stripHiddenCharacters,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { resultRows } from "../../db/runner";
import { GameError, type Handlers } from "../../socket/handlers";
import { Col, markDirty } from "../../world/player-columns";
import { fmt } from "../format";
import { type GuildDeps, guildChange } from "./guild-change";
import { logGuild, memberOfGuild, ranksOf, requirePermission } from "./guild-store";

/** Plain text for a guild text field: hidden characters out, trimmed, within `max`. */
function cleanText(raw: string, max: number, what: string): string {
  const text = stripHiddenCharacters(raw).replace(/\r\n?/g, "\n").trim();
  if (text.length > max) throw new GameError(`The ${what} can be at most ${fmt(max)} characters.`);
  return text;
}

/** Tax rates as a client sent them: known currencies, 0-100%, two decimals; zeros dropped. */
function taxRates(taxes: Readonly<Record<number, number>>): Record<number, number> {
  const rates: Record<number, number> = {};
  for (const [k, v] of Object.entries(taxes)) {
    const id = Number(k);
    if (!lootById(id)) throw new GameError("Unknown currency.");
    if (!Number.isFinite(v) || v < 0 || v > 100) {
      throw new GameError("A tax is a percentage from 0 to 100.");
    }
    if (v > 0) rates[id] = Math.round(v * 100) / 100;
  }
  return rates;
}

/** Ranks (promote, edit, delete), the guild's texts, its API key and taxes. */
export function guildRankHandlers(deps: GuildDeps): Handlers {
  const change = guildChange(deps);
  return {
    async guildPromote({ conn, player }, { playerId, rank }) {
      const done = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.Promote);
        const target = await memberOfGuild(tx, actor, playerId);
        if (playerId === player.id || !outranks(actor, target)) {
          throw new GameError("You cannot change that member's rank.");
        }
        const ranks = await ranksOf(tx, actor.guildId);
        const to = ranks.find((r) => r.id === rank);
        if (!to) throw new GameError("That rank does not exist.");
        if (!actor.isLeader && to.id <= actor.rankId) {
          throw new GameError("You can only give ranks below your own.");
        }
        await tx.execute(
          sql`update guild_members set rank_id = ${to.id} where player_id = ${playerId}`,
        );
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildRank,
          `${player.name} set ${target.name}'s rank to ${to.name}.`,
        );
        return `${target.name} is now ${to.name}.`;
      });
      conn.toast(done);
    },

    async guildUpdateRank({ conn, player }, { oldId, id, name: raw, permission }) {
      const name = stripHiddenCharacters(raw).trim();
      if (id <= 0) throw new GameError("A rank's id must be 1 or more.");
      if (name === "" || name.length > GUILD_RANK_NAME_MAX) {
        throw new GameError(`A rank needs a name of 1-${GUILD_RANK_NAME_MAX} characters.`);
      }
      const mask = cleanPermissionMask(permission);
      const text = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.ManageRanks);
        const ranks = await ranksOf(tx, actor.guildId);
        const below = (rankId: number) => actor.isLeader || rankId > actor.rankId;
        if (!below(id) || (oldId > 0 && !below(oldId))) {
          throw new GameError("You can only edit ranks below your own.");
        }
        const existing = ranks.find((r) => r.id === oldId);
        if (oldId > 0 && !existing) throw new GameError("That rank does not exist.");
        if (id !== oldId && ranks.some((r) => r.id === id)) {
          throw new GameError(`Rank ${id} exists already.`);
        }
        if (!existing) {
          if (ranks.length >= GUILD_MAX_RANKS) throw new GameError("A guild has at most 50 ranks.");
          await tx.execute(sql`
            insert into guild_ranks (guild_id, rank_id, name, permission)
            values (${actor.guildId}, ${id}, ${name}, ${mask})`);
          await logGuild(
            tx,
            actor.guildId,
            LogCategory.GuildRank,
            `${player.name} created rank ${name}.`,
          );
          return `Rank ${name} created.`;
        }
        await tx.execute(sql`
          update guild_ranks set rank_id = ${id}, name = ${name}, permission = ${mask}
          where guild_id = ${actor.guildId} and rank_id = ${oldId}`);
        if (id !== oldId) {
          await tx.execute(sql`
            update guild_members set rank_id = ${id}
            where guild_id = ${actor.guildId} and rank_id = ${oldId}`);
        }
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildRank,
          `${player.name} edited rank ${name}.`,
        );
        return `Rank ${name} saved.`;
      });
      conn.toast(text);
    },

    async guildDeleteRank({ conn, player }, { id }) {
      const text = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.ManageRanks);
        if (!actor.isLeader && id <= actor.rankId) {
          throw new GameError("You can only edit ranks below your own.");
        }
        const ranks = await ranksOf(tx, actor.guildId);
        const rank = ranks.find((r) => r.id === id);
        if (!rank) throw new GameError("That rank does not exist.");
        if (ranks.length <= 1) throw new GameError("A guild keeps at least one rank.");
        const [held] = resultRows(
          await tx.execute(sql`
            select 1 from guild_members where guild_id = ${actor.guildId} and rank_id = ${id} limit 1`),
        );
        if (held) throw new GameError("Members still hold that rank: give them another first.");
        await tx.execute(
          sql`delete from guild_ranks where guild_id = ${actor.guildId} and rank_id = ${id}`,
        );
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildRank,
          `${player.name} deleted rank ${rank.name}.`,
        );
        return `Rank ${rank.name} deleted.`;
      });
      conn.toast(text);
    },

    async updateGuild({ conn, player }, { description, internal, motd }) {
      const d = cleanText(description, GUILD_DESCRIPTION_MAX, "description");
      const i = cleanText(internal, GUILD_INTERNAL_MAX, "internal info");
      const m = cleanText(motd, GUILD_MOTD_MAX, "message of the day");
      await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.EditDescription);
        await tx.execute(sql`
          update guilds set description = ${d}, internal_description = ${i}, motd = ${m}
          where id = ${actor.guildId}`);
      });
      conn.toast("Guild saved.");
    },

    async regenerateGuildApiKey({ conn, player }) {
      const hadKey = await change(player, async (tx, actor) => {
        if (!actor.isLeader) throw new GameError("Only the guild's leader holds its API key.");
        const [row] = resultRows<{ api_key: string | null }>(
          await tx.execute(sql`select api_key from guilds where id = ${actor.guildId}`),
        );
        const key = randomBytes(24).toString("hex");
        await tx.execute(sql`update guilds set api_key = ${key} where id = ${actor.guildId}`);
        return Boolean(row?.api_key);
      });
      // A guild's first key retires nothing.
      conn.toast(
        hadKey
          ? "A new API key was made; the previous one no longer works."
          : "Your guild's API key was made.",
      );
    },

    async revokeGuildApiKey({ conn, player }) {
      await change(player, async (tx, actor) => {
        if (!actor.isLeader) throw new GameError("Only the guild's leader holds its API key.");
        const [row] = resultRows<{ api_key: string | null }>(
          await tx.execute(sql`select api_key from guilds where id = ${actor.guildId}`),
        );
        if (!row?.api_key) throw new GameError("The guild has no API key to revoke.");
        await tx.execute(sql`update guilds set api_key = null where id = ${actor.guildId}`);
      });
      conn.toast("The API key was revoked; it no longer works.");
    },

    async setGuildTaxPersonal({ conn, player }, { taxes }) {
      const rates = taxRates(taxes);
      player.taxes = rates;
      markDirty(player, Col.taxes);
      conn.send("playerUpdate", { patch: { taxes: rates } });
      conn.toast("Your personal guild tax is saved.");
    },

    async setGuildTaxRank({ conn, player }, { rank, taxes }) {
      const rates = taxRates(taxes);
      const text = await change(player, async (tx, actor) => {
        requirePermission(actor, GuildPermission.EditTaxes);
        const target = (await ranksOf(tx, actor.guildId)).find((r) => r.id === rank);
        if (!target) throw new GameError("That rank does not exist.");
        await tx.execute(sql`
          update guild_ranks set tax = ${JSON.stringify(rates)}::jsonb
          where guild_id = ${actor.guildId} and rank_id = ${rank}`);
        const list = Object.entries(rates)
          .map(([id, v]) => `${v}% ${lootById(Number(id))?.name ?? id}`)
          .join(", ");
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildRank,
          `${player.name} set ${target.name}'s taxes to ${list || "nothing"}.`,
        );
        return `Taxes of ${target.name} saved.`;
      });
      conn.toast(text);
    },
  };
}
