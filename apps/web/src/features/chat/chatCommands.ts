/**
 * What pressing Enter in the chat input does (spec 000 section 5): navigate for the
 * client-side commands, send everything else, or refuse.
 */
import { type ChatChannel, sanitizeChatText } from "@manaspire/game";
import { CHAT_MAX_LENGTH } from "./chatInput";

export type SubmitPlan =
  /** Nothing to send (only spaces). */
  | { kind: "empty" }
  /** A plain line with no channel selected: not sent, the input keeps the text. */
  | { kind: "noChannel" }
  /** Longer than the server accepts: not sent. */
  | { kind: "tooLong" }
  /** `/profile name`, `/event`, `/elementalrift`: a page of this app, nothing is sent. */
  | { kind: "navigate"; to: string }
  /** `/ignore name`: asked first (spec: "Confirmation is required for ignore"), then sent. */
  | { kind: "confirmIgnore"; name: string }
  /** A line for `channel`, or a slash command for the server (`channel` undefined). */
  | { kind: "send"; channel: ChatChannel | undefined; text: string };

/** Commands the browser handles itself. */
const EVENT_COMMANDS = new Set(["event", "elementalrift"]);

/** The address of a player's profile (own profile without a name). */
export function profilePath(name: string): string {
  const trimmed = name.trim();
  return trimmed === "" ? "/profile" : `/profile/${encodeURIComponent(trimmed)}`;
}

/** The command word (lower case) and its arguments, or null when `text` is no command. */
export function parseSlashCommand(text: string): { name: string; args: string } | null {
  if (!text.startsWith("/")) return null;
  const match = /^\/(\S*)\s*([\s\S]*)$/.exec(text);
  return { name: (match?.[1] ?? "").toLowerCase(), args: (match?.[2] ?? "").trim() };
}

/**
 * Decides what a submitted message does. A message is sent only if it is not empty and
 * either a channel is selected or it starts with a slash.
 */
export function planSubmit(raw: string, channel: ChatChannel | null): SubmitPlan {
  const text = sanitizeChatText(raw);
  if (text === "") return { kind: "empty" };
  const command = parseSlashCommand(text);
  if (command) {
    if (command.name === "profile") {
      const [name = ""] = command.args.split(/\s+/);
      return { kind: "navigate", to: profilePath(name) };
    }
    if (EVENT_COMMANDS.has(command.name)) return { kind: "navigate", to: "/event" };
    // Without a name the server answers its usage line.
    const [name = ""] = command.args.split(/\s+/);
    if (command.name === "ignore" && name !== "") return { kind: "confirmIgnore", name };
  }
  if (text.length > CHAT_MAX_LENGTH) return { kind: "tooLong" };
  if (command) return { kind: "send", channel: undefined, text };
  if (channel === null) return { kind: "noChannel" };
  return { kind: "send", channel, text };
}

/** The chat commands the player-name menu sends. */
export const playerCommand = {
  whisperPrefix: (name: string) => `/w ${name} `,
  wire: (name: string) => `/wire ${name}`,
  ignore: (name: string) => `/ignore ${name}`,
} as const;
