import { BOARDS, boardByKey } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { boardGroups, clampPage, formatScore, pager, rankingsQuery } from "./rankingsModel";

describe("the rankings screen", () => {
  it("groups every board for the picker", () => {
    const groups = boardGroups();
    expect(groups.flatMap((g) => g.boards)).toHaveLength(BOARDS.length);
    expect(groups[0]?.group).toBe("Skills");
  });

  it("reads the board and page from the address, falling back on bad values", () => {
    expect(rankingsQuery(new URLSearchParams("type=deaths&page=3"))).toMatchObject({
      board: { key: "deaths" },
      page: 3,
    });
    expect(rankingsQuery(new URLSearchParams("type=nope&page=-2"))).toMatchObject({
      board: { key: "battle" },
      page: 1,
    });
    expect(rankingsQuery(new URLSearchParams("page=2.5")).page).toBe(1);
  });

  it("keeps pages within 1 to total pages", () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(9, 5)).toBe(5);
    expect(clampPage(3.7, 5)).toBe(3);
    expect(clampPage(40, undefined)).toBe(40);
  });

  it("disables the pager's buttons at the bounds", () => {
    expect(pager(1, 3)).toMatchObject({
      first: { disabled: true },
      next: { page: 2, disabled: false },
    });
    expect(pager(3, 3)).toMatchObject({ last: { disabled: true }, previous: { page: 2 } });
    expect(pager(1, 1)).toMatchObject({ previous: { disabled: true }, next: { disabled: true } });
  });

  it("formats each kind of score", () => {
    expect(formatScore(boardByKey("battle")!, 1234)).toEqual({
      text: "1,234",
      full: "Level 1,234",
    });
    expect(formatScore(boardByKey("kills_per_death")!, 12.3456)).toEqual({
      text: "12.35",
      full: "12.3456",
    });
    expect(formatScore(boardByKey("dungeon_speedrun_small")!, 61.5).text).toBe("61.500 s");
    expect(formatScore(boardByKey("deaths")!, 25_000).text).toBe("25K");
  });
});
