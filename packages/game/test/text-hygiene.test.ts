import { describe, expect, it } from "vitest";
import {
  hasHiddenCharacters,
  hasVisibleText,
  hiddenCharacterError,
  stripHiddenCharacters,
} from "../src/text-hygiene";

/** One of each kind of hidden character the module names. */
const HIDDEN = [
  "\u0000", // NUL: PostgreSQL refuses it
  "\u0007",
  "\u007f", // DEL
  "\u0085", // C1
  "\u009f",
  "\u2028", // line separator
  "\u2029", // paragraph separator
  "\u061c", // Arabic letter mark
  "\u200b", // zero-width space
  "\u200c", // zero-width non-joiner
  "\u200d", // zero-width joiner, not between emoji
  "\u200e",
  "\u202e", // right-to-left override
  "\u2066",
  "\u2060", // word joiner
  "\u00ad", // soft hyphen
  "\u180e", // Mongolian vowel separator
  "\u3164", // Hangul filler
  "\u115f",
  "\u1160",
  "\uffa0",
  "\ufeff",
  "\u{e0041}", // tag letter outside a flag
  "\ud800", // lone surrogate
];

describe("stripHiddenCharacters", () => {
  it("removes control, format, bidi, zero-width and other default-ignorable characters", () => {
    for (const ch of HIDDEN) {
      expect(stripHiddenCharacters(`a${ch}b`), JSON.stringify(ch)).toBe("ab");
      expect(hasHiddenCharacters(`a${ch}b`), JSON.stringify(ch)).toBe(true);
    }
  });

  it("keeps what emoji need: ZWJ between emoji, variation selectors, flag tags", () => {
    const kept = [
      "🧙‍♂️", // mage + ZWJ + male sign + VS16
      "👩🏽‍🚀", // skin tone before the joiner
      "🏳️‍🌈", // VS16 before the joiner
      "👨‍👩‍👧",
      "❤️ 1️⃣",
      "🏴\u{e0067}\u{e0062}\u{e0065}\u{e006e}\u{e0067}\u{e007f}", // England
      "héllo 魔法 ⠀ mid-braille-blank",
    ];
    for (const text of kept) {
      expect(stripHiddenCharacters(text)).toBe(text);
      expect(hasHiddenCharacters(text)).toBe(false);
    }
  });

  it("removes a joiner or selector with no emoji or visible character to hold on to", () => {
    expect(stripHiddenCharacters("a\u200db")).toBe("ab");
    expect(stripHiddenCharacters("🧙\u200d")).toBe("🧙");
    expect(stripHiddenCharacters("\u200d🧙")).toBe("🧙");
    expect(stripHiddenCharacters("\ufe0f\ufe0f")).toBe("");
    expect(stripHiddenCharacters("x\ufe0f\ufe0f")).toBe("x\ufe0f");
    expect(stripHiddenCharacters(" \ufe0f")).toBe(" ");
  });
});

describe("hasVisibleText", () => {
  it("is false for text made only of whitespace, blanks and hidden characters", () => {
    for (const text of [
      "",
      "   ",
      "\u3164\u3164",
      "\u2800",
      "\u200b\u2060\u200d",
      "\u115f\u1160 \uffa0",
    ]) {
      expect(hasVisibleText(text), JSON.stringify(text)).toBe(false);
    }
  });

  it("is true once anything can be seen", () => {
    for (const text of ["a", "\u2800x", "🧙", "\u3000。"]) expect(hasVisibleText(text)).toBe(true);
  });
});

describe("hiddenCharacterError", () => {
  it("names the texts refused, and accepts clean text", () => {
    expect(hiddenCharacterError("Main\u0000", "Set names")).toBe(
      "Set names can't contain control or invisible characters.",
    );
    expect(hiddenCharacterError("Main ⚔️", "Set names")).toBeNull();
  });
});
