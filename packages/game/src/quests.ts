/** Battle and gather quests (spec section 4 + our design for the counts). */
import { boostValue } from "./boosts";
import { ActionType } from "./enums";
import { LootId } from "./loot";

export type QuestKind = "battle" | "gather";

/** Actions a quest needs before boosts (our design): won battles / gathering actions. */
export const QUEST_REQUIRED: Readonly<Record<QuestKind, number>> = { battle: 300, gather: 300 };

/** Completed quests from which the reward is a tradeable Codex (from the spec). */
export const CODEX_QUEST_THRESHOLD = 1000;

/** Battle-type when the action is Battle or None, otherwise gather-type (from the spec). */
export function questKind(actionType: number): QuestKind {
  return actionType === ActionType.Battle || actionType === ActionType.None ? "battle" : "gather";
}

/** Required progress with the Quest Boost (107): ceil(base / (1 + boost/100)), at least 1. */
export function questRequired(
  kind: QuestKind,
  boosts: Readonly<Record<number, number>> = {},
): number {
  const boost = Math.max(0, boostValue(boosts, 107));
  return Math.max(1, Math.ceil(QUEST_REQUIRED[kind] / (1 + boost / 100)));
}

/** Progress one action adds (our design): a won battle, or any gathering action. */
export function questProgressFor(actionType: number, won: boolean): number {
  if (actionType === ActionType.Battle) return won ? 1 : 0;
  return actionType === ActionType.Mining ||
    actionType === ActionType.Fishing ||
    actionType === ActionType.Woodcutting
    ? 1
    : 0;
}

/** Complete when progress is at least the required count (from the spec). */
export function isQuestComplete(progress: number, required: number): boolean {
  return progress >= required;
}

export interface QuestReward {
  readonly lootId: typeof LootId.Codex | typeof LootId.BoundCodex;
  readonly amount: number;
}

/**
 * Reward of completing a quest (from the spec): Codex when the completed count is 1000 or
 * more, else Bound Codex. Pass the player's completed count of that quest kind before this
 * completion (BattleQuestCompleted or GatherQuestCompleted).
 */
export function questReward(completedCount: number): QuestReward {
  return {
    lootId: completedCount >= CODEX_QUEST_THRESHOLD ? LootId.Codex : LootId.BoundCodex,
    amount: 1,
  };
}
