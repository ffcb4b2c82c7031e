/**
 * The chat input as data (spec 000 section 5 "Chat input"). Pure functions, no DOM.
 *
 * A draft is a list of segments: plain text and item links. The <input> shows the draft's
 * display text, where an item link appears as "[Name]" (drawn as a chip by an overlay). What
 * is sent replaces every link with its token `[[item:ID:NAME:RARITY]]`.
 *
 * - Line breaks (pasted, dropped or typed) become spaces.
 * - A link is one unit: Backspace right after it (Delete right before it) removes all of it,
 *   and any edit that touches part of a link removes the whole link.
 * - The sent text is at most {@link CHAT_MAX_LENGTH} characters, links counted as tokens.
 */
import { parseChatLink } from "@manaspire/game";

/** The server's limit on a message, counted on the text that is sent. */
export const CHAT_MAX_LENGTH = 300;
/** The longest name an item link carries (the server's limit). */
export const LINK_NAME_MAX = 100;

/** An item as a link needs it. */
export interface ItemLinkRef {
  id: number;
  name: string;
  rarity: number;
}

export type DraftSegment = { kind: "text"; text: string } | { kind: "item"; item: ItemLinkRef };

/** Normalised: no empty text segments, no two text segments in a row. */
export type ChatDraft = readonly DraftSegment[];

/** Caret or selection in the display text. */
export interface TextSelection {
  start: number;
  end: number;
}

/** A draft with where the caret goes after the change. */
export interface DraftEdit {
  draft: ChatDraft;
  caret: number;
}

/** A link's place in the display text: [start, end). */
export interface ChipRange {
  start: number;
  end: number;
  item: ItemLinkRef;
}

export const EMPTY_DRAFT: ChatDraft = [];

/** Line breaks and tabs become spaces (what a paste into the one-line input does). */
export function cleanInputText(text: string): string {
  return text.replace(/\r\n|[\r\n\t\v\f\u2028\u2029]/g, " ");
}

/** A name safe inside a token and a chip: no brackets, no line breaks, at most 100 characters. */
export function cleanLinkName(name: string): string {
  return cleanInputText(name).replace(/[[\]]/g, "").trim().slice(0, LINK_NAME_MAX);
}

function cleanRarity(rarity: number): number {
  return Number.isInteger(rarity) && rarity >= 0 && rarity <= 7 ? rarity : 0;
}

/** The text a link sends: `[[item:ID:NAME:RARITY]]`. */
export function itemToken(item: ItemLinkRef): string {
  return `[[item:${item.id}:${cleanLinkName(item.name)}:${cleanRarity(item.rarity)}]]`;
}

/** What a link shows in the input: "[Name]". */
export function chipLabel(item: ItemLinkRef): string {
  return `[${cleanLinkName(item.name)}]`;
}

function segmentDisplay(segment: DraftSegment): string {
  return segment.kind === "text" ? segment.text : chipLabel(segment.item);
}

function segmentSent(segment: DraftSegment): string {
  return segment.kind === "text" ? segment.text : itemToken(segment.item);
}

/** Merges neighbouring text and drops empty text. */
export function normalizeDraft(segments: readonly DraftSegment[]): ChatDraft {
  const out: DraftSegment[] = [];
  for (const segment of segments) {
    if (segment.kind === "text") {
      if (segment.text === "") continue;
      const last = out[out.length - 1];
      if (last?.kind === "text")
        out[out.length - 1] = { kind: "text", text: last.text + segment.text };
      else out.push(segment);
    } else {
      out.push(segment);
    }
  }
  return out;
}

/** A draft of plain text (line breaks become spaces). */
export function textDraft(text: string): ChatDraft {
  return normalizeDraft([{ kind: "text", text: cleanInputText(text) }]);
}

/** The text the input shows. */
export function draftText(draft: ChatDraft): string {
  return draft.map(segmentDisplay).join("");
}

/** The text that is sent: links as tokens. */
export function serializeDraft(draft: ChatDraft): string {
  return draft.map(segmentSent).join("");
}

/** True when nothing but spaces would be sent. */
export function isDraftBlank(draft: ChatDraft): boolean {
  return serializeDraft(draft).trim() === "";
}

