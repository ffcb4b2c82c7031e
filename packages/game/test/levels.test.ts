import { describe, expect, it } from "vitest";
import {
  BATTLE_XP_BASE,
  experienceForLevel,
  GATHER_XP_BASE,
  levelFromExperience,
  levelProgress,
  SIGIL_BASE,
} from "../src/index";

/** A double strictly below x (x > 0). */
function justBelow(x: number): number {
  return x - x * Number.EPSILON;
}

/** The spec formula without the floating point correction. */
function naive(base: number, amount: number): number {
  return Math.floor((-1 + Math.sqrt(1 + (8 / base) * amount)) / 2);
}

describe("levelFromExperience", () => {
  it("follows the spec formula floor((-1+sqrt(1+8/base*amount))/2)", () => {
    expect(levelFromExperience(1000, 0)).toBe(0);
    expect(levelFromExperience(1000, 999)).toBe(0);
    expect(levelFromExperience(1000, 1000)).toBe(1);
    expect(levelFromExperience(1000, 2999)).toBe(1);
    expect(levelFromExperience(1000, 3000)).toBe(2);
    expect(levelFromExperience(1000, 6000)).toBe(3);
    expect(levelFromExperience(SIGIL_BASE, 55_000)).toBe(10);
  });

  it("is exact at every boundary for many levels and bases", () => {
    for (const base of [BATTLE_XP_BASE, GATHER_XP_BASE, SIGIL_BASE, 1, 3, 7, 12_345, 0.1]) {
      for (let level = 1; level <= 5000; level += level < 200 ? 1 : 37) {
        const xp = experienceForLevel(base, level);
        expect(levelFromExperience(base, xp)).toBe(level);
        expect(levelFromExperience(base, justBelow(xp))).toBe(level - 1);
      }
    }
  });

  it("corrects cases where the naive float formula is off by one", () => {
    let naiveWrong = 0;
    const wrong: string[] = [];
    for (const base of [3, 7, 0.1, 0.3, 12_345]) {
      for (let level = 1; level <= 20_000; level++) {
        const xp = experienceForLevel(base, level);
        if (naive(base, xp) !== level || naive(base, justBelow(xp)) !== level - 1) naiveWrong++;
        if (levelFromExperience(base, xp) !== level) wrong.push(`${base}:${level}`);
        if (levelFromExperience(base, justBelow(xp)) !== level - 1) wrong.push(`${base}:<${level}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(naiveWrong).toBeGreaterThan(0);
  });

  it("is exact at huge levels", () => {
    for (const level of [1e5, 123_456, 1e6, 9_999_999, 4e7]) {
      const xp = experienceForLevel(BATTLE_XP_BASE, level);
      expect(levelFromExperience(BATTLE_XP_BASE, xp)).toBe(level);
      expect(levelFromExperience(BATTLE_XP_BASE, justBelow(xp))).toBe(level - 1);
    }
  });

  it("terminates for astronomically large experience", () => {
    expect(levelFromExperience(1, 1e300)).toBeGreaterThan(1e149);
    expect(levelFromExperience(1000, Number.MAX_VALUE)).toBeGreaterThan(1e150);
    expect(levelFromExperience(1000, Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });

  it("treats negative or invalid experience as level 0", () => {
    expect(levelFromExperience(1000, -5)).toBe(0);
    expect(levelFromExperience(1000, Number.NaN)).toBe(0);
  });
});

describe("experienceForLevel", () => {
  it("is base * L * (L + 1) / 2", () => {
    expect(experienceForLevel(1000, 0)).toBe(0);
    expect(experienceForLevel(1000, 1)).toBe(1000);
    expect(experienceForLevel(1000, 4)).toBe(10_000);
    expect(experienceForLevel(10, 100)).toBe(50_500);
  });
});

describe("levelProgress", () => {
  it("splits total experience into level, progress and level size", () => {
    expect(levelProgress(1000, 0)).toEqual({ level: 0, experience: 0, experienceToLevel: 1000 });
    expect(levelProgress(1000, 3500)).toEqual({
      level: 2,
      experience: 500,
      experienceToLevel: 3000,
    });
    expect(levelProgress(1000, 6000)).toEqual({ level: 3, experience: 0, experienceToLevel: 4000 });
  });
});
