/**
 * The chat tools of moderators and admins: which lines they can delete from the chat box,
 * the mute length they can type, and the staff commands the tools send. Pure.
 */
import {
  ChatChannel,
  ChatPartKind,
  isChatStaff,
  MAX_MUTE_MINUTES,
  MIN_MUTE_MINUTES,
} from "@manaspire/game";
import { parseAmount } from "../../lib/numbers";

/** Channels every member reads: their lines can be deleted (not whispers, not the server's). */
const MODERATED_CHANNELS = new Set<number>([
  ChatChannel.General,
  ChatChannel.Trade,
  ChatChannel.Help,
  ChatChannel.Guild,
  ChatChannel.Global,
]);

/** Whether the signed-in player (of `selfRole`) gets a Delete control on this line. */
export function canDeleteLine(
  line: { channel: number; senderId: number },
  selfRole: number,
): boolean {
  return isChatStaff(selfRole) && line.senderId !== 0 && MODERATED_CHANNELS.has(line.channel);
}

/** The staff slash commands the tools send (see the server's chat commands). */
export const moderationCommand = {
  mute: (name: string, minutes: number) => `/mute ${name} ${minutes}`,
  unmute: (name: string) => `/unmute ${name}`,
  deleteLine: (id: number) => `/delete ${id}`,
} as const;

/**
 * Minutes typed into the mute dialog, or null unless a whole number from 1 to the server's
 * longest mute. Thousands separators and suffixes work as in every number field ("1.5K").
 */
export function parseMuteMinutes(text: string): number | null {
  if (text.trim() === "") return null;
  const minutes = parseAmount(text);
  if (!Number.isInteger(minutes)) return null;
  return minutes >= MIN_MUTE_MINUTES && minutes <= MAX_MUTE_MINUTES ? minutes : null;
}

/** Quick choices in the mute dialog. */
export const MUTE_PRESETS: readonly { minutes: number; label: string }[] = [
  { minutes: 10, label: "10 min" },
  { minutes: 60, label: "1 hour" },
  { minutes: 24 * 60, label: "1 day" },
  { minutes: 7 * 24 * 60, label: "1 week" },
];

/** A line's text for the delete confirmation (links as "[Name]"), shortened to `max`. */
export function linePreview(parts: readonly { kind: number; text: string }[], max = 120): string {
  const text = parts
    .map((part) =>
      part.kind === ChatPartKind.Item || part.kind === ChatPartKind.Loot
        ? `[${part.text}]`
        : part.text,
    )
    .join("")
    .replace(/\s+/g, " ")
    .trim();
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text;
}
