/**
 * The chat token grammar (spec 000 section 5): turns the text a player typed into message
 * parts. Pure: no I/O, no markup. Every part is data for the client to render as text
 * nodes, links and images; nothing here ever produces HTML.
 *
 * - Item link: `[[item:ID]]`, `[[item:ID:NAME]]` or `[[item:ID:NAME:RARITY]]`; a numeric id,
 *   an optional name and an optional rarity 0-7 (missing rarity gives none, 0). The name may
 *   itself contain colons; only a last segment of digits is read as the rarity.
 * - Loot link: `[[loot:ID]]` with a numeric id only.
 * - Bare web addresses, with or without a scheme; without one, `https://` is added. Only
 *   http and https become links; `javascript:`, `data:` and every other scheme stay text.
 *   A host typed with non-ASCII characters is shown in its punycode form (where it goes).
 * - A word that is exactly a known emote name becomes an emote.
 *
 * Links are resolved against the server's catalogues, not the sender's claims: an item link
 * takes its name and rarity from `itemLookup`, a loot link from the loot catalogue. A link
 * to something that does not exist stays as its original text.
 */
import type { Rarity } from "./enums";
import { lootById } from "./loot";
import { hasVisibleText, stripHiddenCharacters } from "./text-hygiene";

/** Wire values of a chat part's kind. */
export const ChatPartKind = { Text: 1, Url: 2, Emote: 3, Item: 4, Loot: 5 } as const;
export type ChatPartKind = (typeof ChatPartKind)[keyof typeof ChatPartKind];

/** One part of a parsed message; the same shape as the protocol's `chatPart`. */
export interface ChatMessagePart {
  kind: ChatPartKind;
  /**
   * What to show: the text, the address as typed (an internationalised host in punycode),
   * the emote name, the item or loot name.
   */
  text: string;
  /** Item id or loot id. */
  refId?: number;
  rarity?: Rarity;
  /** Normalised http(s) address of a url part. */
  url?: string;
  animated?: boolean;
}

/** The protocol's limit on parts per message. */
export const CHAT_MAX_PARTS = 200;
/** The protocol's limit on a url part's address. */
export const CHAT_MAX_URL_LENGTH = 300;
/** Longest name accepted inside an item link. */
export const CHAT_MAX_LINK_NAME = 100;

/** An item as the server knows it; undefined when the id does not exist. */
export type ItemLookup = (id: number) => { name: string; rarity: Rarity } | undefined;

export interface ChatTokenOptions {
  /** Resolves item links. Without it every item link stays text (items arrive with issue 3). */
  itemLookup?: ItemLookup;
  /** Known emote names, matched exactly (case-sensitive) against whole words. */
  emotes?: ReadonlySet<string>;
  /** At most this many parts; later links become text. Defaults to {@link CHAT_MAX_PARTS}. */
  maxParts?: number;
}

/** A link token as typed, before it is checked against a catalogue. */
export type ChatLink =
  | { kind: "item"; id: number; name: string | undefined; rarity: Rarity }
  | { kind: "loot"; id: number };

const LINK_TOKEN = /\[\[([^[\]]*)\]\]/g;
const DIGITS = /^[0-9]{1,16}$/;
const RARITY_DIGITS = /^[0-9]+$/;

/** Reads the inside of a `[[…]]` token; undefined when it does not follow the grammar. */
export function parseChatLink(inner: string): ChatLink | undefined {
  const segments = inner.split(":");
  const [kind, idText, ...rest] = segments;
  if (idText === undefined || !DIGITS.test(idText)) return undefined;
  const id = Number(idText);
  if (!Number.isSafeInteger(id) || id < 1) return undefined;
  if (kind === "loot") return rest.length === 0 ? { kind: "loot", id } : undefined;
  if (kind !== "item") return undefined;
  let rarity = 0;
  let nameSegments = rest;
  const last = rest[rest.length - 1];
  if (rest.length >= 2 && last !== undefined && RARITY_DIGITS.test(last)) {
    const value = Number(last);
    if (value > 7 || last.length > 1) return undefined;
    rarity = value;
    nameSegments = rest.slice(0, -1);
  }
  const name = nameSegments.join(":");
  if (name.length > CHAT_MAX_LINK_NAME) return undefined;
  return { kind: "item", id, name: name === "" ? undefined : name, rarity: rarity as Rarity };
}

/**
 * Line breaks and tabs become spaces; other hidden characters go (control, bidi, zero-width
 * and other invisible characters; see text-hygiene.ts for what emoji keep); the ends are
 * trimmed. A line with nothing visible left becomes "", which is refused like an empty line.
 */
export function sanitizeChatText(raw: string): string {
  const text = stripHiddenCharacters(raw.replace(/[\r\n\t\v\f\u2028\u2029]/g, " ")).trim();
  return hasVisibleText(text) ? text : "";
}

/** Parses a message into parts: text, url, emote, item and loot. */
export function parseChatText(text: string, options: ChatTokenOptions = {}): ChatMessagePart[] {
  const builder = new PartsBuilder(options.maxParts ?? CHAT_MAX_PARTS);
  let last = 0;
  for (const match of text.matchAll(LINK_TOKEN)) {
    addWords(builder, text.slice(last, match.index), options.emotes);
    const part = resolveLink(match[1] ?? "", options.itemLookup);
    if (part) builder.special(part, match[0]);
    else builder.text(match[0]);
    last = match.index + match[0].length;
  }
  addWords(builder, text.slice(last), options.emotes);
  return builder.parts;
}

