import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../cluster/bus";
import type { Db } from "../../db/client";
import type { Sessions } from "../../socket/sessions";
import type { CreditInbox } from "../../world/credit-inbox";
import type { Ownership } from "../../world/ownership";
import type { PlayerStore } from "../../world/player-store";
import type { GuildService } from "../guilds/guild-service";
import { guildDungeonHandlers } from "./guild-dungeon-handlers";
import { GuildDungeons } from "./guild-dungeons";
import { GuildRunners } from "./guild-runners";

export interface GuildDungeonSetup {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  guilds: GuildService;
  inbox: CreditInbox;
  bus: Bus;
  ownership: Ownership;
  notifyOffline: (playerId: number, text: string, key: string) => void;
  log?: FastifyBaseLogger;
}

/**
 * Guild dungeons wired to the rest of the server (docs/features/guild-dungeons.md "Guild dungeons"): the
 * floors, who is on them (on every process), and the socket calls. A member whose last socket
 * closes leaves the others' maps; a guild's change reaches its floor's screens.
 */
export function createGuildDungeons(deps: GuildDungeonSetup) {
  const runners = new GuildRunners({
    bus: deps.bus,
    sessions: deps.sessions,
    selfId: () => deps.ownership.id,
    guildOf: deps.guilds.guildOf,
    isLive: (id) => deps.ownership.isLive(id),
  });
  const guildDungeons = new GuildDungeons({ ...deps, runners });
  deps.sessions.onPresence((playerId, online) => {
    if (!online) runners.leave(playerId);
  });
  deps.guilds.onPushed = (guildId, online) => {
    guildDungeons
      .pushed(guildId, online)
      .catch((err) => deps.log?.warn({ err }, "pushing the guild dungeon failed"));
  };
  return { guildDungeons, runners, play: guildDungeonHandlers(guildDungeons) };
}
