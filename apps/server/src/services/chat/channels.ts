import { ChatChannel } from "@manaspire/game";

/** Roles carried by chat lines (accounts.role). */
export const Role = { Player: 0, Moderator: 1, Admin: 2 } as const;

export function isStaff(role: number): boolean {
  return role >= Role.Moderator;
}

/** A role as the protocol carries it; unknown values show as a player. */
export function chatRole(role: number): 0 | 1 | 2 {
  return role === Role.Moderator || role === Role.Admin ? role : Role.Player;
}

/** Channels whose history is shared by everyone: one list each. */
export const PUBLIC_CHANNELS = [
  ChatChannel.General,
  ChatChannel.Trade,
  ChatChannel.Help,
  ChatChannel.Global,
  ChatChannel.Notifications,
] as const;

/**
 * The channel tabs a player has joined, in the spec's tab order (General, Trade, Guild,
 * Help, Global), then Notifications. Whispers is a fixed tab of its own and not listed.
 */
export function joinedChannels(guildId: number | undefined): ChatChannel[] {
  const channels: ChatChannel[] = [ChatChannel.General, ChatChannel.Trade];
  if (guildId !== undefined) channels.push(ChatChannel.Guild);
  channels.push(ChatChannel.Help, ChatChannel.Global, ChatChannel.Notifications);
  return channels;
}

/** Why a player may not send a line to a channel, or null when they may. */
export function sendRefusal(
  channel: number | undefined,
  role: number,
  guildId: number | undefined,
): string | null {
  switch (channel) {
    case undefined:
      return "Pick a channel to send to, or type /help for commands.";
    case ChatChannel.General:
    case ChatChannel.Trade:
    case ChatChannel.Help:
      return null;
    case ChatChannel.Guild:
      return guildId === undefined ? "You are not in a guild." : null;
    case ChatChannel.Global:
      return isStaff(role) ? null : "Only moderators and admins can post in Global.";
    case ChatChannel.Whispers:
      return "To whisper, type /w name message.";
    case ChatChannel.Notifications:
      return "Notifications is read-only.";
    default:
      return "That channel does not exist.";
  }
}
