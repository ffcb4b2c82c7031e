/**
 * Hidden characters in text players type (shared by the server and the browser).
 *
 * Hidden: control characters (C0, DEL, C1), line and paragraph separators, format
 * characters (bidi controls, zero-width characters, soft hyphen, tags, …), every other
 * default-ignorable code point (Hangul fillers U+3164, U+115F, U+1160, U+FFA0, the Mongolian
 * vowel separator, variation selectors, …) and lone surrogates. PostgreSQL refuses U+0000
 * outright; the others hide or disguise what a text says.
 *
 * Emoji keep what they need: a zero-width joiner (U+200D) between two emoji (the first may
 * carry a skin tone or U+FE0F), a variation selector right after a visible character, and
 * the tag characters of a subdivision flag (🏴 + tags + cancel tag). Anywhere else these
 * are hidden too, so U+200C (ZWNJ) and a lone U+200D always go.
 *
 * Blank: whitespace and U+2800 (braille blank) are kept inside a text, but a text made only
 * of them (after removing hidden characters) has nothing to see.
 */

const HIDDEN_CHAR = "[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}]";
const FLAG_TAGS = "\\u{1F3F4}[\\u{E0020}-\\u{E007E}]{1,30}\\u{E007F}";
const EMOJI_ZWJ =
  "(?<=\\p{Extended_Pictographic}[\\u{1F3FB}-\\u{1F3FF}\\uFE0F]?)\\u200D(?=\\p{Extended_Pictographic})";
const VARIATION_SELECTOR = `(?<=[^\\s\\u2800${HIDDEN_CHAR.slice(1, -1)}])[\\uFE00-\\uFE0F\\u{E0100}-\\u{E01EF}]`;

/** Kept sequences are captured (and put back); any other hidden character matches bare. */
const HIDDEN = new RegExp(
  `(${FLAG_TAGS})|(${EMOJI_ZWJ})|(${VARIATION_SELECTOR})|${HIDDEN_CHAR}`,
  "gu",
);
const VISIBLE = /[^\s\u2800]/u;

/** The text without its hidden characters (emoji keep their joiners and selectors). */
export function stripHiddenCharacters(text: string): string {
  return text.replace(HIDDEN, (_match, flag?: string, zwj?: string, selector?: string) => {
    return flag ?? zwj ?? selector ?? "";
  });
}

/** True when the text holds a hidden character that {@link stripHiddenCharacters} removes. */
export function hasHiddenCharacters(text: string): boolean {
  return stripHiddenCharacters(text) !== text;
}

/** True when, hidden characters aside, the text has more than whitespace and blanks. */
export function hasVisibleText(text: string): boolean {
  return VISIBLE.test(stripHiddenCharacters(text));
}

/**
 * The refusal for a stored text (e.g. an equipment set name) with hidden characters, or
 * null: `what` names the texts, e.g. "Set names".
 */
export function hiddenCharacterError(text: string, what: string): string | null {
  return hasHiddenCharacters(text)
    ? `${what} can't contain control or invisible characters.`
    : null;
}
