import { describe, expect, it } from "vitest";
import { LOOT, LootId, lootById, RARITY_CLASSES } from "../src/index";

/** Ids from shared/reference/live-game-facts.md, in order 1-50. */
const FACTS = [
  "mana dust",
  "elemental shards",
  "codex",
  "fire essence",
  "water essence",
  "nature essence",
  "fish",
  "wood",
  "iron",
  "asbestos",
  "ironbark",
  "fish scales",
  "tome of fire",
  "tome of water",
  "tome of nature",
  "tome of mana shield",
  "fire resistance",
  "water resistance",
  "nature resistance",
  "inferno",
  "tidal wrath",
  "wildheart",
  "insight",
  "bountiful harvest",
  "prosperity",
  "fortune",
  "growth",
  "vitality",
  "elderwood",
  "lodestone",
  "white pearl",
  "four leaf clover",
  "enchanted droplet",
  "infernal heart",
  "orb of power",
  "orb of chaos",
  "orb of divinity",
  "bound codex",
  "sunpetal",
  "sageroot",
  "bloomwell",
  "guild battle xp",
  "event points",
  "crystallized mana",
  "orb of legacy",
  "elementium",
  "divine essence",
  "dungeon points",
  "egg",
  "orb of perfection",
];

describe("LOOT", () => {
  it("has the 50 ids of the live game facts, in order", () => {
    expect(LOOT).toHaveLength(50);
    FACTS.forEach((fact, i) => {
      const loot = LOOT[i]!;
      expect(loot.id).toBe(i + 1);
      expect(loot.name.toLowerCase().replace("formula: ", "")).toBe(fact);
      expect(lootById(i + 1)).toBe(loot);
    });
  });

  it("has unique snake_case keys and a rarity class each", () => {
    const keys = new Set(LOOT.map((l) => l.key));
    expect(keys.size).toBe(50);
    for (const l of LOOT) {
      expect(l.key).toMatch(/^[a-z_]+$/);
      expect(RARITY_CLASSES[l.rarity]).toBeDefined();
    }
  });

  it("marks exactly bound codex, event points, dungeon points and egg untradeable", () => {
    const untradeable = LOOT.filter((l) => !l.tradeable).map((l) => l.id);
    expect(untradeable).toEqual([38, 43, 48, 49]);
  });

  it("exposes named id constants", () => {
    expect(LootId.ManaDust).toBe(1);
    expect(LootId.Codex).toBe(3);
    expect(LootId.BoundCodex).toBe(38);
    expect(LootId.Iron).toBe(9);
    expect(LootId.Egg).toBe(49);
    expect(LootId.OrbOfPerfection).toBe(50);
    expect(lootById(0)).toBeUndefined();
    expect(lootById(51)).toBeUndefined();
  });
});
