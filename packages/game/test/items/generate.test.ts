import { describe, expect, it } from "vitest";
import { ActionType, BOOSTS, createRng, Element, Rarity } from "../../src/index";
import { assembleItem } from "../../src/items/assemble";
import {
  boostRange,
  ITEM_BOOST_RANGES,
  levelScale,
  RARITY_POWER,
  rollValue,
  SECONDARY_COUNT,
  slotBoosts,
} from "../../src/items/catalogue";
import {
  generateItem,
  ITEM_DROP_CHANCE,
  rarityWeights,
  rollItemDrop,
  rollRarity,
} from "../../src/items/generate";
import { ITEM_PREFIXES, PREFIX_BY_BOOST } from "../../src/items/names";
import { GEAR_SLOTS, type GearSlot } from "../../src/items/types";

describe("catalogue", () => {
  it("gives every poolable boost a known id, a range and a prefix", () => {
    const known = new Set(BOOSTS.map((b) => b.id as number));
    for (const slot of GEAR_SLOTS) {
      for (const opts of [
        [Element.Fire, undefined],
        [Element.Water, undefined],
        [undefined, ActionType.Mining],
        [undefined, ActionType.Woodcutting],
      ] as const) {
        const { main, pool } = slotBoosts(slot, opts[0], opts[1]);
        expect(pool).not.toContain(main);
        expect(new Set(pool).size).toBe(pool.length);
        expect(pool.length).toBeGreaterThanOrEqual(SECONDARY_COUNT[Rarity.Legendary]);
        for (const id of [main, ...pool]) {
          expect(known.has(id)).toBe(true);
          expect(ITEM_BOOST_RANGES[id]).toBeDefined();
          if (id !== main || slot !== 1) expect(PREFIX_BY_BOOST[id]).toBeGreaterThan(0);
        }
      }
    }
    expect(ITEM_PREFIXES).toHaveLength(15);
    expect(ITEM_PREFIXES[1]).toBe("Reckless");
    expect(ITEM_PREFIXES[14]).toBe("Cooperative");
  });

  it("puts the staff's own mastery in its pool and gathering boosts on gathering gear", () => {
    expect(slotBoosts(1, Element.Water).pool).toContain(11);
    expect(slotBoosts(1, Element.Water).pool).not.toContain(10);
    expect(slotBoosts(1, undefined, ActionType.Fishing)).toEqual({
      main: 31,
      pool: [34, 124, 102, 100, 121, 122],
    });
    expect(slotBoosts(2, undefined, ActionType.Woodcutting).main).toBe(35);
  });

  it("scales ranges by level and rarity", () => {
    expect(levelScale("flat", 1)).toBeCloseTo(1.04, 12);
    expect(levelScale("flat", 100)).toBe(5);
    expect(levelScale("percent", 100)).toBeCloseTo(1 + Math.log10(2), 12);
    expect(boostRange(8, 100, Rarity.Common)).toEqual({ min: 20, max: 40 });
    expect(boostRange(8, 100, Rarity.Legendary)).toEqual({ min: 50, max: 100 });
    expect(boostRange(8, 100, Rarity.Heirloom)).toEqual({ min: 25, max: 50 });
    expect(boostRange(1, 100, Rarity.Common)).toBeUndefined();
    expect(rollValue(8, 100, Rarity.Common, 0)).toBe(20);
    expect(rollValue(8, 100, Rarity.Common, 1)).toBe(40);
    expect(rollValue(8, 100, Rarity.Common, 0.5)).toBe(30);
    expect(rollValue(8, 100, Rarity.Common, 7)).toBe(40);
    expect(RARITY_POWER[Rarity.Heirloom]).toBe(RARITY_POWER[Rarity.Legendary] / 2);
  });
});

