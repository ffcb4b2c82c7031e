import type { Item, ServerMessage, ServerPayload } from "@manaspire/protocol";

export type Guild = NonNullable<ServerPayload<"guild">["guild"]>;
export type RosterMember = ServerPayload<"guildRoster">["members"][number];
export type GuildListPage = ServerPayload<"guildList">;
export type GuildPublic = NonNullable<ServerPayload<"guildPublic">["guild"]>;

/**
 * The guild screens' state (issue 10). `guild` is `undefined` until the server said (after
 * hydrate), `null` when the player has no guild. `publicView` is the last public page asked for
 * (`null`: no such guild).
 */
export interface GuildState {
  guild: Guild | null | undefined;
  roster: RosterMember[];
  list: GuildListPage | null;
  publicView: GuildPublic | null | undefined;
  /** The guild armory's items (`borrowerName`: on loan to that member); null until asked. */
  armory: Item[] | null;
}

export const initialGuild: GuildState = {
  guild: undefined,
  roster: [],
  list: null,
  publicView: undefined,
  armory: null,
};

export function reduceGuild(state: GuildState, message: ServerMessage): GuildState {
  switch (message.type) {
    case "guild":
      return message.data.guild
        ? { ...state, guild: message.data.guild }
        : { ...state, guild: null, roster: [], armory: null };
    case "guildRoster":
      return { ...state, roster: message.data.members };
    case "guildArmory":
      return { ...state, armory: message.data.items };
    case "guildList":
      return { ...state, list: message.data };
    case "guildPublic":
      return { ...state, publicView: message.data.guild ?? null };
    default:
      return state;
  }
}
