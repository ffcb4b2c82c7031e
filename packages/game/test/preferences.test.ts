import { describe, expect, it } from "vitest";
import {
  AUTO_SIPHON_MAX,
  DEFAULT_PREFERENCES,
  type PlayerPreferences,
  parseAutoSiphonInput,
  preferencesError,
  preferencesWithDefaults,
} from "../src/index";

const base: PlayerPreferences = { ...DEFAULT_PREFERENCES };

describe("preferences", () => {
  it("have the spec's defaults", () => {
    expect(DEFAULT_PREFERENCES).toEqual({
      autoJoinElementalRift: true,
      autoSiphonRiftOfPower: 0,
      autoDisenchant: 0,
      blockEnchants: false,
      autoCollectFarm: false,
    });
  });

  it("fill stored data with defaults and drop what is not valid", () => {
    expect(preferencesWithDefaults({})).toEqual(DEFAULT_PREFERENCES);
    expect(
      preferencesWithDefaults({
        autoJoinElementalRift: false,
        autoSiphonRiftOfPower: 12,
        autoDisenchant: 2,
        blockEnchants: true,
        autoCollectFarm: "yes",
        somethingElse: 5,
      }),
    ).toEqual({
      ...base,
      autoJoinElementalRift: false,
      autoSiphonRiftOfPower: 12,
      autoDisenchant: 2,
      blockEnchants: true,
    });
    expect(preferencesWithDefaults({ autoSiphonRiftOfPower: -1, autoDisenchant: 7 })).toEqual(base);
    expect(preferencesWithDefaults({ autoSiphonRiftOfPower: 250 }).autoSiphonRiftOfPower).toBe(99);
  });

  it("take at most 2 digits in the auto siphon input", () => {
    expect(parseAutoSiphonInput("")).toBe(0);
    expect(parseAutoSiphonInput("7")).toBe(7);
    expect(parseAutoSiphonInput("42")).toBe(42);
    expect(parseAutoSiphonInput("123")).toBe(12);
    expect(parseAutoSiphonInput("-5")).toBe(5);
    expect(parseAutoSiphonInput("1e3")).toBe(13);
    expect(parseAutoSiphonInput("abc")).toBe(0);
  });

  it("refuse an auto siphon count outside 0-99 or not whole", () => {
    const qol = true;
    expect(preferencesError(base, { ...base, autoSiphonRiftOfPower: 99 }, qol)).toBeNull();
    expect(preferencesError(base, { ...base, autoSiphonRiftOfPower: 0 }, qol)).toBeNull();
    for (const bad of [100, 255, -1, 1.5, Number.NaN]) {
      expect(preferencesError(base, { ...base, autoSiphonRiftOfPower: bad }, qol)).toBe(
        `Auto siphon takes a whole number from 0 to ${AUTO_SIPHON_MAX}.`,
      );
    }
  });

  it("refuse an unknown auto disenchant rarity", () => {
    const next = { ...base, autoDisenchant: 4 } as unknown as PlayerPreferences;
    expect(preferencesError(base, next, true)).toBe("Unknown auto disenchant rarity.");
  });

  it("let anyone change auto disenchant and block enchants", () => {
    expect(
      preferencesError(base, { ...base, autoDisenchant: 3, blockEnchants: true }, false),
    ).toBeNull();
  });

  it("keep the Quality of Life preferences for players with QoL", () => {
    const changes: Partial<PlayerPreferences>[] = [
      { autoJoinElementalRift: false },
      { autoSiphonRiftOfPower: 5 },
      { autoCollectFarm: true },
    ];
    for (const change of changes) {
      expect(preferencesError(base, { ...base, ...change }, true)).toBeNull();
      expect(preferencesError(base, { ...base, ...change }, false)).toMatch(
        /needs Quality of Life; get it in the Premium shop\.$/,
      );
    }
    // Sending them unchanged is fine without QoL (the full object always travels).
    const saved = { ...base, autoCollectFarm: true, autoSiphonRiftOfPower: 9 };
    expect(preferencesError(saved, { ...saved, blockEnchants: true }, false)).toBeNull();
  });
});
