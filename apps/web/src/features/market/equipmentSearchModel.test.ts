import { describe, expect, it } from "vitest";
import {
  boostOptions,
  cannotAfford,
  checkListingPrice,
  EMPTY_SEARCH,
  SEARCH_BOOSTS,
  searchProblem,
  searchRequest,
  shownMinQuality,
} from "./equipmentSearchModel";

describe("equipment search form", () => {
  it("sends nothing but the infused flag for an empty form", () => {
    expect(searchRequest(EMPTY_SEARCH)).toEqual({
      minLevel: undefined,
      maxLevel: undefined,
      skill: undefined,
      rarity: undefined,
      slot: undefined,
      boost: undefined,
      secondaryBoost: undefined,
      thirdBoost: undefined,
      onlyInfused: false,
      minQuality: undefined,
      maxPrice: undefined,
      lastOrder: undefined,
    });
  });

  it("reads amounts with separators and suffixes, and clamps Min Quality to 0-99", () => {
    const r = searchRequest(
      {
        ...EMPTY_SEARCH,
        minLevel: "1,000",
        maxLevel: "2k",
        minQuality: "150",
        maxPrice: "1.5M",
        rarity: "5",
        slot: "1",
        boost: "30",
        onlyInfused: true,
      },
      77,
    );
    expect(r).toMatchObject({
      minLevel: 1000,
      maxLevel: 2000,
      minQuality: 99,
      maxPrice: 1_500_000,
      rarity: 5,
      slot: 1,
      boost: 30,
      onlyInfused: true,
      lastOrder: 77,
    });
    expect(searchRequest({ ...EMPTY_SEARCH, minQuality: "-5" }).minQuality).toBe(0);
    // Non-numbers become 0 (spec 000 section 5).
    expect(searchRequest({ ...EMPTY_SEARCH, maxPrice: "lots" }).maxPrice).toBe(0);
  });

  it("refuses a minimum level above the maximum", () => {
    expect(searchProblem({ ...EMPTY_SEARCH, minLevel: "50", maxLevel: "10" })).toBe(
      "The minimum level is above the maximum.",
    );
    expect(searchProblem({ ...EMPTY_SEARCH, minLevel: "10", maxLevel: "10" })).toBeNull();
  });

  it("lists item boosts by name", () => {
    expect(SEARCH_BOOSTS.length).toBeGreaterThan(5);
    const names = SEARCH_BOOSTS.map((b) => b.name);
    expect([...names].sort((a, b) => a.localeCompare(b))).toEqual(names);
  });

  it("names every boost option apart: a percent variant sharing a flat boost's name reads 'Name %'", () => {
    const names = SEARCH_BOOSTS.map((b) => b.name);
    expect(new Set(names).size).toBe(names.length);
    const named = (id: number) => SEARCH_BOOSTS.find((b) => b.value === id)?.name;
    expect([named(5), named(47)]).toEqual(["Focus", "Focus %"]);
    expect([named(7), named(48)]).toEqual(["Mana", "Mana %"]);
    expect([named(9), named(46)]).toEqual(["Ward", "Ward %"]);
    // A percent boost with a name of its own keeps it.
    expect(named(41)).toBe("Multicast");
    expect(boostOptions([47]).map((b) => b.name)).toEqual(["Focus"]);
  });

  it("shows Min Quality as sent once the field is left", () => {
    expect(shownMinQuality("150")).toBe("99");
    expect(shownMinQuality("-5")).toBe("0");
    expect(shownMinQuality("42")).toBe("42");
    expect(shownMinQuality(" ")).toBe("");
  });
});

describe("listing price", () => {
  it("needs a whole price of at least 1", () => {
    expect(checkListingPrice("").error).toBe("Enter a price.");
    expect(checkListingPrice("0").error).toMatch(/at least 1/);
    expect(checkListingPrice("1.5").error).toMatch(/whole number/);
    expect(checkListingPrice("2.5k")).toEqual({ price: 2500, error: null });
  });

  it("says what the buyer lacks", () => {
    expect(cannotAfford(100, 100)).toBeNull();
    expect(cannotAfford(1500, 99.7)).toBe("You need 1,500 Mana Dust; you have 99.");
  });
});