describe("generateItem", () => {
  it("is deterministic per seed", () => {
    const a = generateItem({ slot: 1, rarity: Rarity.Rare, level: 50 }, createRng(7));
    const b = generateItem({ slot: 1, rarity: Rarity.Rare, level: 50 }, createRng(7));
    const c = generateItem({ slot: 1, rarity: Rarity.Rare, level: 50 }, createRng(8));
    expect(a).toEqual(b);
    expect(a).not.toEqual(c);
    expect(a.id).toBe(0);
    expect(generateItem({ slot: 2, rarity: 1, level: 1, id: 42 }, createRng(1)).id).toBe(42);
  });

  it("rolls the main boost plus one secondary per rarity step, within range", () => {
    const rng = createRng(3);
    for (const slot of GEAR_SLOTS) {
      for (const rarity of [1, 2, 3, 4, 5, 6, 7] as const) {
        const item = generateItem({ slot, rarity, level: 250 }, rng);
        const { main, pool } = slotBoosts(slot, item.element);
        const ids = Object.keys(item.rolls).map(Number);
        expect(ids).toContain(main);
        expect(ids).toHaveLength(1 + SECONDARY_COUNT[rarity]);
        for (const id of ids) {
          if (id !== main) expect(pool).toContain(id);
          const r = boostRange(id, 250, rarity)!;
          const v = item.boosts[id]!;
          expect(v).toBeGreaterThanOrEqual(r.min - 0.005);
          expect(v).toBeLessThanOrEqual(r.max + 0.005);
          expect(v).toBe(rollValue(id, 250, rarity, item.rolls[id]!));
        }
        const mean = ids.reduce((s, id) => s + item.rolls[id]!, 0) / ids.length;
        expect(item.quality).toBeCloseTo(mean, 12);
        expect(item.infusions).toBe(0);
      }
    }
  });

  it("gives weapons an element and gathering gear a skill", () => {
    const staff = generateItem(
      { slot: 1, rarity: 1, level: 5, element: Element.Nature },
      createRng(1),
    );
    expect(staff.element).toBe(Element.Nature);
    expect(staff.name).toMatch(/Staff of Thorns$/);
    expect(staff.skill).toBeUndefined();
    const ring = generateItem(
      { slot: 8, rarity: 1, level: 5, element: Element.Nature },
      createRng(1),
    );
    expect(ring.element).toBeUndefined();
    const pick = generateItem(
      { slot: 1, rarity: 2, level: 5, skill: ActionType.Mining },
      createRng(1),
    );
    expect(pick.skill).toBe(ActionType.Mining);
    expect(pick.element).toBeUndefined();
    expect(pick.name).toMatch(/Pickaxe$/);
    expect(pick.boosts[30]).toBeGreaterThan(0);
    const elements = new Set<number>();
    for (let s = 0; s < 40; s++) {
      elements.add(generateItem({ slot: 1, rarity: 1, level: 1 }, createRng(s)).element!);
    }
    expect([...elements].sort()).toEqual([1, 2, 3]);
  });

  it("rejects sigils and bad rarities", () => {
    expect(() =>
      generateItem({ slot: 9 as GearSlot, rarity: 1, level: 1 }, createRng(1)),
    ).toThrow();
    expect(() => generateItem({ slot: 1, rarity: 0, level: 1 }, createRng(1))).toThrow();
  });
});

describe("item names", () => {
  const fields = { id: 0, level: 10, rarity: Rarity.Rare, infusions: 0 } as const;
  it("takes the prefix of the best secondary roll", () => {
    const staff = assembleItem(
      { ...fields, slot: 1, element: Element.Fire },
      { 8: 0.99, 40: 0.9, 43: 0.2, 41: 0.5 },
    );
    expect(staff.name).toBe("Raging Staff of Embers");
    const pick = assembleItem(
      { ...fields, slot: 1, skill: ActionType.Mining },
      { 30: 1, 33: 0.7, 124: 0.6 },
    );
    expect(pick.name).toBe("Methodical Pickaxe");
    const robe = assembleItem(
      { ...fields, slot: 2, skill: ActionType.Fishing },
      { 34: 0.1, 124: 0.8 },
    );
    expect(robe.name).toBe("Specialized Angler's Robe");
    expect(assembleItem({ ...fields, slot: 8 }, { 40: 0.5 }).name).toBe("Ring");
  });
});

