import { boardByKey, LEADERBOARD_PAGE_SIZE } from "@manaspire/game";
import { GameError, type Handlers } from "../../socket/handlers";
import type { GuildDirectory } from "./guilds";
import type { Leaderboards } from "./leaderboard-service";

function boardOf(type: string) {
  const board = boardByKey(type);
  if (!board) throw new GameError("There is no such leaderboard.");
  return board;
}

function pageSizeOk(pageSize: number): void {
  if (pageSize !== LEADERBOARD_PAGE_SIZE) {
    throw new GameError(`Leaderboard pages hold ${LEADERBOARD_PAGE_SIZE} rows.`);
  }
}

/**
 * `viewLeaderboard { type, page, pageSize, guildOnly }` and `searchLeaderboard { type, pageSize,
 * name }` (spec 001 section 7), both answered with `leaderboard`. Refusals (unknown type, a page
 * outside 1..total pages, another page size, guild-only without a guild, an unknown name or
 * one not on the board) are toasts.
 */
export function leaderboardHandlers(boards: Leaderboards, guilds: GuildDirectory): Handlers {
  return {
    async viewLeaderboard({ conn, player }, { type, page, pageSize, guildOnly }) {
      const board = boardOf(type);
      pageSizeOk(pageSize);
      let guildId: number | undefined;
      if (guildOnly) {
        guildId = guilds.guildOf(player.id);
        if (guildId === undefined) throw new GameError("You are not in a guild.");
      }
      conn.send("leaderboard", await boards.page(board, { page, guildId, viewerId: player.id }));
    },

    async searchLeaderboard({ conn, player }, { type, pageSize, name }) {
      const board = boardOf(type);
      pageSizeOk(pageSize);
      conn.send("leaderboard", await boards.search(board, name, player.id));
    },
  };
}