/** Where each link sits in the display text. */
export function chipRanges(draft: ChatDraft): ChipRange[] {
  const ranges: ChipRange[] = [];
  let at = 0;
  for (const segment of draft) {
    const length = segmentDisplay(segment).length;
    if (segment.kind === "item") ranges.push({ start: at, end: at + length, item: segment.item });
    at += length;
  }
  return ranges;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/**
 * Replaces the display range [start, end) with `insert`. Every link the range touches is
 * removed whole: a link overlapping the range, or (for a caret) one the caret is inside.
 */
export function replaceRange(
  draft: ChatDraft,
  start: number,
  end: number,
  insert: readonly DraftSegment[],
): DraftEdit {
  const total = draftText(draft).length;
  let from = clamp(Math.min(start, end), 0, total);
  let to = clamp(Math.max(start, end), 0, total);
  for (const chip of chipRanges(draft)) {
    const touched =
      from === to ? chip.start < from && from < chip.end : chip.start < to && chip.end > from;
    if (touched) {
      from = Math.min(from, chip.start);
      to = Math.max(to, chip.end);
    }
  }
  const before: DraftSegment[] = [];
  const after: DraftSegment[] = [];
  let at = 0;
  for (const segment of draft) {
    const length = segmentDisplay(segment).length;
    const segStart = at;
    const segEnd = at + length;
    at = segEnd;
    if (segment.kind === "item") {
      if (segEnd <= from) before.push(segment);
      else if (segStart >= to) after.push(segment);
      continue;
    }
    if (segStart < from) {
      before.push({ kind: "text", text: segment.text.slice(0, Math.min(length, from - segStart)) });
    }
    if (segEnd > to) {
      after.push({ kind: "text", text: segment.text.slice(Math.max(0, to - segStart)) });
    }
  }
  const inserted = normalizeDraft(insert);
  return {
    draft: normalizeDraft([...before, ...inserted, ...after]),
    caret: from + draftText(inserted).length,
  };
}

/**
 * The longest prefix of `segments` (text cut by characters, links whole) whose sent length is
 * at most `room`.
 */
function fitSegments(segments: readonly DraftSegment[], room: number): DraftSegment[] {
  const out: DraftSegment[] = [];
  let left = room;
  for (const segment of segments) {
    const sent = segmentSent(segment);
    if (sent.length <= left) {
      out.push(segment);
      left -= sent.length;
    } else {
      if (segment.kind === "text" && left > 0) {
        out.push({ kind: "text", text: segment.text.slice(0, left) });
      }
      break;
    }
  }
  return out;
}

/**
 * Replaces a range with new segments while keeping the sent text within the limit: text is
 * cut to fit and links that do not fit are left out. Null when nothing of `insert` fits
 * (and `insert` is not empty): the edit is refused.
 */
function replaceWithinLimit(
  draft: ChatDraft,
  start: number,
  end: number,
  insert: readonly DraftSegment[],
): DraftEdit | null {
  const removed = replaceRange(draft, start, end, []);
  const room = CHAT_MAX_LENGTH - serializeDraft(removed.draft).length;
  const wanted = normalizeDraft(insert);
  const fitted = fitSegments(wanted, Math.max(0, room));
  if (wanted.length > 0 && fitted.length === 0) return null;
  return replaceRange(removed.draft, removed.caret, removed.caret, fitted);
}

function commonPrefix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(i) === b.charCodeAt(i)) i++;
  return i;
}

function commonSuffix(a: string, b: string): number {
  const max = Math.min(a.length, b.length);
  let i = 0;
  while (i < max && a.charCodeAt(a.length - 1 - i) === b.charCodeAt(b.length - 1 - i)) i++;
  return i;
}

/**
 * The input's text changed (typing, cut, drop, autocomplete…) to `next`, with the caret at
 * `caretAfter`. Works out what changed, applies it to the draft (links touched by the change
 * go whole; inserted line breaks become spaces) and where the caret goes. Null when the change
 * would pass the length limit: keep the draft as it was.
 */
export function applyInputChange(
  draft: ChatDraft,
  next: string,
  caretAfter: number = next.length,
): DraftEdit | null {
  const previous = draftText(draft);
  if (previous === next) return { draft, caret: clamp(caretAfter, 0, next.length) };
  const caret = clamp(caretAfter, 0, next.length);
  const suffix = Math.min(commonSuffix(previous, next), next.length - caret);
  const prefix = Math.min(
    commonPrefix(previous, next),
    previous.length - suffix,
    next.length - suffix,
  );
  const typed = cleanInputText(next.slice(prefix, next.length - suffix));
  const insert: DraftSegment[] = typed === "" ? [] : [{ kind: "text", text: typed }];
  return replaceWithinLimit(draft, prefix, previous.length - suffix, insert);
}