describe("rarity table", () => {
  it("sums to 1000 and shifts modestly with the drop boost", () => {
    const base = rarityWeights({});
    expect(base.map((w) => w.weight)).toEqual([600, 250, 100, 40, 10]);
    const boosted = rarityWeights({ 102: 100 });
    expect(boosted.reduce((s, w) => s + w.weight, 0)).toBeCloseTo(1000, 9);
    expect(boosted[4]!.weight).toBeCloseTo(12.5, 9);
    expect(boosted[0]!.weight).toBeCloseTo(500, 9);
    expect(rarityWeights({ 69: 50 })).toEqual(boosted);
    expect(rarityWeights({ 102: 100_000 })[0]!.weight).toBe(0);
  });

  it("rolls rarities at the table's frequencies", () => {
    const rng = createRng(11);
    const counts = [0, 0, 0, 0, 0, 0, 0, 0];
    const n = 200_000;
    for (let i = 0; i < n; i++) counts[rollRarity({}, rng)]!++;
    expect(counts[1]! / n).toBeCloseTo(0.6, 2);
    expect(counts[2]! / n).toBeCloseTo(0.25, 2);
    expect(counts[3]! / n).toBeCloseTo(0.1, 2);
    expect(counts[4]! / n).toBeCloseTo(0.04, 2);
    expect(counts[5]! / n).toBeCloseTo(0.01, 2);
    expect(counts[0]! + counts[6]! + counts[7]!).toBe(0);
  });
});

describe("rollItemDrop", () => {
  function dropRate(boosts: Record<number, number>, n: number, worldRate?: number): number {
    const rng = createRng(5);
    let drops = 0;
    for (let i = 0; i < n; i++) {
      const ctx = { source: "battle", level: 10, boosts, rng } as const;
      const drop = rollItemDrop(worldRate === undefined ? ctx : { ...ctx, worldRate });
      if (drop !== null) drops++;
    }
    return drops / n;
  }

  it("scales with the world's drop rate, and 0 turns drops off", () => {
    const tenfold = dropRate({}, 100_000, 10);
    expect(tenfold).toBeGreaterThan(0.045);
    expect(tenfold).toBeLessThan(0.055);
    expect(dropRate({}, 20_000, 0)).toBe(0);
  });

  it("drops about one item per 200 actions, more with drop boost", () => {
    expect(ITEM_DROP_CHANCE).toBe(1 / 200);
    const base = dropRate({}, 200_000);
    expect(base).toBeGreaterThan(0.0045);
    expect(base).toBeLessThan(0.0055);
    const doubled = dropRate({ 102: 100 }, 200_000);
    expect(doubled).toBeGreaterThan(0.009);
    expect(doubled).toBeLessThan(0.011);
  });

  it("makes items of the source's level without an id", () => {
    const rng = createRng(2);
    let battle = null;
    while (battle === null) {
      battle = rollItemDrop({
        source: "battle",
        level: 77,
        boosts: {},
        rng,
        element: Element.Water,
      });
    }
    expect(battle.level).toBe(77);
    expect("id" in battle).toBe(false);
    expect(battle.skill).toBeUndefined();
    if (battle.slot === 1) expect(battle.element).toBe(Element.Water);
    let gather = null;
    while (gather === null) {
      gather = rollItemDrop({
        source: "gathering",
        level: 12,
        skill: ActionType.Fishing,
        boosts: {},
        rng,
      });
    }
    expect(gather.level).toBe(12);
    expect(gather.skill).toBe(ActionType.Fishing);
    expect(gather.element).toBeUndefined();
  });

  it("needs the skill for gathering drops and is deterministic", () => {
    expect(() =>
      rollItemDrop({ source: "gathering", level: 1, boosts: {}, rng: createRng(1) }),
    ).toThrow();
    const run = () => {
      const rng = createRng(99);
      const out = [];
      for (let i = 0; i < 2000; i++)
        out.push(rollItemDrop({ source: "battle", level: 3, boosts: {}, rng }));
      return out.filter((x) => x !== null);
    };
    expect(run()).toEqual(run());
    expect(run().length).toBeGreaterThan(0);
  });
});
