import { describe, expect, it } from "vitest";
import { advantagedMagicType, Element, enemyElement, magicAdvantage } from "../src/index";

describe("enemyElement", () => {
  it("maps number mod 3: 1 Fire, 2 Nature, 0 Water", () => {
    expect(enemyElement(1)).toBe(Element.Fire);
    expect(enemyElement(2)).toBe(Element.Nature);
    expect(enemyElement(3)).toBe(Element.Water);
    expect(enemyElement(4)).toBe(Element.Fire);
    expect(enemyElement(30)).toBe(Element.Water);
    expect(enemyElement(1_000_000_000)).toBe(Element.Fire);
  });
});

describe("magicAdvantage", () => {
  it("gives +25% against the next element in Fire -> Nature -> Water", () => {
    expect(magicAdvantage(Element.Fire, Element.Nature)).toBe(0.25);
    expect(magicAdvantage(Element.Nature, Element.Water)).toBe(0.25);
    expect(magicAdvantage(Element.Water, Element.Fire)).toBe(0.25);
  });

  it("gives -25% against the element after that", () => {
    expect(magicAdvantage(Element.Fire, Element.Water)).toBe(-0.25);
    expect(magicAdvantage(Element.Nature, Element.Fire)).toBe(-0.25);
    expect(magicAdvantage(Element.Water, Element.Nature)).toBe(-0.25);
  });

  it("gives 0 for the same element or None", () => {
    for (const e of [Element.Fire, Element.Water, Element.Nature]) {
      expect(magicAdvantage(e, e)).toBe(0);
      expect(magicAdvantage(e, Element.None)).toBe(0);
      expect(magicAdvantage(Element.None, e)).toBe(0);
    }
  });

  it("advantagedMagicType picks the element with +25%", () => {
    for (const e of [Element.Fire, Element.Water, Element.Nature]) {
      expect(magicAdvantage(advantagedMagicType(e), e)).toBe(0.25);
    }
  });
});
