import { describe, expect, it } from "vitest";
import {
  competitionRanks,
  LEADERBOARD_PAGE_SIZE,
  pageError,
  pageOfPosition,
  totalPages,
} from "../../src/leaderboards";

describe("leaderboard pages", () => {
  it("has 20 rows a page (spec)", () => {
    expect(LEADERBOARD_PAGE_SIZE).toBe(20);
  });

  it("counts pages, an empty board keeping page 1", () => {
    expect(totalPages(0)).toBe(1);
    expect(totalPages(1)).toBe(1);
    expect(totalPages(20)).toBe(1);
    expect(totalPages(21)).toBe(2);
    expect(totalPages(1_000_000)).toBe(50_000);
  });

  it("accepts pages 1 to total pages only", () => {
    expect(pageError(1, 3)).toBeNull();
    expect(pageError(3, 3)).toBeNull();
    expect(pageError(0, 3)).toBe("Pick a page from 1 to 3.");
    expect(pageError(4, 3)).toBe("Pick a page from 1 to 3.");
    expect(pageError(1.5, 3)).toBe("Pick a page from 1 to 3.");
    expect(pageError(Number.NaN, 3)).toBe("Pick a page from 1 to 3.");
    expect(pageError(2, 1)).toBe("That board has only page 1.");
  });

  it("finds the page of a position", () => {
    expect(pageOfPosition(1)).toBe(1);
    expect(pageOfPosition(20)).toBe(1);
    expect(pageOfPosition(21)).toBe(2);
  });

  it("gives tied scores one rank and counts everyone before the next", () => {
    expect(competitionRanks([9, 7, 7, 5, 5, 5, 1])).toEqual([1, 2, 2, 4, 4, 4, 7]);
    // A page whose first row ties with the page before: rank 19, position 21.
    expect(competitionRanks([4, 4, 3], 19, 21)).toEqual([19, 19, 23]);
    expect(competitionRanks([])).toEqual([]);
  });
});
