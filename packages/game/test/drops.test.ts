import { describe, expect, it } from "vitest";
import {
  BASE_STAT_IDS,
  baseBattleExperience,
  baseManaDust,
  battleRewards,
  createRng,
  Element,
  enemyFor,
  LootId,
  resolveBattleAction,
  STAT_DROP_CHANCE,
  Zone,
} from "../src/index";

const won = { won: true };

describe("battle experience and mana dust", () => {
  it("follow the community estimates with e = level + 150", () => {
    const e = 151;
    expect(baseBattleExperience(1)).toBeCloseTo(0.0002 * e * e + e ** 1.2 + 10 * e, 9);
    expect(baseManaDust(1)).toBeCloseTo(0.0001 * e * e + e ** 1.2 + 10 * e, 9);
    expect(baseManaDust(152_000)).toBeGreaterThan(
      (0.0001 * 152_150 ** 2 + 152_150 ** 1.2 + 10 * 152_150) * 1.0099,
    );
    expect(Number.isFinite(baseManaDust(1e9))).toBe(true);
  });

  it("gives experience and dust for a win, boosted, and nothing for a loss", () => {
    const enemy = enemyFor(Zone.RadiantGrove, 1);
    const r = battleRewards(won, enemy, {}, createRng(1));
    expect(r.experience).toBe(Math.floor(baseBattleExperience(1)));
    expect(r.loot[LootId.ManaDust]).toBe(Math.floor(baseManaDust(1)));
    const boosted = battleRewards(won, enemy, { 100: 50, 120: 50, 121: 100 }, createRng(1));
    expect(boosted.experience).toBe(Math.floor(baseBattleExperience(1) * 2));
    expect(boosted.loot[LootId.ManaDust]).toBe(Math.floor(baseManaDust(1) * 2));
    const lost = battleRewards({ won: false }, enemy, {}, createRng(1));
    expect(lost).toEqual({ experience: 0, loot: {}, statDrops: {}, baseShards: 0 });
  });

  it("tells the shards dropped before boosts, the base a referrer's share counts", () => {
    const enemy = enemyFor(Zone.SmolderingMarsh, 45);
    const base = 1 + Math.floor(enemy.level / 20);
    expect(base).toBeGreaterThan(1);
    const boosts = { 122: 300 }; // +300% shards
    let dropped = 0;
    for (let seed = 0; seed < 400; seed++) {
      const r = battleRewards(won, enemy, boosts, createRng(seed));
      const shards = r.loot[LootId.ElementalShards] ?? 0;
      if (shards === 0) {
        expect(r.baseShards).toBe(0);
        continue;
      }
      dropped++;
      expect(r.baseShards).toBe(base);
      expect(shards).toBe(base * 4);
    }
    expect(dropped).toBeGreaterThan(10);
  });

  it("is deterministic for a seed", () => {
    const enemy = enemyFor(Zone.SmolderingMarsh, 40);
    for (let seed = 0; seed < 50; seed++) {
      expect(battleRewards(won, enemy, {}, createRng(seed))).toEqual(
        battleRewards(won, enemy, {}, createRng(seed)),
      );
    }
  });
});

describe("drops", () => {
  const N = 200_000;
  const tally = (boosts: Record<number, number>, zone: number = Zone.RadiantGrove, n = 1) => {
    const enemy = enemyFor(zone, n);
    const rng = createRng(2024);
    const loot: Record<number, number> = {};
    const hits: Record<number, number> = {};
    const stats: Record<number, number> = {};
    let statDropBattles = 0;
    for (let i = 0; i < N; i++) {
      const r = battleRewards(won, enemy, boosts, rng);
      for (const [k, v] of Object.entries(r.loot)) {
        loot[Number(k)] = (loot[Number(k)] ?? 0) + v;
        hits[Number(k)] = (hits[Number(k)] ?? 0) + 1;
      }
      if (Object.keys(r.statDrops).length > 0) statDropBattles++;
      for (const [k, v] of Object.entries(r.statDrops))
        stats[Number(k)] = (stats[Number(k)] ?? 0) + v;
    }
    return { loot, hits, stats, statDropBattles };
  };

  it("drops at about the designed rates", () => {
    const { hits, stats, statDropBattles } = tally({});
    expect(hits[LootId.ElementalShards]! / N).toBeCloseTo(0.1, 2);
    // RG 1 is a Fire enemy: fire essence and tomes of fire only.
    expect(hits[LootId.FireEssence]! / N).toBeCloseTo(0.05, 2);
    expect(hits[LootId.WaterEssence]).toBeUndefined();
    expect(hits[LootId.TomeOfWater]).toBeUndefined();
    expect(hits[LootId.Codex]!).toBeGreaterThan(N / 4000 / 2);
    expect(hits[LootId.Codex]!).toBeLessThan((N / 4000) * 2);
    expect(hits[LootId.Elementium]).toBeUndefined();
    expect(statDropBattles / N).toBeCloseTo(STAT_DROP_CHANCE, 2);
    expect(Object.keys(stats).map(Number).sort()).toEqual([...BASE_STAT_IDS]);
  });

  it("multiplies rare drops with the drop boost and stat drops with multistat", () => {
    const base = tally({});
    const boosted = tally({ 102: 100, 103: 100, 123: 100 });
    const rare = [13, 29, 30, 31, 32, 33, 34, 35];
    const count = (h: Record<number, number>) => rare.reduce((s, id) => s + (h[id] ?? 0), 0);
    expect(count(boosted.hits) / count(base.hits)).toBeGreaterThan(1.6);
    const sum = (s: Record<number, number>) => Object.values(s).reduce((a, b) => a + b, 0);
    // 100% multistat doubles the rolls, 100% stat drop doubles each amount.
    expect(sum(boosted.stats) / sum(base.stats)).toBeGreaterThan(3.5);
    expect(sum(boosted.stats) / sum(base.stats)).toBeLessThan(4.5);
  });

  it("drops elementium only from level 100 enemies on", () => {
    const top = tally({}, Zone.WorldshapersDomain, 2000);
    expect(top.hits[LootId.Elementium]).toBeGreaterThan(0);
    expect(top.hits[LootId.NatureEssence]).toBeGreaterThan(0); // 2000 % 3 = 2: Nature
  });
});

describe("resolveBattleAction", () => {
  it("combines stats, battle and rewards deterministically", () => {
    const input = {
      level: 1,
      boosts: {},
      zone: Zone.RadiantGrove,
      enemy: 1,
      magicType: Element.Water,
    };
    const a = resolveBattleAction({ ...input, rng: createRng(11) });
    const b = resolveBattleAction({ ...input, rng: createRng(11) });
    expect(a).toEqual(b);
    expect(a.outcome.won).toBe(true);
    expect(a.experience).toBeGreaterThan(0);
    expect(a.enemy.name).toBe(enemyFor(Zone.RadiantGrove, 1).name);
    const lost = resolveBattleAction({ ...input, enemy: 30, rng: createRng(11) });
    expect(lost.outcome.won).toBe(false);
    expect(lost.experience).toBe(0);
  });
});
