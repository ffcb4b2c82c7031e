import { describe, expect, it } from "vitest";
import {
  ActionType,
  baseBattleExperience,
  baseManaDust,
  battleRewards,
  createRng,
  dropChanceMultiplier,
  enemyFor,
  expectedResourceAmount,
  type GatherActionType,
  gatherBoosts,
  LootId,
  NO_GUILD_EFFECTS,
  questRequired,
  resolveGather,
  rewardBoosts,
  rollItemDrop,
  Zone,
} from "../src/index";

/** Boost maps with every id the sums read, fractional values, and some ids missing. */
function boostMaps(): Record<number, number>[] {
  const rng = createRng(41);
  const ids = [66, 67, 68, 69, 70, 30, 31, 32, 33, 34, 35, 100, 101, 102, 103, 106, 107, 120];
  const more = [121, 122, 123, 124];
  return Array.from({ length: 60 }, (_, k) => {
    const map: Record<number, number> = {};
    for (const id of [...ids, ...more]) {
      if (rng.next() < 0.7) map[id] = Math.round(rng.next() * 4000) / 7 - (k % 9 === 0 ? 50 : 0);
    }
    return map;
  });
}

const GATHER: GatherActionType[] = [ActionType.Mining, ActionType.Fishing, ActionType.Woodcutting];
const guild = { ...NO_GUILD_EFFECTS, baseXp: 0.15, shardBoost: 0.1, dropBoost: 0.05 };

describe("reward sums kept beside a player's boosts", () => {
  it("hold the battle formulas' sums (docs/game-rules.md), to the last bit", () => {
    const v = (b: Record<number, number>, id: number) => b[id] ?? 0;
    for (const b of boostMaps()) {
      expect(rewardBoosts(b)).toEqual({
        battleXpPercent: v(b, 100) + v(b, 120) + 2 * v(b, 66),
        dustPercent: v(b, 101) + v(b, 121) + 2 * v(b, 68),
        shardPercent: v(b, 122),
        dropMultiplier: dropChanceMultiplier(b),
        multistat: Math.max(0, v(b, 103) + 2 * v(b, 70)) / 100,
        statDropAmount: Math.max(0, 1 + v(b, 123) / 100),
        battleQuestRequired: questRequired("battle", b),
        gatherQuestRequired: questRequired("gather", b),
      });
    }
  });

  it("give a battle's experience and dust as the formulas do", () => {
    const v = (b: Record<number, number>, id: number) => b[id] ?? 0;
    const enemy = enemyFor(Zone.SmolderingMarsh, 40);
    for (const boosts of boostMaps()) {
      const sums = rewardBoosts(boosts);
      const rng = createRng(7);
      const r = battleRewards({ won: true }, enemy, boosts, rng, guild, sums);
      const xp = 1 + (v(boosts, 100) + v(boosts, 120) + 2 * v(boosts, 66)) / 100 + guild.baseXp;
      expect(r.experience).toBe(Math.floor(baseBattleExperience(enemy.level) * Math.max(0, xp)));
      const dust = 1 + (v(boosts, 101) + v(boosts, 121) + 2 * v(boosts, 68)) / 100;
      expect(r.loot[LootId.ManaDust] ?? 0).toBe(
        Math.floor(baseManaDust(enemy.level) * Math.max(0, dust)),
      );
    }
  });

  it("give an item drop's chance and item unchanged", () => {
    for (const boosts of boostMaps()) {
      const { dropMultiplier } = rewardBoosts(boosts);
      expect(gatherBoosts(boosts).dropMultiplier).toBe(dropMultiplier);
      const a = createRng(3);
      const b = createRng(3);
      for (let i = 0; i < 200; i++) {
        const ctx = { source: "battle", level: 30, boosts, worldRate: 40 } as const;
        expect(rollItemDrop({ ...ctx, rng: a, dropMultiplier })).toEqual(
          rollItemDrop({ ...ctx, rng: b }),
        );
      }
    }
  });

  it("give gathering's resources, experience and drops to the last bit", () => {
    for (const boosts of boostMaps()) {
      const sums = gatherBoosts(boosts);
      for (const action of GATHER) {
        for (const level of [1, 37, 250]) {
          expect(expectedResourceAmount(action, level, boosts, 0.04, sums)).toBe(
            expectedResourceAmount(action, level, boosts, 0.04),
          );
        }
        const a = createRng(11);
        const b = createRng(11);
        for (let i = 0; i < 100; i++) {
          expect(resolveGather({ action, level: i, boosts, rng: a, guild, sums })).toEqual(
            resolveGather({ action, level: i, boosts, rng: b, guild }),
          );
        }
      }
    }
  });

  it("hold the quests' required progress", () => {
    for (const boosts of boostMaps()) {
      const sums = rewardBoosts(boosts);
      expect(sums.battleQuestRequired).toBe(questRequired("battle", boosts));
      expect(sums.gatherQuestRequired).toBe(questRequired("gather", boosts));
    }
  });

  it("count a missing boost as 0", () => {
    expect(rewardBoosts({})).toEqual({
      battleXpPercent: 0,
      dustPercent: 0,
      shardPercent: 0,
      dropMultiplier: 1,
      multistat: 0,
      statDropAmount: 1,
      battleQuestRequired: 300,
      gatherQuestRequired: 300,
    });
    expect(gatherBoosts({ 30: 10, 67: 2, 34: 5 })).toMatchObject({
      amountPercent: [14, 4, 4],
      xpPercent: [0, 5, 0],
    });
  });
});
