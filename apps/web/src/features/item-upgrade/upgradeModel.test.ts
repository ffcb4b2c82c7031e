import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { testItem } from "../items/testItems";
import {
  activeTab,
  currentEnchant,
  enchantOptions,
  enchantPrice,
  infusionPlan,
  maxAffordableTier,
  orbOptions,
  parseTier,
  upgradePageState,
  upgradeTabs,
} from "./upgradeModel";

const NOW = Date.UTC(2026, 10, 17); // enchanting cap 22 that week

describe("upgradePageState", () => {
  const items = {
    1: testItem({ id: 1 }),
    2: testItem({ id: 2, slot: 9 }),
    3: testItem({ id: 3, slot: 12 as never }),
  };

  it("finds the item or says why not", () => {
    expect(upgradePageState("1", items, true).kind).toBe("ok");
    expect(upgradePageState("2", items, true).kind).toBe("sigil");
    expect(upgradePageState("3", items, true).kind).toBe("unknownSlot");
    expect(upgradePageState("99", items, true).kind).toBe("notFound");
    expect(upgradePageState("99", items, false).kind).toBe("loading");
    expect(upgradePageState("abc", items, false).kind).toBe("notFound");
    expect(upgradePageState(undefined, items, true).kind).toBe("notFound");
  });
});

describe("upgradeTabs", () => {
  it("offers upgrades and enchant; heirloom only for Legendary items", () => {
    expect(upgradeTabs(testItem({ rarity: 4 })).map((t) => t.key)).toEqual(["upgrades", "enchant"]);
    expect(upgradeTabs(testItem({ rarity: 6 })).map((t) => t.key)).toEqual(["upgrades", "enchant"]);
    const legendary = upgradeTabs(testItem({ rarity: 5 }));
    expect(legendary.map((t) => [t.key, t.disabled])).toEqual([
      ["upgrades", false],
      ["enchant", false],
      ["heirloom", false],
    ]);
  });

  it("disables the heirloom tab while the item is borrowed", () => {
    const tabs = upgradeTabs(testItem({ rarity: 5, borrowerName: "Morgana" }));
    expect(tabs[2]).toMatchObject({ key: "heirloom", disabled: true });
    expect(activeTab(tabs, "heirloom")).toBe("upgrades");
    expect(activeTab(upgradeTabs(testItem({ rarity: 5 })), "heirloom")).toBe("heirloom");
    expect(activeTab(tabs, "enchant")).toBe("enchant");
    expect(activeTab(tabs, null)).toBe("upgrades");
  });
});

describe("orbOptions", () => {
  it("offers divinity only for Epic and mythic only for Legendary items", () => {
    expect(orbOptions(testItem({ rarity: 3 }), {}).map((o) => o.key)).toEqual([
      "power",
      "chaos",
      "perfection",
    ]);
    expect(orbOptions(testItem({ rarity: 4 }), {}).map((o) => o.key)).toContain("divinity");
    expect(orbOptions(testItem({ rarity: 5 }), {}).map((o) => o.key)).toContain("mythic");
  });

  it("needs the orb held and rolls to improve", () => {
    const [power] = orbOptions(testItem(), { [LootId.OrbOfPower]: 1 });
    expect(power?.blocked).toBeNull();
    expect(orbOptions(testItem(), {})[0]?.blocked).toBe("Not enough Orb of Power.");
    expect(orbOptions(testItem({ quality: 1 }), { [LootId.OrbOfPower]: 1 })[0]?.blocked).toBe(
      "All rolls are already perfect.",
    );
  });

  it("prices the mythic ascension in divine essence and elementium from level 3000", () => {
    const wallet = { [LootId.DivineEssence]: 31, [LootId.Elementium]: 3050 };
    const low = orbOptions(testItem({ rarity: 5, level: 2999 }), wallet).find(
      (o) => o.key === "mythic",
    );
    expect(low?.blocked).toBe("Needs item level 3000.");
    const high = orbOptions(testItem({ rarity: 5, level: 3050 }), wallet).find(
      (o) => o.key === "mythic",
    );
    expect(high?.costs.map((c) => [c.name, c.amount])).toEqual([
      ["Divine Essence", 31],
      ["Elementium", 3050],
    ]);
    expect(high?.blocked).toBeNull();
  });
});

describe("infusion", () => {
  // Infusion k costs 50·k²·(level + 10): level 10 → 1000, 4000, 9000 …
  const item = testItem({ level: 10, infusions: 1 });

  it("prices the steps from the current tier and blocks what cannot be paid", () => {
    expect(infusionPlan(item, 3, { [LootId.ManaDust]: 13_000 })).toMatchObject({
      tier: 3,
      cost: 13_000,
      blocked: null,
      before: 1.05,
      after: 1.15,
    });
    expect(infusionPlan(item, 3, { [LootId.ManaDust]: 12_999 }).blocked).toBe(
      "Not enough Mana Dust.",
    );
    expect(infusionPlan(item, 1, { [LootId.ManaDust]: 1e9 }).blocked).toBe(
      "Choose a tier above 1.",
    );
    expect(infusionPlan(testItem({ infusions: 99 }), 99, {}).blocked).toBe(
      "The item is fully infused.",
    );
  });

  it("clamps typed tiers to 0-99 and finds the highest affordable tier", () => {
    expect(parseTier("120")).toBe(99);
    expect(parseTier("x")).toBe(0);
    expect(parseTier("4.7")).toBe(4);
    expect(maxAffordableTier(item, { [LootId.ManaDust]: 13_000 })).toBe(3);
    expect(maxAffordableTier(item, {})).toBe(1);
  });
});

describe("enchantOptions", () => {
  it("limits the rank by skill, the weekly cap and reagents (3 per rank)", () => {
    const options = enchantOptions(
      testItem(),
      { 60: 30, 61: 4 },
      { [LootId.InfernalHeart]: 100, [LootId.EnchantedDroplet]: 7 },
      NOW,
    );
    const inferno = options.find((o) => o.def.rankId === 60)!;
    expect(inferno).toMatchObject({ skill: 30, cap: 22, maxRank: 22, blocked: null });
    const tidal = options.find((o) => o.def.rankId === 61)!;
    expect(tidal).toMatchObject({ skill: 4, maxRank: 2, blocked: null });
    const wild = options.find((o) => o.def.rankId === 62)!;
    expect(wild.blocked).toBe("Research Wildheart to learn it.");
    expect(options).toHaveLength(12);
  });

  it("raises an existing enchant paying only the new ranks", () => {
    const item = testItem({ boosts: { 8: 10, 60: 3, 80: 3 } });
    expect(currentEnchant(item)).toEqual({ name: "Inferno", rank: 3 });
    const inferno = enchantOptions(item, { 60: 5 }, { [LootId.InfernalHeart]: 3 }, NOW).find(
      (o) => o.def.rankId === 60,
    )!;
    expect(inferno).toMatchObject({ current: 3, maxRank: 4, blocked: null });
    expect(enchantPrice(item, 60, 4)).toBe(3);
    expect(enchantPrice(item, 61, 4)).toBe(12);
    const none = enchantOptions(item, { 60: 3 }, { [LootId.InfernalHeart]: 99 }, NOW)[0]!;
    expect(none.blocked).toBe("Already at your best rank (3).");
  });
});
