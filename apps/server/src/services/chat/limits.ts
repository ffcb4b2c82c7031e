/** Chat limits; see docs/features/chat-and-activity-log.md "Chat and activity log". */

/** Longest message accepted, in UTF-16 units after line breaks become spaces and trimming. */
export const MAX_MESSAGE_LENGTH = 300;
/** Lines one player may send per window (channel lines, whispers and commands alike). */
export const RATE_LIMIT_LINES = 5;
export const RATE_LIMIT_WINDOW_MS = 10_000;
/** Lines kept per channel (per guild for Guild, per player for Whispers). */
export const HISTORY_PER_CHANNEL = 200;
/** How often the history beyond {@link HISTORY_PER_CHANNEL} is deleted. */
export const PRUNE_INTERVAL_MS = 60_000;
/** Players one player may ignore (the `ignoreList` message holds 500 names). */
export const MAX_IGNORES = 500;
/** Longest mute, in minutes (one year); shared with the browser's mute dialog. */
export { MAX_MUTE_MINUTES } from "@manaspire/game";

/**
 * Emote names known when `CHAT_EMOTES` is unset. The browser draws emotes from a
 * third-party emote set; the server only needs the names to make emote parts, so this list
 * should match that set. Operators set `CHAT_EMOTES` to the set's names.
 */
export const DEFAULT_CHAT_EMOTES: readonly string[] = [
  "AYAYA",
  "Clap",
  "EZ",
  "FeelsBadMan",
  "FeelsGoodMan",
  "FeelsStrongMan",
  "GIGACHAD",
  "KEKW",
  "LULW",
  "OMEGALUL",
  "PauseChamp",
  "PepeHands",
  "PepeLaugh",
  "Pog",
  "PogChamp",
  "Sadge",
  "catJAM",
  "monkaS",
  "peepoHappy",
  "peepoSad",
];
