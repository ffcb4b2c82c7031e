import { describe, expect, it } from "vitest";
import {
  buildReport,
  findImbalances,
  type LootSummary,
  type PriceSeries,
  type ProfileSeries,
  reportHtml,
  reportText,
  runWorld,
} from "../src";

function loot(over: Partial<LootSummary>): LootSummary {
  return {
    lootId: 1,
    name: "Mana Dust",
    sources: {},
    sinks: {},
    created: 100,
    destroyed: 90,
    supply: [1, 2, 3],
    growth: 0,
    inflationDays: 0,
    ...over,
  };
}

function profile(id: string, power: number, wealth: number): ProfileSeries {
  return {
    profile: id as ProfileSeries["profile"],
    label: id,
    accounts: 1,
    power: [power],
    wealth: [wealth],
    battleLevel: [0],
    gatherLevel: [0],
    milestones: {},
  };
}

describe("findImbalances", () => {
  it("flags a dominant profile, inflation, a resource with no sink and an unsettled price", () => {
    const f = findImbalances(
      [
        loot({ name: "Orb", created: 50, destroyed: 0 }),
        loot({ name: "Shards", inflationDays: 3 }),
        loot({ name: "Dust", inflationDays: 2 }),
      ],
      [
        {
          lootId: 3,
          name: "Codex",
          price: [100, 110, 121, 133],
          volume: [1, 1, 1, 1],
        } as PriceSeries,
        {
          lootId: 7,
          name: "Fish",
          price: [100, 101, 100, 101],
          volume: [1, 1, 1, 1],
        } as PriceSeries,
      ],
      [profile("battle", 500, 10), profile("casual", 100, 10), profile("farmer", 120, 10)],
    );
    expect(f.map((x) => x.kind)).toEqual(["profile", "no sink", "inflation", "price"]);
    expect(f[0]!.text).toContain("battle ends with power 500, 4.5× the median");
    expect(f[3]!.text).toContain("Codex: price does not settle");
  });

  it("finds nothing in a balanced world", () => {
    expect(findImbalances([loot({})], [], [profile("a", 10, 10), profile("b", 11, 10)])).toEqual(
      [],
    );
  });
});

describe("buildReport", () => {
  it("reports every section for a small world", () => {
    const w = runWorld({ accounts: 20, days: 2, seed: 3 });
    const r = buildReport(w);
    const text = reportText(w, r);
    for (const h of [
      "Currencies and resources",
      "Market",
      "Levels",
      "Profiles",
      "milestones",
      "Events",
      "Imbalances",
    ]) {
      expect(text).toContain(h);
    }
    expect(r.profiles.length).toBe(9);
    expect(r.events.map((e) => e.name)).toEqual(["Elemental Rift", "Rift of Power"]);
    expect(r.events[0]!.pointsEach).toBeGreaterThan(0);
    expect(text).toContain("Epic or better were kept");
    const html = reportHtml(w, r, text, "header line");
    expect(html).toContain("header line");
    expect(html).toMatch(/Chart\.js v4/);
    expect(html).toContain('<canvas id="power">');
    expect(html).toContain("<th>loot</th>");
    expect(r.levels.battle).toHaveLength(2);
    const dust = r.loot.find((l) => l.lootId === 1)!;
    expect(dust.sources.battle).toBeGreaterThan(0);
    expect(Object.keys(dust.sinks).some((k) => k.startsWith("research"))).toBe(true);
  });
});
