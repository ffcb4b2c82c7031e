import {
  cleanGuildName,
  GUILD_NAME_RULE,
  GUILD_RENAME_COST,
  LogCategory,
  LootId,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { resultRows } from "../../db/runner";
import { GameError, type Handlers } from "../../socket/handlers";
import { Col, markDirty } from "../../world/player-columns";
import { type GuildDeps, guildChange, isUniqueViolation } from "./guild-change";
import { guildRow, lockActor, logGuild, memberOfGuild } from "./guild-store";

const RENAME_PRICE_TEXT = `Renaming a guild costs ${GUILD_RENAME_COST} Crystallized Mana.`;

/**
 * The leader's own calls. Handing the guild over (design: the spec names no call for it). The leader makes another
 * member the leader; the two swap ranks, so the new leader holds the leader's rank and the
 * former leader the rank the new one had. One transaction under the guild's lock, like every
 * membership change: two hand-overs at once leave exactly one leader. Renaming
 * (`renameGuild`, spec 001: 5 Crystallized Mana) is paid from the leader's memory and written
 * with the new name in one transaction, like founding.
 */
export function guildLeadershipHandlers(deps: GuildDeps): Handlers {
  const change = guildChange(deps);
  return {
    async guildTransferLeadership({ conn, player }, { playerId }) {
      const done = await change(player, async (tx, actor) => {
        // A plain member naming themselves is told they are not the leader (issue 25).
        if (!actor.isLeader) throw new GameError("Only the guild's leader can hand it over.");
        if (playerId === player.id) throw new GameError("You already lead your guild.");
        const target = await memberOfGuild(tx, actor, playerId);
        const g = await guildRow(tx, actor.guildId);
        await tx.execute(sql`update guilds set owner_id = ${playerId} where id = ${actor.guildId}`);
        await tx.execute(
          sql`update guild_members set rank_id = ${actor.rankId} where player_id = ${playerId}`,
        );
        await tx.execute(
          sql`update guild_members set rank_id = ${target.rankId} where player_id = ${player.id}`,
        );
        await logGuild(
          tx,
          actor.guildId,
          LogCategory.GuildRank,
          `${player.name} handed the leadership to ${target.name}.`,
        );
        return { target: target.name, guild: g?.name ?? "" };
      });
      deps.guilds.tell(playerId, `${player.name} made you the leader of ${done.guild}.`);
      conn.toast(`${done.target} now leads ${done.guild}.`);
    },

    async renameGuild({ conn, player }, { name: raw }) {
      const name = cleanGuildName(raw);
      if (!name) throw new GameError(GUILD_NAME_RULE);
      const pay = (sign: 1 | -1) => {
        const held = player.loot[LootId.CrystallizedMana] ?? 0;
        player.loot[LootId.CrystallizedMana] = held - sign * GUILD_RENAME_COST;
        markDirty(player, Col.loot);
      };
      const renamed = await deps.store
        .transact({
          players: [player],
          order: "alone",
          take: () => {
            if ((player.loot[LootId.CrystallizedMana] ?? 0) < GUILD_RENAME_COST) {
              throw new GameError(RENAME_PRICE_TEXT);
            }
            pay(1);
          },
          undo: () => pay(-1),
          work: async (tx) => {
            const actor = await lockActor(tx, player.id);
            if (!actor.isLeader) throw new GameError("Only the guild's leader can rename it.");
            const g = await guildRow(tx, actor.guildId);
            if (g?.name === name) throw new GameError(`Your guild is already called ${name}.`);
            const [taken] = resultRows(
              await tx.execute(
                sql`select 1 from guilds where lower(name) = lower(${name}) and id <> ${actor.guildId}`,
              ),
            );
            if (taken) throw new GameError("That guild name is taken.");
            await tx.execute(sql`update guilds set name = ${name} where id = ${actor.guildId}`);
            await logGuild(
              tx,
              actor.guildId,
              LogCategory.GuildMembers,
              `${player.name} renamed the guild from ${g?.name ?? "?"} to ${name}.`,
            );
            return actor.guildId;
          },
        })
        .catch((err) => {
          if (isUniqueViolation(err)) throw new GameError("That guild name is taken.");
          throw err;
        });
      deps.guilds.changed(renamed);
      const loot = { [LootId.CrystallizedMana]: player.loot[LootId.CrystallizedMana] ?? 0 };
      conn.send("playerUpdate", { patch: { loot } });
      conn.toast(`Your guild is now called ${name}.`);
    },
  };
}
