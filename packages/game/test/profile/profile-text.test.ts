import { describe, expect, it } from "vitest";
import {
  cleanProfileText,
  PROFILE_TEXT_MAX,
  profileTextCounter,
  profileTextError,
} from "../../src/profile";

describe("profile text", () => {
  it("allows 2000 characters and counts them as the spec says", () => {
    expect(PROFILE_TEXT_MAX).toBe(2000);
    expect(profileTextCounter("hello")).toBe("5/2000 characters");
    expect(profileTextError("a".repeat(2000))).toBeNull();
    expect(profileTextError("a".repeat(2001))).toBe(
      "Your profile text is 2,001 characters long; the limit is 2000.",
    );
  });

  it("keeps line breaks and markup as plain text", () => {
    expect(cleanProfileText("<b>Hi</b>\r\nsecond line\rthird")).toBe(
      "<b>Hi</b>\nsecond line\nthird",
    );
  });

  it("removes hidden characters and trailing blanks", () => {
    expect(cleanProfileText("\n\nA\u202Eb\u0000c\u200B d \t\n\n")).toBe("Abc d");
    expect(cleanProfileText("tab\there")).toBe("tab here");
  });

  it("counts the cleaned text against the limit", () => {
    expect(profileTextError(`${"a".repeat(2000)}\u200B\u200B`)).toBeNull();
  });
});
