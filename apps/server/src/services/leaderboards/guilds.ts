import type { GuildOf } from "../guild-of";

/**
 * What leaderboards and profiles need to know about guilds. Guilds arrive with their own issue,
 * which passes its implementation to the server here; until then nobody is in a guild, the
 * guild-only filter answers "You are not in a guild." and profiles show no guild.
 */
export interface GuildDirectory {
  /** The guild a player belongs to (the same hook chat uses). */
  guildOf: GuildOf;
  /** The ids of a guild's members (at most a few dozen), or [] for an unknown guild. */
  members(guildId: number): Promise<readonly number[]>;
  /** A guild's name and Nexus Crystal level, for profiles; undefined for an unknown guild. */
  info(guildId: number): Promise<{ name: string; nexusCrystal: number } | undefined>;
}

export const noGuilds: GuildDirectory = {
  guildOf: () => undefined,
  members: async () => [],
  info: async () => undefined,
};
