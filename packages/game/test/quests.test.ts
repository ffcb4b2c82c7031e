import { describe, expect, it } from "vitest";
import {
  ActionType,
  isQuestComplete,
  LootId,
  QUEST_REQUIRED,
  questKind,
  questProgressFor,
  questRequired,
  questReward,
} from "../src/index";

describe("quests", () => {
  it("is battle-type for Battle and None, gather-type otherwise", () => {
    expect(questKind(ActionType.None)).toBe("battle");
    expect(questKind(ActionType.Battle)).toBe("battle");
    expect(questKind(ActionType.Mining)).toBe("gather");
    expect(questKind(ActionType.Fishing)).toBe("gather");
    expect(questKind(ActionType.Woodcutting)).toBe("gather");
  });

  it("completes when progress reaches the required count", () => {
    expect(isQuestComplete(QUEST_REQUIRED.battle - 1, QUEST_REQUIRED.battle)).toBe(false);
    expect(isQuestComplete(QUEST_REQUIRED.battle, QUEST_REQUIRED.battle)).toBe(true);
    expect(isQuestComplete(QUEST_REQUIRED.battle + 5, QUEST_REQUIRED.battle)).toBe(true);
  });

  it("rewards Bound Codex below 1000 completed quests and Codex from 1000", () => {
    expect(questReward(0)).toEqual({ lootId: LootId.BoundCodex, amount: 1 });
    expect(questReward(999)).toEqual({ lootId: LootId.BoundCodex, amount: 1 });
    expect(questReward(1000)).toEqual({ lootId: LootId.Codex, amount: 1 });
    expect(questReward(5000).lootId).toBe(3);
  });

  it("counts won battles and every gathering action", () => {
    expect(questProgressFor(ActionType.Battle, true)).toBe(1);
    expect(questProgressFor(ActionType.Battle, false)).toBe(0);
    expect(questProgressFor(ActionType.Mining, false)).toBe(1);
    expect(questProgressFor(ActionType.None, true)).toBe(0);
  });

  it("lowers the requirement with the quest boost", () => {
    expect(questRequired("battle")).toBe(QUEST_REQUIRED.battle);
    expect(questRequired("gather", { 107: 100 })).toBe(Math.ceil(QUEST_REQUIRED.gather / 2));
    expect(questRequired("gather", { 107: 1e9 })).toBe(1);
  });
});
