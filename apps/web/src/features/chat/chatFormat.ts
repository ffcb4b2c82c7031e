/** How a chat line is shown: channel prefix, role badge, title, time, safe links. Pure. */
import { CHAT_CHANNEL_NAMES, ChatChannel } from "@manaspire/game";
import type { ChatEntry } from "@manaspire/protocol";
import type { ChannelPrefix, ChatTitles } from "../settings/localSettings";

/** Short channel names for the "short" prefix. */
const SHORT_NAMES: Readonly<Record<ChatChannel, string>> = {
  [ChatChannel.General]: "G",
  [ChatChannel.Trade]: "T",
  [ChatChannel.Help]: "H",
  [ChatChannel.Guild]: "Gu",
  [ChatChannel.Global]: "Gl",
  [ChatChannel.Whispers]: "W",
  [ChatChannel.Notifications]: "N",
};

/** "[General]" (long), "[G]" (short) or "" (none). */
export function channelPrefix(channel: number, mode: ChannelPrefix): string {
  if (mode === "none") return "";
  const known = channel in CHAT_CHANNEL_NAMES;
  const long = known ? CHAT_CHANNEL_NAMES[channel as ChatChannel] : `Channel ${channel}`;
  const short = known ? SHORT_NAMES[channel as ChatChannel] : String(channel);
  return `[${mode === "long" ? long : short}]`;
}

/** Colour class of a channel (theme variables --color-chan-*). */
export function channelClass(channel: number): string {
  switch (channel) {
    case ChatChannel.General:
      return "chan-general";
    case ChatChannel.Trade:
      return "chan-trade";
    case ChatChannel.Help:
      return "chan-help";
    case ChatChannel.Guild:
      return "chan-guild";
    case ChatChannel.Global:
      return "chan-global";
    case ChatChannel.Whispers:
      return "chan-whispers";
    case ChatChannel.Notifications:
      return "chan-notifications";
    default:
      return "chan-general";
  }
}

/** The sender's role as a capitalised badge: "Mod", "Admin", or null for players. */
export function roleBadge(role: number): "Mod" | "Admin" | null {
  if (role === 2) return "Admin";
  if (role === 1) return "Mod";
  return null;
}

const HEX_COLOR = /^#(?:[0-9a-f]{3}|[0-9a-f]{4}|[0-9a-f]{6}|[0-9a-f]{8})$/i;

/** A CSS colour only if it is a plain hex colour. */
export function safeHexColor(color: string | undefined | null): string | null {
  return color && HEX_COLOR.test(color) ? color : null;
}

/** How a sender's title shows: in its colour, gray, or not at all. */
export interface TitleView {
  text: string;
  /** Hex colour, or null for the gray style. */
  color: string | null;
}

export function titleView(title: string, color: string, mode: ChatTitles): TitleView | null {
  const text = title.trim();
  if (mode === "none" || text === "") return null;
  return { text, color: mode === "colored" ? safeHexColor(color) : null };
}

/**
 * The address a url part may open: only http and https, without a user name or password.
 * Anything else is shown as text.
 */
export function safeHttpUrl(url: string | undefined): string | null {
  if (!url) return null;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.username !== "" || parsed.password !== "") return null;
  return parsed.href;
}

const pad = (n: number) => String(n).padStart(2, "0");

/** "HH:MM" local time of a timestamp in milliseconds. */
export function chatClock(timestamp: number): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "--:--";
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Who a line is from and (whispers) to, relative to the player. */
export type LineSender =
  | { kind: "system"; name: string }
  | { kind: "player"; name: string }
  | { kind: "whisperFrom"; name: string }
  | { kind: "whisperTo"; name: string };

export function lineSender(
  entry: Pick<ChatEntry, "channel" | "senderId" | "senderName" | "recipientName">,
  selfId: number | null,
): LineSender {
  if (entry.senderId === 0) return { kind: "system", name: entry.senderName || "System" };
  if (entry.channel === ChatChannel.Whispers) {
    if (entry.senderId === selfId && entry.recipientName) {
      return { kind: "whisperTo", name: entry.recipientName };
    }
    return { kind: "whisperFrom", name: entry.senderName };
  }
  return { kind: "player", name: entry.senderName };
}
