import { describe, expect, it } from "vitest";
import {
  createRng,
  GUILD_MAP_SHAPE,
  generateGuildMap,
  guildDungeonSeed,
  guildEntryError,
  guildFloorReward,
  guildKnightEnemy,
  guildObjectives,
  isKnight,
  knightEnemy,
  LootId,
  MAP_SHAPES,
  mapOfRun,
  ObjectiveKind,
  Occupant,
  objectiveAt,
  objectiveText,
  occupantOf,
  perfectionChance,
  RoomFlag,
  reachable,
  startRun,
} from "../src";

describe("guild dungeon floors", () => {
  it("are one map per guild and level, larger than a large solo dungeon", () => {
    const seed = guildDungeonSeed(7, 3);
    expect(seed).toBe(guildDungeonSeed(7, 3));
    expect(seed).not.toBe(guildDungeonSeed(7, 4));
    expect(seed).not.toBe(guildDungeonSeed(8, 3));
    const map = generateGuildMap(seed);
    expect(map).toEqual(generateGuildMap(seed));
    expect(map.side).toBe(GUILD_MAP_SHAPE.side);
    expect(map.side).toBeGreaterThan(MAP_SHAPES[3].side);
    expect(reachable(map.rooms, map.side, map.start, new Set())).toHaveLength(map.rooms.length);
  });

  it("name five objectives: two boss knights, two vaults and the exit", () => {
    for (let guildId = 1; guildId <= 30; guildId++) {
      const map = generateGuildMap(guildDungeonSeed(guildId, 1));
      const objectives = guildObjectives(map);
      expect(objectives.map((o) => o.id)).toEqual([1, 2, 3, 4, 5]);
      expect(objectives.map((o) => o.kind)).toEqual([
        ObjectiveKind.Knight,
        ObjectiveKind.Knight,
        ObjectiveKind.Vault,
        ObjectiveKind.Vault,
        ObjectiveKind.Exit,
      ]);
      expect(new Set(objectives.map((o) => o.cell)).size).toBe(5);
      for (const o of objectives) {
        const room = map.rooms[o.cell]!;
        expect(o.cell).toBe(o.y * map.side + o.x);
        if (o.kind === ObjectiveKind.Knight) expect(isKnight(occupantOf(room.flags))).toBe(true);
        if (o.kind === ObjectiveKind.Vault) {
          expect(room.flags & RoomFlag.Chest).toBeTruthy();
          expect(room.key).toBe(0);
        }
        if (o.kind === ObjectiveKind.Exit) expect(o.cell).toBe(map.exit);
      }
      // The same floor always names the same objectives (every process agrees).
      expect(guildObjectives(generateGuildMap(guildDungeonSeed(guildId, 1)))).toEqual(objectives);
    }
  });

  it("describe each objective and find it by room", () => {
    const map = generateGuildMap(guildDungeonSeed(1, 1));
    const objectives = guildObjectives(map);
    expect(objectiveText(map, objectives[0]!)).toMatch(
      /^Defeat the (Red|Blue|Green) Knight at \(\d+, \d+\)$/,
    );
    expect(objectiveText(map, objectives[2]!)).toMatch(/^Open the vault at \(\d+, \d+\)$/);
    expect(objectiveText(map, objectives[4]!)).toMatch(/^Reach the exit at \(\d+, \d+\)$/);
    expect(objectiveAt(objectives, ObjectiveKind.Vault, objectives[3]!.cell)?.id).toBe(4);
    expect(objectiveAt(objectives, ObjectiveKind.Knight, objectives[3]!.cell)).toBeUndefined();
  });

  it("are played as runs that remember their guild and regenerate the guild map", () => {
    const guild = { guildId: 5, level: 2 };
    const seed = guildDungeonSeed(5, 2);
    const { run, map } = startRun(seed, 3, false, 1000, 0, guild);
    expect(run.guild).toEqual(guild);
    expect(map).toEqual(generateGuildMap(seed));
    expect(mapOfRun(run)).toEqual(map);
    const solo = startRun(seed, 3, false, 1000, 0).run;
    expect(solo.guild).toBeUndefined();
    expect(mapOfRun(solo).side).toBe(MAP_SHAPES[3].side);
  });
});

describe("guild dungeon rules", () => {
  it("lets a player in only when the DungeonLevel is at most their level (spec)", () => {
    expect(guildEntryError(1, 1)).toBeNull();
    expect(guildEntryError(5, 9)).toBeNull();
    expect(guildEntryError(6, 5)).toBe(
      "Your guild's dungeon is at level 6: you need battle level 6 to enter.",
    );
  });

  it("scales knights by the higher of the player's level and the DungeonLevel", () => {
    const low = guildKnightEnemy(Occupant.RedKnight, 10, 1, false);
    expect(low.level).toBe(knightEnemy(Occupant.RedKnight, 10, 3).level);
    expect(guildKnightEnemy(Occupant.RedKnight, 10, 20, false).level).toBe(30);
    const boss = guildKnightEnemy(Occupant.BlueKnight, 10, 1, true);
    expect(boss.level).toBe(18);
    expect(boss.health).toBeGreaterThan(low.health);
    expect(guildKnightEnemy(Occupant.RedKnight, 10, 1, false, 5).health).toBe(5);
  });

  it("rewards a contributor with points, guild battle xp and a chance of an Orb of Perfection", () => {
    expect(perfectionChance(1)).toBeCloseTo(0.1);
    expect(perfectionChance(6)).toBeCloseTo(0.2);
    expect(perfectionChance(100)).toBe(0.5);
    const reward = guildFloorReward(3, createRng(1));
    expect(reward[LootId.DungeonPoints]).toBe(35);
    expect(reward[LootId.GuildBattleXp]).toBe(30);
    let orbs = 0;
    for (let seed = 1; seed <= 2000; seed++) {
      orbs += guildFloorReward(1, createRng(seed))[LootId.OrbOfPerfection] ?? 0;
    }
    expect(orbs / 2000).toBeGreaterThan(0.07);
    expect(orbs / 2000).toBeLessThan(0.13);
  });
});
