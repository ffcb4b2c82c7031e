import { describe, expect, it } from "vitest";
import { type GuildFloor, guildDungeonView, rewardText } from "./guildDungeonModel";

const floor = (level: number, done: number): GuildFloor => ({
  guildId: 1,
  level,
  inRun: false,
  objectives: [1, 2, 3, 4, 5].map((id) => ({
    id,
    kind: id <= 2 ? 1 : id <= 4 ? 2 : 3,
    x: id,
    y: 0,
    text: `Objective ${id}`,
    ...(id <= done ? { by: "Ann", at: 1 } : {}),
  })),
});

describe("guildDungeonView", () => {
  it("lets a player in when the DungeonLevel is at most their level (spec)", () => {
    expect(guildDungeonView(floor(3, 0), 3).refusal).toBeNull();
    expect(guildDungeonView(floor(4, 0), 3).refusal).toBe(
      "Your guild's dungeon is at level 4: you need battle level 4 to enter.",
    );
  });

  it("counts the objectives done", () => {
    expect(guildDungeonView(floor(1, 2), 9)).toMatchObject({ level: 1, done: 2, total: 5 });
  });

  it("tells the contributors' reward of the floor", () => {
    expect(rewardText(1)).toBe(
      "25 Dungeon Points, 10 Guild Battle XP and a 10% chance of an Orb of Perfection",
    );
    expect(rewardText(6)).toBe(
      "50 Dungeon Points, 60 Guild Battle XP and a 20% chance of an Orb of Perfection",
    );
  });
});
