import { describe, expect, it } from "vitest";
import { NEWS_ENTRIES } from "./newsEntries";
import { hasUnreadNews } from "./newsRead";

describe("hasUnreadNews", () => {
  it("is true only when there are more entries than were read", () => {
    expect(hasUnreadNews(3, 0)).toBe(true);
    expect(hasUnreadNews(3, 2)).toBe(true);
    expect(hasUnreadNews(3, 3)).toBe(false);
    expect(hasUnreadNews(3, 5)).toBe(false);
  });
});

describe("NEWS_ENTRIES", () => {
  it("has titled entries with bullet points", () => {
    expect(NEWS_ENTRIES.length).toBeGreaterThan(0);
    for (const entry of NEWS_ENTRIES) {
      expect(entry.title).not.toBe("");
      expect(entry.points.length).toBeGreaterThan(0);
    }
  });
});
