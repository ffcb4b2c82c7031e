import { describe, expect, it } from "vitest";
import {
  ActionType,
  baseBattleExperience,
  baseGatherExperience,
  battleRewards,
  deriveCombatStats,
  Element,
  enemyFor,
  expectedResourceAmount,
  GUILD_XP_BASE,
  GuildUpgrade,
  guildEffects,
  guildMaxActionsPercent,
  guildXpFromBattle,
  LootId,
  levelFromExperience,
  maxActions,
  NO_GUILD_EFFECTS,
  RARE_DROPS,
  type Rng,
  resolveGather,
  sameGuildEffects,
  Zone,
} from "../src/index";

/** An rng that returns the given values in order, then `rest`. */
function scripted(values: number[], rest = 0.999): Rng {
  let i = 0;
  const next = () => (i < values.length ? (values[i++] as number) : rest);
  return { next, int: (n) => Math.floor(next() * n), chance: (p) => next() < p };
}

const won = { won: true };
const enemy = enemyFor(Zone.RadiantGrove, 1);

describe("guild effects in play (spec 001 section 9)", () => {
  it("Study adds 1% a level to the base experience percent of battle", () => {
    const plain = battleRewards(won, enemy, { 100: 10 }, scripted([]));
    const study = battleRewards(
      won,
      enemy,
      { 100: 10 },
      scripted([]),
      guildEffects({ [GuildUpgrade.Study]: 5 }, 0),
    );
    expect(plain.experience).toBe(Math.floor(baseBattleExperience(1) * 1.1));
    expect(study.experience).toBe(Math.floor(baseBattleExperience(1) * 1.15));
  });

  it("Study raises gathering experience too (base experience is every skill's)", () => {
    const input = { action: ActionType.Mining, level: 10, boosts: {} } as const;
    const plain = resolveGather({ ...input, rng: scripted([]) });
    const study = resolveGather({
      ...input,
      rng: scripted([]),
      guild: guildEffects({ [GuildUpgrade.Study]: 20 }, 0),
    });
    expect(plain.experience).toBe(Math.floor(baseGatherExperience(10)));
    expect(study.experience).toBe(Math.floor(baseGatherExperience(10) * 1.2));
  });

  it("Nexus Crystal adds 1% a level to the elemental shard boost", () => {
    const level40 = { ...enemy, level: 40 };
    // First roll: the shard drop happens; 3 shards × (1 + 50% + 50%) = 6 exactly.
    const shards = (guild = NO_GUILD_EFFECTS) =>
      battleRewards(won, level40, { 122: 50 }, scripted([0]), guild).loot[LootId.ElementalShards];
    expect(shards()).toBe(4); // 3 × 1.5 = 4.5, rounded down by the roll 0.999
    expect(shards(guildEffects({ [GuildUpgrade.NexusCrystal]: 50 }, 0))).toBe(6);
  });

  it("the guild level widens orb, formula and elementium chances, not the others", () => {
    // Stack the rare-drop table up to the formula entry; aim half a formula width past it.
    let before = 0;
    for (const d of RARE_DROPS) {
      if (d.kind === "formula") break;
      before += d.chance;
    }
    const formula = RARE_DROPS.find((d) => d.kind === "formula")?.chance ?? 0;
    const roll = before + 1.5 * formula;
    const drop = (level: number) =>
      battleRewards(won, enemy, {}, scripted([0.999, 0.999, roll]), guildEffects({}, level)).loot;
    // Without a guild level the roll lands on the next entry (Orb of Power); at guild level
    // 200 (+100%) the formula entry is twice as wide and takes it.
    expect(drop(0)[LootId.OrbOfPower]).toBe(1);
    const leveled = drop(200);
    expect(leveled[LootId.OrbOfPower]).toBeUndefined();
    expect(Object.keys(leveled).some((k) => Number(k) >= 17 && Number(k) <= 28)).toBe(true);
    // A codex (not raised) stays where it was.
    const codexRoll = RARE_DROPS[0]!.chance / 2;
    const codex = battleRewards(won, enemy, {}, scripted([0.999, 0.999, codexRoll]));
    expect(codex.loot[LootId.Codex]).toBe(1);
  });

  it("the guild level adds 0.5% a level to gathered resources", () => {
    const plain = expectedResourceAmount(ActionType.Fishing, 100, {});
    expect(expectedResourceAmount(ActionType.Fishing, 100, {}, 0.1)).toBeCloseTo(plain * 1.1);
    const e = guildEffects({}, 20);
    expect(e.dropBoost).toBeCloseTo(0.1);
    // 4 fish × 1.1 = 4.4: the roll 0.5 keeps 4, 0.3 gives 5.
    const fish = (rng: Rng) =>
      resolveGather({ action: ActionType.Fishing, level: 100, boosts: {}, rng, guild: e }).loot[
        LootId.Fish
      ];
    expect(fish(scripted([0.3]))).toBe(5);
    expect(fish(scripted([0.5]))).toBe(4);
  });

  it("Mana Conduit multiplies the spell cost by 0.96 a level", () => {
    const base = deriveCombatStats({ level: 50, boosts: { 3: 40 }, magicType: Element.Fire });
    const conduit = guildEffects({ [GuildUpgrade.ManaConduit]: 3 }, 0);
    const cheap = deriveCombatStats({
      level: 50,
      boosts: { 3: 40 },
      magicType: Element.Fire,
      spellCostFactor: conduit.spellCost,
    });
    expect(cheap.spellCost).toBeCloseTo(base.spellCost * 0.96 ** 3);
    expect(cheap.totalSpellpower).toBe(base.totalSpellpower);
    // A forged factor never raises the cost nor makes it negative.
    const odd = (f: number) =>
      deriveCombatStats({ level: 50, boosts: {}, magicType: 1, spellCostFactor: f }).spellCost;
    expect(odd(5)).toBe(odd(1));
    expect(odd(-1)).toBe(0);
    expect(odd(Number.NaN)).toBe(odd(1));
  });

  it("Sleeping Quarters adds 1% a level to max actions, exactly", () => {
    for (let level = 0; level <= 100; level++) {
      const e = guildEffects({ [GuildUpgrade.SleepingQuarters]: level }, 0);
      expect(guildMaxActionsPercent(e)).toBe(level);
      expect(maxActions({}, guildMaxActionsPercent(e))).toBe(1000 + 10 * level);
    }
    expect(maxActions({ 105: 10 }, 7)).toBe(Math.floor((1050 * 107) / 100));
  });

  it("compares effects field by field", () => {
    const a = guildEffects({ 3: 1 }, 2);
    expect(sameGuildEffects(a, guildEffects({ 3: 1 }, 2))).toBe(true);
    expect(sameGuildEffects(a, guildEffects({ 3: 1 }, 3))).toBe(false);
    expect(sameGuildEffects(NO_GUILD_EFFECTS, guildEffects({}, 0))).toBe(true);
  });
});

describe("guild experience (design)", () => {
  it("is 1% of the member's battle experience; nothing from nonsense", () => {
    expect(guildXpFromBattle(12_345)).toBeCloseTo(123.45);
    for (const bad of [0, -5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(guildXpFromBattle(bad)).toBe(0);
    }
  });
  it("level n needs 100,000·n(n+1)/2", () => {
    expect(levelFromExperience(GUILD_XP_BASE, 99_999)).toBe(0);
    expect(levelFromExperience(GUILD_XP_BASE, 100_000)).toBe(1);
    expect(levelFromExperience(GUILD_XP_BASE, 300_000)).toBe(2);
    expect(levelFromExperience(GUILD_XP_BASE, 5_500_000)).toBe(10);
  });
});
