import { LogCategory } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { GameError, type Handlers } from "../../socket/handlers";
import { type GuildDeps, guildChange } from "./guild-change";
import { guildRow, logGuild, memberOfGuild } from "./guild-store";

/**
 * Handing the guild over (design: the spec names no call for it). The leader makes another
 * member the leader; the two swap ranks, so the new leader holds the leader's rank and the
 * former leader the rank the new one had. One transaction under the guild's lock, like every
 * membership change: two hand-overs at once leave exactly one leader.
 */
export function guildLeadershipHandlers(deps: GuildDeps): Handlers {
  const change = guildChange(deps);
  return {
    async guildTransferLeadership({ conn, player }, { playerId }) {
      if (playerId === player.id) throw new GameError("You already lead your guild.");
      const done = await change(player, async (tx, actor) => {
        if (!actor.isLeader) throw new GameError("Only the guild's leader can hand it over.");
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
  };
}
