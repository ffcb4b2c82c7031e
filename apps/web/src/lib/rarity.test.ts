import { describe, expect, it } from "vitest";
import { rarityClass, rarityName } from "./rarity";

describe("rarity", () => {
  it("maps 0-7 to names and classes", () => {
    expect(rarityName(0)).toBe("None");
    expect(rarityName(5)).toBe("Legendary");
    expect(rarityName(7)).toBe("Mythic");
    expect(rarityClass(3)).toBe("rarity-3");
  });

  it("clamps unknown values", () => {
    expect(rarityClass(-1)).toBe("rarity-0");
    expect(rarityClass(99)).toBe("rarity-7");
    expect(rarityClass(Number.NaN)).toBe("rarity-0");
    expect(rarityName(2.7)).toBe("Uncommon");
  });
});
