import { describe, expect, it } from "vitest";
import { NEWS_COUNT } from "./newsCount";
import { NEWS_ENTRIES } from "./newsEntries";

describe("news count", () => {
  it("is the number of news entries (bump it with a new entry)", () => {
    expect(NEWS_COUNT).toBe(NEWS_ENTRIES.length);
  });
});
