import { describe, expect, it } from "vitest";
import {
  Element,
  enemyAtLevel,
  enemyFor,
  enemyStatsForLevel,
  GATHERING_ZONES,
  isTopZone,
  isValidEnemy,
  LootId,
  RADIANT_GROVE_ENEMIES,
  SMOLDERING_MARSH_ENEMIES,
  ZONES,
  Zone,
  zoneById,
  zoneEnemies,
} from "../src/index";

describe("zones", () => {
  it("lists the five battle zones with keys, labels and enemy counts", () => {
    expect(ZONES.map((z) => [z.id, z.key, z.name, z.label, z.enemyCount])).toEqual([
      [1, "radiant_grove", "Radiant Grove", "Beginner", 30],
      [2, "smoldering_marsh", "The Smoldering Marsh", "Intermediate", 70],
      [3, "worldshapers_domain", "Worldshaper's Domain", undefined, null],
      [4, "maelstroms_eye", "Maelstrom's Eye", undefined, null],
      [5, "blazing_core", "Blazing Core", undefined, null],
    ]);
    expect(ZONES.slice(2).map((z) => z.enemyBaseName)).toEqual([
      "Worldshaper",
      "Worlddrowner",
      "Worldburner",
    ]);
    expect(zoneById(3)?.key).toBe("worldshapers_domain");
    expect(zoneById(6)).toBeUndefined();
    expect([1, 2, 3, 4, 5].map(isTopZone)).toEqual([false, false, true, true, true]);
  });

  it("lists the gathering zones", () => {
    expect(GATHERING_ZONES.map((z) => [z.name, z.action, z.resource])).toEqual([
      ["Ironclad Mines", 2, LootId.Iron],
      ["Azure Lake", 3, LootId.Fish],
      ["Elderwood Grove", 4, LootId.Wood],
    ]);
  });
});

describe("enemies", () => {
  it("has 30 + 70 unique names", () => {
    expect(RADIANT_GROVE_ENEMIES).toHaveLength(30);
    expect(SMOLDERING_MARSH_ENEMIES).toHaveLength(70);
    const all = [...RADIANT_GROVE_ENEMIES, ...SMOLDERING_MARSH_ENEMIES];
    expect(new Set(all).size).toBe(100);
    expect(zoneEnemies(Zone.RadiantGrove)).toHaveLength(30);
    expect(zoneEnemies(Zone.BlazingCore)).toHaveLength(0);
  });

  it("levels RG n at n, SM n at 30 + n and top zones at the strength", () => {
    expect(enemyFor(Zone.RadiantGrove, 7).level).toBe(7);
    expect(enemyFor(Zone.SmolderingMarsh, 1).level).toBe(31);
    expect(enemyFor(Zone.SmolderingMarsh, 70).level).toBe(100);
    const top = enemyFor(Zone.MaelstromsEye, 1234);
    expect(top.level).toBe(1234);
    expect(top.name).toBe("Worlddrowner 1234");
    expect(enemyFor(Zone.WorldshapersDomain, 5).name).toBe("Worldshaper 5");
    expect(enemyFor(Zone.BlazingCore, 5).name).toBe("Worldburner 5");
    expect(enemyFor(Zone.RadiantGrove, 1).name).toBe(RADIANT_GROVE_ENEMIES[0]);
  });

  it("gives elements by number and the same strength in every top zone", () => {
    expect(enemyFor(Zone.SmolderingMarsh, 2).element).toBe(Element.Nature);
    const a = enemyFor(Zone.WorldshapersDomain, 500);
    const b = enemyFor(Zone.BlazingCore, 500);
    expect([a.health, a.ward, a.damage]).toEqual([b.health, b.ward, b.damage]);
    expect(enemyFor(Zone.SmolderingMarsh, 70).health).toBe(
      enemyFor(Zone.WorldshapersDomain, 100).health,
    );
  });

  it("grows health, ward and damage with level", () => {
    let prev = enemyStatsForLevel(1);
    for (const level of [2, 10, 100, 1000, 1e6, 1e9]) {
      const s = enemyStatsForLevel(level);
      expect(s.health).toBeGreaterThan(prev.health);
      expect(s.ward).toBeGreaterThan(prev.ward);
      expect(s.damage).toBeGreaterThan(prev.damage);
      expect(Number.isFinite(s.health)).toBe(true);
      prev = s;
    }
  });

  it("rejects invalid enemies", () => {
    expect(isValidEnemy(Zone.RadiantGrove, 31)).toBe(false);
    expect(isValidEnemy(Zone.RadiantGrove, 0)).toBe(false);
    expect(isValidEnemy(Zone.BlazingCore, 2.5)).toBe(false);
    expect(() => enemyFor(Zone.RadiantGrove, 31)).toThrow(RangeError);
    expect(() => enemyFor(9, 1)).toThrow(RangeError);
  });
});

describe("enemyAtLevel", () => {
  it("climbs Radiant Grove, then The Smoldering Marsh, then Worldshaper's Domain", () => {
    expect(enemyAtLevel(1)).toBe(enemyFor(Zone.RadiantGrove, 1));
    expect(enemyAtLevel(30)).toBe(enemyFor(Zone.RadiantGrove, 30));
    expect(enemyAtLevel(31)).toBe(enemyFor(Zone.SmolderingMarsh, 1));
    expect(enemyAtLevel(100).level).toBe(100);
    expect(enemyAtLevel(101)).toEqual(enemyFor(Zone.WorldshapersDomain, 101));
    for (const level of [1, 29, 30, 31, 99, 100, 101, 5000])
      expect(enemyAtLevel(level).level).toBe(level);
  });

  it("refuses a strength outside 1..1,000,000,000", () => {
    for (const bad of [0, -1, 1.5, Number.NaN, 1_000_000_001]) {
      expect(() => enemyAtLevel(bad)).toThrow(
        "enemy level must be a whole number from 1 to 1000000000",
      );
    }
  });
});
