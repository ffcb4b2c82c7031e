import { stripHiddenCharacters } from "@manaspire/game";
import { GameError, type Handlers } from "../socket/handlers";
import {
  type ActivityLog,
  GUILD_LOG_FILTERS,
  type LogPage,
  PLAYER_LOG_FILTERS,
} from "./activity-log";
import type { GuildOf } from "./guild-of";

/**
 * What a search looks for: the typed text without control or invisible characters (no entry
 * holds them, and PostgreSQL refuses a NUL in a query), trimmed.
 */
function searchText(search: string): string {
  return stripHiddenCharacters(search).trim();
}

/** Socket handlers: `activityLogPlayer` and `activityLogGuild`. */
export function activityLogHandlers(log: ActivityLog, guildOf: GuildOf): Handlers {
  return {
    async activityLogPlayer({ conn, player }, { filter, cursor, search }) {
      if (!PLAYER_LOG_FILTERS.has(filter)) {
        throw new GameError("That filter belongs to the guild log.");
      }
      const page = await log.page({
        playerId: player.id,
        filter,
        cursor,
        search: searchText(search),
      });
      conn.send("activityLog", { guild: false, append: cursor !== "", ...page });
    },

    async activityLogGuild({ conn, player }, { filter, cursor, search }) {
      if (!GUILD_LOG_FILTERS.has(filter)) {
        throw new GameError("That filter belongs to the player log.");
      }
      const guildId = guildOf(player.id);
      const page: LogPage =
        guildId === undefined
          ? { entries: [], hasMore: false, cursor: "", loadedUntil: 0 }
          : await log.page({ guildId, filter, cursor, search: searchText(search) });
      conn.send("activityLog", { guild: true, append: cursor !== "", ...page });
    },
  };
}
