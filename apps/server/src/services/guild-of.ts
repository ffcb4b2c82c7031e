/**
 * The guild a player belongs to, if any. Guilds arrive with their own issue; until then
 * nobody has one. Chat (the Guild channel) and the guild activity log take this hook.
 */
export type GuildOf = (playerId: number) => number | undefined;

export const noGuild: GuildOf = () => undefined;