/**
 * Backspace. Right after a link (or inside one) with no selection: the whole link goes.
 * Null otherwise: let the input delete a character (applyInputChange still keeps links whole).
 */
export function backspaceUnit(draft: ChatDraft, selection: TextSelection): DraftEdit | null {
  if (selection.start !== selection.end) return null;
  const at = selection.start;
  const chip = chipRanges(draft).find((c) => c.start < at && at <= c.end);
  return chip ? replaceRange(draft, chip.start, chip.end, []) : null;
}

/** Delete (forward). Right before a link (or inside one): the whole link goes. */
export function deleteUnit(draft: ChatDraft, selection: TextSelection): DraftEdit | null {
  if (selection.start !== selection.end) return null;
  const at = selection.start;
  const chip = chipRanges(draft).find((c) => c.start <= at && at < c.end);
  return chip ? replaceRange(draft, chip.start, chip.end, []) : null;
}

/** A caret inside a link moves to the link's nearer edge (its end on a tie). */
export function snapCaret(draft: ChatDraft, position: number): number {
  const chip = chipRanges(draft).find((c) => c.start < position && position < c.end);
  if (!chip) return position;
  return position - chip.start < chip.end - position ? chip.start : chip.end;
}

/**
 * Inserts a link at the selection (replacing it), with a space before it when it would touch
 * a word and a space after it. Null when it would not fit in the message.
 */
export function insertItemLink(
  draft: ChatDraft,
  selection: TextSelection,
  item: ItemLinkRef,
): DraftEdit | null {
  const link: ItemLinkRef = {
    id: item.id,
    name: cleanLinkName(item.name),
    rarity: cleanRarity(item.rarity),
  };
  if (!Number.isSafeInteger(link.id) || link.id < 1) return null;
  const removed = replaceRange(draft, selection.start, selection.end, []);
  const text = draftText(removed.draft);
  const before = text[removed.caret - 1];
  const after = text[removed.caret];
  const segments: DraftSegment[] = [];
  if (before !== undefined && before !== " ") segments.push({ kind: "text", text: " " });
  segments.push({ kind: "item", item: link });
  if (after !== " ") segments.push({ kind: "text", text: " " });
  const room = CHAT_MAX_LENGTH - serializeDraft(removed.draft).length;
  const needed = segments.reduce((sum, s) => sum + segmentSent(s).length, 0);
  // The spaces are a nicety; the link itself must fit whole.
  if (needed > room) {
    if (itemToken(link).length > room) return null;
    return replaceRange(removed.draft, removed.caret, removed.caret, [
      { kind: "item", item: link },
    ]);
  }
  return replaceRange(removed.draft, removed.caret, removed.caret, segments);
}

const LINK_TOKEN = /\[\[([^[\]]*)\]\]/g;

/** Pasted text as segments: line breaks become spaces; item tokens with a name become links. */
export function pastedSegments(text: string): ChatDraft {
  const clean = cleanInputText(text);
  const segments: DraftSegment[] = [];
  let last = 0;
  for (const match of clean.matchAll(LINK_TOKEN)) {
    segments.push({ kind: "text", text: clean.slice(last, match.index) });
    const link = parseChatLink(match[1] ?? "");
    if (link?.kind === "item" && link.name !== undefined && cleanLinkName(link.name) !== "") {
      segments.push({
        kind: "item",
        item: { id: link.id, name: cleanLinkName(link.name), rarity: link.rarity },
      });
    } else {
      segments.push({ kind: "text", text: match[0] });
    }
    last = match.index + match[0].length;
  }
  segments.push({ kind: "text", text: clean.slice(last) });
  return normalizeDraft(segments);
}

/** Paste at the selection; what does not fit in the message is cut off. */
export function pasteText(
  draft: ChatDraft,
  selection: TextSelection,
  text: string,
): DraftEdit | null {
  return replaceWithinLimit(draft, selection.start, selection.end, pastedSegments(text));
}
