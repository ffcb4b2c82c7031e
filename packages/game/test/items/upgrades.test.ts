import { describe, expect, it } from "vitest";
import { createRng, Element, LootId, Rarity } from "../../src/index";
import { assembleItem } from "../../src/items/assemble";
import { rollValue, SECONDARY_COUNT, slotBoosts } from "../../src/items/catalogue";
import { canEquip } from "../../src/items/equipment";
import { generateItem } from "../../src/items/generate";
import type { Item, Upgraded, UpgradeResult } from "../../src/items/types";
import { itemPercentiles, upgradeChance } from "../../src/items/upgrades/analysis";
import {
  ERR_ALL_PERFECT,
  ERR_DIVINITY,
  ERR_LEGACY,
  ERR_MYTHIC_LEVEL,
  ERR_MYTHIC_RARITY,
  ERR_PERFECTION,
  ERR_SIGIL,
  mythicCost,
  rerollChaos,
  rerollPerfection,
  rerollPower,
  upgradeDivinity,
  upgradeLegacy,
  upgradeMythic,
} from "../../src/items/upgrades/orbs";

function ok(r: UpgradeResult): Upgraded {
  if (typeof r === "string") throw new Error(`unexpected error: ${r}`);
  return r;
}

function staff(rarity: Rarity, rolls: Record<number, number>, level = 100): Item {
  return assembleItem(
    { id: 9, level, rarity, slot: 1, infusions: 3, element: Element.Fire },
    rolls,
  );
}

function frozen(item: Item): Item {
  Object.freeze(item.boosts);
  Object.freeze(item.rolls);
  return Object.freeze(item);
}

describe("Orb of Power", () => {
  it("never lowers a roll, keeps only higher ones, and does not mutate its input", () => {
    const before = frozen(staff(Rarity.Rare, { 8: 0.2, 40: 0.9, 41: 0.5, 42: 0 }));
    const snapshot = JSON.stringify(before);
    const rng = createRng(4);
    let item = before;
    for (let i = 0; i < 20; i++) {
      const next = ok(rerollPower(item, { rng })).item;
      for (const id of Object.keys(item.rolls).map(Number)) {
        expect(next.rolls[id]).toBeGreaterThanOrEqual(item.rolls[id]!);
      }
      expect(Object.keys(next.rolls)).toEqual(Object.keys(item.rolls));
      expect(next.id).toBe(9);
      expect(next.infusions).toBe(3);
      item = next;
    }
    expect(item.quality).toBeGreaterThan(before.quality);
    expect(JSON.stringify(before)).toBe(snapshot);
  });

  it("costs one orb and refuses perfect items, sigils and empty wallets", () => {
    const item = staff(Rarity.Common, { 8: 0.3, 40: 0.3 });
    expect(ok(rerollPower(item, { rng: createRng(1) })).cost).toEqual([
      { lootId: LootId.OrbOfPower, amount: 1 },
    ]);
    expect(rerollPower(staff(Rarity.Common, { 8: 1, 40: 1 }), { rng: createRng(1) })).toBe(
      ERR_ALL_PERFECT,
    );
    expect(rerollPower({ ...item, slot: 9 }, { rng: createRng(1) })).toBe(ERR_SIGIL);
    expect(rerollPower(item, { rng: createRng(1), wallet: {} })).toBe("Not enough Orb of Power.");
    expect(typeof rerollPower(item, { rng: createRng(1), wallet: { 35: 1 } })).toBe("object");
  });
});

describe("upgradeChance", () => {
  it("is 1 - the product of the roll positions", () => {
    expect(upgradeChance(staff(1, { 8: 0.5, 40: 0.5 }))).toBeCloseTo(0.75, 12);
    expect(upgradeChance(staff(1, { 8: 1, 40: 1 }))).toBe(0);
    expect(upgradeChance(staff(1, { 8: 0, 40: 1 }))).toBe(1);
    expect(upgradeChance({ rolls: {} })).toBe(0);
  });

  it("matches how often an Orb of Power improves a roll", () => {
    const item = staff(Rarity.Rare, { 8: 0.9, 40: 0.8, 41: 0.95, 42: 0.7 });
    const rng = createRng(12);
    let improved = 0;
    const n = 20_000;
    for (let i = 0; i < n; i++) {
      const next = ok(rerollPower(item, { rng })).item;
      if (next.quality > item.quality) improved++;
    }
    expect(Math.abs(improved / n - upgradeChance(item))).toBeLessThan(0.015);
  });
});

describe("itemPercentiles", () => {
  it("places each roll among all possible rolls of its boost", () => {
    const p = itemPercentiles(staff(Rarity.Epic, { 8: 0, 40: 1, 41: 0.5 }));
    expect(p.map((x) => x.boostId)).toEqual([8, 40, 41]);
    expect(p[0]!.percentile).toBe(0);
    expect(p[1]!.percentile).toBe(100);
    expect(p[2]!.percentile).toBeCloseTo(50, 0);
    expect(p[0]!.min).toBeCloseTo(4 * 5 * 2, 9);
    expect(p[0]!.max).toBeCloseTo(8 * 5 * 2, 9);
  });
});

