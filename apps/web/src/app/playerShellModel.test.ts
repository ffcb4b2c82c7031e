import { ActionType, deriveCombatStats, Element, LootId, Zone } from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { questOf, toShellModel } from "./playerShellModel";
import { isQuestComplete } from "./shellModel";

function makePlayer(overrides: Partial<PlayerState> = {}): PlayerState {
  return {
    id: 7,
    name: "Morgana",
    guest: false,
    battle: { level: 12, experience: 3400, experienceToLevel: 130_000 },
    mining: { level: 5, experience: 100, experienceToLevel: 60_000 },
    fishing: { level: 3, experience: 20, experienceToLevel: 40_000 },
    woodcutting: { level: 4, experience: 50, experienceToLevel: 50_000 },
    zone: Zone.SmolderingMarsh,
    enemy: 14,
    enemyName: "Bog Wraith",
    magicType: Element.Water,
    actionType: ActionType.Battle,
    actions: 640,
    maxActions: 1005,
    kills: 900,
    deaths: 3,
    battleQuestProgress: 120,
    battleQuestRequired: 300,
    battleQuestCompleted: 4,
    gatherQuestProgress: 300,
    gatherQuestRequired: 300,
    gatherQuestCompleted: 1000,
    currentEnemyKills: 10,
    currentEnemyDeaths: 0,
    boosts: { 3: 5 },
    totalBoosts: { 3: 5, 4: 2, 5: 1, 6: 3, 7: 4, 11: 12 },
    loot: {
      [LootId.ManaDust]: -250,
      [LootId.ElementalShards]: 42,
      [LootId.Codex]: 2,
      [LootId.BoundCodex]: 9,
      [LootId.Fish]: 11,
      [LootId.Wood]: 22,
      [LootId.Iron]: 33,
    },
    taxes: {},
    referrerRewards: {},
    verified: true,
    totalSpellpower: 1234.5,
    totalWard: 678.9,
    sigilBoost: 0,
    title: "",
    titleColor: "",
    hasQoL: false,
    qolEnd: 0,
    preferences: {
      autoJoinElementalRift: true,
      autoSiphonRiftOfPower: 0,
      autoDisenchant: 0,
      blockEnchants: false,
      autoCollectFarm: false,
    },
    dungeonIdleTicks: 0,
    dungeonIdleSize: 0,
    dungeonsCompleted: 0,
    dungeonInProgress: false,
    dungeonActivePreset: "",
    dungeonPresets: [],
    unlockedSkins: [],
    role: 0,
    activeSigil: 0,
    ...overrides,
  };
}

describe("toShellModel", () => {
  const player = makePlayer();
  const model = toShellModel(player, { online: 12, active: 7 });

  it("copies identity, counts, zone and action", () => {
    expect(model.playerName).toBe("Morgana");
    expect(model.onlineCount).toBe(12);
    expect(model.activeCount).toBe(7);
    expect(model.zone).toBe(Zone.SmolderingMarsh);
    expect(model.actionType).toBe(ActionType.Battle);
    expect(model.eventBanner).toBeNull();
    expect(model.actions).toBe(640);
    expect(model.maxActions).toBe(1005);
  });

  it("maps the four skills", () => {
    expect(model.skills.battle).toEqual({
      level: 12,
      experience: 3400,
      experienceToLevel: 130_000,
    });
    expect(model.skills.mining.level).toBe(5);
    expect(model.skills.fishing.level).toBe(3);
    expect(model.skills.woodcutting.level).toBe(4);
  });

  it("reads currencies from the loot map, codex split into tradeable and bound", () => {
    expect(model.manaDust).toBe(-250);
    expect(model.elementalShards).toBe(42);
    expect(model.codex).toEqual({ tradeable: 2, bound: 9 });
  });

  it("reads fish, wood and iron with the matching gathering skill", () => {
    expect(model.resources.fish).toEqual({ amount: 11, ...player.fishing });
    expect(model.resources.wood).toEqual({ amount: 22, ...player.woodcutting });
    expect(model.resources.iron).toEqual({ amount: 33, ...player.mining });
  });

  it("shows the effective battle stats the rules derive from the total boosts", () => {
    const stats = deriveCombatStats({
      level: 12,
      boosts: player.totalBoosts,
      magicType: Element.Water,
    });
    expect(model.battleStats).toEqual({
      intellect: stats.intellect,
      stamina: stats.stamina,
      spirit: stats.spirit,
      focus: stats.focus,
      mana: stats.mana,
      magicType: Element.Water,
      mastery: 12,
      totalSpellpower: 1234.5,
      totalWard: 678.9,
    });
    // Base 10 plus boosts 3-7 (intellect, stamina, focus, spirit, mana).
    expect(model.battleStats.intellect).toBe(15);
    expect(model.battleStats.stamina).toBe(12);
    expect(model.battleStats.focus).toBe(11);
    expect(model.battleStats.spirit).toBe(13);
    expect(model.battleStats.mana).toBe(14);
  });

  it("treats missing loot as 0", () => {
    const empty = toShellModel(makePlayer({ loot: {} }), { online: 0, active: 0 });
    expect(empty.manaDust).toBe(0);
    expect(empty.codex).toEqual({ tradeable: 0, bound: 0 });
    expect(empty.resources.iron.amount).toBe(0);
  });
});

describe("questOf", () => {
  it("uses the battle quest for None and Battle", () => {
    expect(questOf(makePlayer({ actionType: ActionType.Battle }))).toEqual({
      progress: 120,
      required: 300,
      completed: 4,
    });
    expect(questOf(makePlayer({ actionType: ActionType.None })).progress).toBe(120);
  });

  it("uses the gather quest while gathering", () => {
    for (const actionType of [ActionType.Mining, ActionType.Fishing, ActionType.Woodcutting]) {
      const quest = questOf(makePlayer({ actionType }));
      expect(quest).toEqual({ progress: 300, required: 300, completed: 1000 });
      expect(isQuestComplete(quest)).toBe(true);
    }
  });
});
