import type { Item } from "@manaspire/protocol";

/** A wire item for unit tests; override what the test is about. */
export function testItem(overrides: Partial<Item> = {}): Item {
  return {
    id: 1,
    name: "Raging Staff of Embers",
    level: 10,
    rarity: 3,
    slot: 1,
    boosts: { 8: 10, 40: 2 },
    favorite: false,
    infusions: 0,
    quality: 0.5,
    isEquipped: false,
    upgradeChance: 0.5,
    ...overrides,
  };
}