describe("Orb of Chaos", () => {
  it("rerolls the main roll and a fresh secondary set of the same size", () => {
    const item = generateItem({ slot: 4, rarity: Rarity.Epic, level: 40 }, createRng(1));
    const seen = new Set<string>();
    const rng = createRng(2);
    for (let i = 0; i < 30; i++) {
      const next = ok(rerollChaos(item, { rng })).item;
      const ids = Object.keys(next.rolls).map(Number);
      expect(ids).toHaveLength(1 + SECONDARY_COUNT[Rarity.Epic]);
      expect(ids).toContain(slotBoosts(4).main);
      expect(next.rarity).toBe(Rarity.Epic);
      seen.add(ids.join(","));
    }
    expect(seen.size).toBeGreaterThan(1);
    expect(ok(rerollChaos(item, { rng })).cost).toEqual([{ lootId: LootId.OrbOfChaos, amount: 1 }]);
  });

  it("keeps the item's enchant", () => {
    const item = { ...staff(1, { 8: 0.5, 40: 0.5 }) };
    const enchanted = { ...item, boosts: { ...item.boosts, 60: 4, 80: 4 } };
    const next = ok(rerollChaos(enchanted, { rng: createRng(3) })).item;
    expect(next.boosts[60]).toBe(4);
    expect(next.boosts[80]).toBe(4);
  });
});

describe("Orb of Divinity", () => {
  it("only upgrades Epic items", () => {
    for (const r of [
      Rarity.Common,
      Rarity.Uncommon,
      Rarity.Rare,
      Rarity.Legendary,
      Rarity.Heirloom,
    ]) {
      expect(upgradeDivinity(staff(r, { 8: 0.5 }), { rng: createRng(1) })).toBe(ERR_DIVINITY);
    }
  });

  it("turns Epic into Legendary with one more modifier and more power", () => {
    const epic = staff(Rarity.Epic, { 8: 0.5, 40: 0.5, 41: 0.5, 42: 0.5, 43: 0.5 });
    const r = ok(upgradeDivinity(epic, { rng: createRng(1) }));
    expect(r.item.rarity).toBe(Rarity.Legendary);
    expect(Object.keys(r.item.rolls)).toHaveLength(6);
    expect(r.item.rolls[40]).toBe(0.5);
    expect(r.item.boosts[8]).toBe(rollValue(8, 100, Rarity.Legendary, 0.5));
    expect(r.item.boosts[8]! / epic.boosts[8]!).toBeCloseTo(1.25, 2);
    expect(r.cost).toEqual([{ lootId: LootId.OrbOfDivinity, amount: 1 }]);
  });
});

describe("Orb of Legacy", () => {
  it("only turns Legendary items into Heirlooms", () => {
    for (const r of [Rarity.Common, Rarity.Epic, Rarity.Heirloom, Rarity.Mythic]) {
      expect(upgradeLegacy(staff(r, { 8: 0.5 }))).toBe(ERR_LEGACY);
    }
  });

  it("halves power and removes the level requirement", () => {
    const legendary = staff(Rarity.Legendary, { 8: 0.4, 40: 0.8 }, 500);
    const r = ok(upgradeLegacy(legendary));
    expect(r.item.rarity).toBe(Rarity.Heirloom);
    expect(r.item.boosts[8]).toBeCloseTo(legendary.boosts[8]! / 2, 1);
    expect(r.item.boosts[40]).toBeCloseTo(legendary.boosts[40]! / 2, 1);
    expect(r.item.rolls).toEqual(legendary.rolls);
    const none = { battle: 0, mining: 0, fishing: 0, woodcutting: 0 };
    expect(canEquip(legendary, none)).toBe(false);
    expect(canEquip(r.item, none)).toBe(true);
    expect(r.cost).toEqual([{ lootId: LootId.OrbOfLegacy, amount: 1 }]);
  });
});

describe("Orb of Perfection", () => {
  it("raises every roll to the best roll on the item", () => {
    const item = staff(Rarity.Rare, { 8: 0.2, 40: 0.85, 41: 0.5, 42: 0.1 });
    const r = ok(rerollPerfection(item));
    expect(Object.values(r.item.rolls)).toEqual([0.85, 0.85, 0.85, 0.85]);
    expect(r.item.quality).toBeCloseTo(0.85, 12);
    expect(r.item.boosts[8]).toBe(rollValue(8, 100, Rarity.Rare, 0.85));
    expect(r.cost).toEqual([{ lootId: LootId.OrbOfPerfection, amount: 1 }]);
    expect(rerollPerfection(r.item)).toBe(ERR_PERFECTION);
  });
});

describe("Mythic", () => {
  it("needs a Legendary item of level 3000 or more", () => {
    expect(upgradeMythic(staff(Rarity.Epic, { 8: 0.5 }, 5000))).toBe(ERR_MYTHIC_RARITY);
    expect(upgradeMythic(staff(Rarity.Heirloom, { 8: 0.5 }, 5000))).toBe(ERR_MYTHIC_RARITY);
    expect(upgradeMythic(staff(Rarity.Legendary, { 8: 0.5 }, 2999))).toBe(ERR_MYTHIC_LEVEL);
    const r = ok(upgradeMythic(staff(Rarity.Legendary, { 8: 0.5 }, 3000)));
    expect(r.item.rarity).toBe(Rarity.Mythic);
    expect(r.item.boosts[8]).toBe(rollValue(8, 3000, Rarity.Mythic, 0.5));
  });

  it("costs divine essence level/100 and elementium equal to the level, exactly", () => {
    expect(mythicCost(3000)).toEqual([
      { lootId: LootId.DivineEssence, amount: 30 },
      { lootId: LootId.Elementium, amount: 3000 },
    ]);
    expect(mythicCost(3050)[0]!.amount).toBe(31);
    const item = staff(Rarity.Legendary, { 8: 0.5 }, 3000);
    expect(typeof upgradeMythic(item, { wallet: { 47: 30, 46: 3000 } })).toBe("object");
    expect(upgradeMythic(item, { wallet: { 47: 29, 46: 3000 } })).toBe(
      "Not enough Divine Essence.",
    );
    expect(upgradeMythic(item, { wallet: { 47: 30, 46: 2999 } })).toBe("Not enough Elementium.");
  });
});
