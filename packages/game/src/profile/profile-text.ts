/** The profile text a player writes about their mage (spec 001: at most 2000 characters). */
import { stripHiddenCharacters } from "../text-hygiene";

/** Spec 001 sections 5 and 9. */
export const PROFILE_TEXT_MAX = 2000;

/** The counter under the editor (spec 001 section 5): "n/2000 characters". */
export function profileTextCounter(text: string): string {
  return `${text.length}/${PROFILE_TEXT_MAX} characters`;
}

/**
 * The text as it is stored: line breaks kept (any of \r\n, \r, U+2028, U+2029 becomes \n),
 * tabs become spaces, every other hidden character (controls, bidi and zero-width characters…)
 * is removed, trailing spaces of each line and blank lines at either end go.
 */
export function cleanProfileText(raw: string): string {
  return raw
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .replace(/\t/g, " ")
    .split("\n")
    .map((line) => stripHiddenCharacters(line).trimEnd())
    .join("\n")
    .replace(/^\n+|\n+$/g, "");
}

/** Why the text cannot be saved, or null. Counts the cleaned text, as stored. */
export function profileTextError(raw: string): string | null {
  const clean = cleanProfileText(raw);
  return clean.length > PROFILE_TEXT_MAX
    ? `Your profile text is ${clean.length.toLocaleString("en")} characters long; the limit is ${PROFILE_TEXT_MAX}.`
    : null;
}