function resolveLink(inner: string, itemLookup: ItemLookup | undefined): ChatMessagePart | null {
  const link = parseChatLink(inner);
  if (!link) return null;
  if (link.kind === "loot") {
    const loot = lootById(link.id);
    if (!loot) return null;
    return { kind: ChatPartKind.Loot, text: loot.name, refId: loot.id, rarity: loot.rarity };
  }
  const item = itemLookup?.(link.id);
  if (!item) return null;
  return { kind: ChatPartKind.Item, text: item.name, refId: link.id, rarity: item.rarity };
}

function addWords(builder: PartsBuilder, segment: string, emotes: ReadonlySet<string> | undefined) {
  if (segment === "") return;
  for (const piece of segment.split(/(\s+)/)) {
    if (piece === "") continue;
    if (/^\s/.test(piece)) {
      builder.text(piece);
    } else if (emotes?.has(piece)) {
      builder.special({ kind: ChatPartKind.Emote, text: piece }, piece);
    } else {
      addWord(builder, piece);
    }
  }
}

function addWord(builder: PartsBuilder, word: string): void {
  const found = findUrl(word);
  if (!found) {
    builder.text(word);
    return;
  }
  builder.text(word.slice(0, found.start));
  const typed = word.slice(found.start, found.end);
  const shown = withAsciiHost(typed, found.href);
  builder.special({ kind: ChatPartKind.Url, text: shown, url: found.href }, typed);
  builder.text(word.slice(found.end));
}

const LEADING_PUNCTUATION = /^[([{<"'«“‘]+/u;
const TRAILING_PUNCTUATION = new Set([
  ".",
  ",",
  "!",
  "?",
  ";",
  ":",
  "'",
  '"',
  ")",
  "]",
  "}",
  ">",
  "»",
  "”",
  "’",
  "…",
]);
const WITH_SCHEME = /^https?:\/\/[^\s/?#@\\]+(?:[/?#]\S*)?$/i;
const LABEL = "[\\p{L}\\p{N}](?:[\\p{L}\\p{N}-]{0,61}[\\p{L}\\p{N}])?";
const TLD = "(?:\\p{L}{2,63}|xn--[a-z0-9-]{1,59})";
const WITHOUT_SCHEME = new RegExp(`^(?:${LABEL}\\.)+${TLD}(?::[0-9]{1,5})?(?:[/?#]\\S*)?$`, "iu");

/** The web address inside a word (without surrounding punctuation) and where it is. */
export function findUrl(word: string): { start: number; end: number; href: string } | undefined {
  const start = LEADING_PUNCTUATION.exec(word)?.[0].length ?? 0;
  let end = word.length;
  while (end > start) {
    const ch = word[end - 1] as string;
    if (!TRAILING_PUNCTUATION.has(ch)) break;
    if (ch === ")") {
      const inner = word.slice(start, end);
      if (count(inner, "(") >= count(inner, ")")) break;
    }
    end--;
  }
  const core = word.slice(start, end);
  if (core === "") return undefined;
  const href = toHref(core);
  return href === undefined ? undefined : { start, end, href };
}

const HOST_START = /^https?:\/\//i;
const HOST_END = /[/?#:]/;

/**
 * The address as typed, but with the host as the link really goes (the WHATWG URL's
 * punycode hostname) when the typed host is not pure ASCII: "аpple.com" with a Cyrillic а
 * shows as "xn--pple-43d.com", so what is shown is where the link goes.
 */
function withAsciiHost(typed: string, href: string): string {
  const start = HOST_START.exec(typed)?.[0].length ?? 0;
  const rest = typed.slice(start);
  const end = start + (HOST_END.exec(rest)?.index ?? rest.length);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: any character beyond ASCII
  if (!/[^\u0000-\u007f]/.test(typed.slice(start, end))) return typed;
  return `${typed.slice(0, start)}${new URL(href).hostname}${typed.slice(end)}`;
}

function toHref(core: string): string | undefined {
  let candidate: string;
  if (WITH_SCHEME.test(core)) candidate = core;
  else if (WITHOUT_SCHEME.test(core)) candidate = `https://${core}`;
  else return undefined;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return undefined;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return undefined;
  if (parsed.username !== "" || parsed.password !== "" || parsed.hostname === "") return undefined;
  if (parsed.href.length > CHAT_MAX_URL_LENGTH) return undefined;
  return parsed.href;
}

function count(text: string, ch: string): number {
  let n = 0;
  for (const c of text) if (c === ch) n++;
  return n;
}

/** Collects parts, merging adjacent text and keeping the part count within the limit. */
class PartsBuilder {
  readonly parts: ChatMessagePart[] = [];

  constructor(private readonly maxParts: number) {}

  text(text: string): void {
    if (text === "") return;
    const last = this.parts[this.parts.length - 1];
    if (last && last.kind === ChatPartKind.Text) last.text += text;
    else this.parts.push({ kind: ChatPartKind.Text, text });
  }

  /** A non-text part, or its original text once only room for a final text part is left. */
  special(part: ChatMessagePart, original: string): void {
    if (this.parts.length > this.maxParts - 2) this.text(original);
    else this.parts.push(part);
  }
}
