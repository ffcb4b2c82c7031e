import { describe, expect, it } from "vitest";
import {
  columnSet,
  emptyMask,
  hasUnit,
  isClean,
  maskNumber,
  maskWords,
  overlaps,
  unitSet,
  unsignedWords,
} from "../../src/world/column-set";
import {
  COLUMNS,
  Col,
  cleanMask,
  dirtyKeys,
  MASK_WORDS,
  markDirty,
} from "../../src/world/player-columns";

describe("dirty masks of any size", () => {
  it("puts flag u in bit u & 31 of word u >> 5, past 32 flags too", () => {
    expect(maskWords(32)).toBe(1);
    expect(maskWords(33)).toBe(2);
    const high = unitSet(3, 70);
    expect(unsignedWords(high)).toEqual([0, 0, 1 << 6]);
    expect(unsignedWords(unitSet(3, 5))).toEqual([32]);
    expect(hasUnit(high, 70)).toBe(true);
    expect(hasUnit(high, 6)).toBe(false);
    const both = columnSet(unitSet(3, 31), high);
    expect(unsignedWords(both)).toEqual([2 ** 31, 0, 64]);
    expect(overlaps(both, high)).toBe(true);
    expect(overlaps(unitSet(3, 31), high)).toBe(false);
    expect(isClean(emptyMask(3))).toBe(true);
    expect(isClean(both)).toBe(false);
  });

  it("writes a mask of up to 53 flags as one exact number, flag u worth 2^u", () => {
    expect(maskNumber([1, 0])).toBe(1);
    expect(maskNumber(unsignedWords(columnSet(unitSet(2, 31), unitSet(2, 32))))).toBe(
      2 ** 31 + 2 ** 32,
    );
    expect(maskNumber(unsignedWords(unitSet(2, 52)))).toBe(2 ** 52);
  });

  it("marks the players' columns by name, shared flags written together", () => {
    const p = { dirty: cleanMask() };
    // Written up to the last word with a flag: a clean mask is one word, zero.
    expect(unsignedWords(p.dirty)).toEqual([0]);
    expect(MASK_WORDS).toBeGreaterThanOrEqual(1);
    markDirty(p, Col.loot, Col.potionsBrewed);
    expect(dirtyKeys(p.dirty)).toEqual(["loot", "potionsBrewed"]);
    markDirty(p, Col.title);
    // A title's colour is dirty with it (services/profile/title-part.ts).
    expect(dirtyKeys(p.dirty)).toEqual(["loot", "potionsBrewed", "title", "titleColor"]);
    // Every column has a flag, and only the declared ones share.
    const shared = COLUMNS.filter((c) => COLUMNS.some((o) => o !== c && o.unit === c.unit));
    expect(shared.map((c) => c.key).sort()).toEqual(
      [
        "actionCounter",
        "eventActions",
        "farmHarvestAt",
        "farmHarvested",
        "gatherActions",
        "title",
        "titleColor",
      ].sort(),
    );
  });
});
