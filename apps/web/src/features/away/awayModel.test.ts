import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { formatAbsence, lootLines } from "./awayModel";

describe("away summary model", () => {
  it("says how long the player was away", () => {
    expect(formatAbsence(20_000)).toBe("1 min");
    expect(formatAbsence(45 * 60_000)).toBe("45 min");
    expect(formatAbsence(3 * 3_600_000 + 12 * 60_000)).toBe("3 h 12 min");
    expect(formatAbsence(5 * 3_600_000)).toBe("5 h");
    expect(formatAbsence(52 * 3_600_000)).toBe("2 d 4 h");
  });

  it("lists gains before losses, biggest first, with the catalogue's names", () => {
    const lines = lootLines({ [LootId.ManaDust]: 5000, [LootId.Iron]: -20, [LootId.Fish]: 30 });
    expect(lines.map((l) => [l.name, l.change])).toEqual([
      ["Mana Dust", 5000],
      ["Fish", 30],
      ["Iron", -20],
    ]);
  });
});
