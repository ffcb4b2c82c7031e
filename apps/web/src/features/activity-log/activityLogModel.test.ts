import { describe, expect, it } from "vitest";
import {
  categoryLabel,
  GUILD_LOG_FILTERS,
  logFilters,
  logTime,
  PLAYER_LOG_FILTERS,
} from "./activityLogModel";

describe("activity log filters", () => {
  it("are the spec's player and guild filters, in order", () => {
    expect(PLAYER_LOG_FILTERS.map((f) => f.label)).toEqual([
      "All",
      "Whisper",
      "Transfer",
      "Market",
      "Level",
      "Event",
      "Account",
    ]);
    expect(PLAYER_LOG_FILTERS.map((f) => f.value)).toEqual([0, 2, 3, 4, 1, 5, 6]);
    expect(GUILD_LOG_FILTERS.map((f) => f.label)).toEqual([
      "All",
      "Funds",
      "Armory",
      "Upgrade",
      "Members",
      "Rank Changes",
    ]);
    expect(GUILD_LOG_FILTERS.map((f) => f.value)).toEqual([0, 7, 8, 9, 10, 11]);
    expect(logFilters(true)).toBe(GUILD_LOG_FILTERS);
  });

  it("labels entries and formats their time", () => {
    expect(categoryLabel(1)).toBe("Level");
    expect(categoryLabel(99)).toBe("");
    expect(logTime(new Date(2026, 10, 2, 3, 4, 5).getTime())).toBe("2026-11-02 03:04:05");
    expect(logTime(Number.NaN)).toBe("");
  });
});
