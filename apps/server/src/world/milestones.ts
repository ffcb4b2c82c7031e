import { ActionType, isQuestComplete } from "@manaspire/game";
import type { LoadedPlayer } from "./loaded-player";
import { rewardSums } from "./player-view";

/**
 * Moments of an offline player's play worth a push notification, found by the world tick:
 * the quest just became complete, the actions just ran out, the idle dungeon queue or a potion
 * ran out. Each carries what names it
 * (the quest's number, the action counter), so it is sent once even if a crash replays it.
 */
export type Milestone =
  | { kind: "questComplete"; quest: "battle" | "gather"; number: number }
  | { kind: "outOfActions"; actionCounter: number }
  /** The idle dungeon queue ran out (dungeon-idle.ts); `completed` names it. */
  | { kind: "dungeonQueue"; completed: number }
  /** A potion ran out with none on the belt to follow (companions.ts); the action names it. */
  | { kind: "potionExpired"; boost: number; actionCounter: number };

/** The quest an action type works on: battle for Battle (and None), gather otherwise. */
function questOf(p: LoadedPlayer): "battle" | "gather" {
  return p.actionType === ActionType.Battle || p.actionType === ActionType.None
    ? "battle"
    : "gather";
}

/** The progress of the quest the player's action works on, before the action. */
export function questProgressOf(p: LoadedPlayer): number {
  return questOf(p) === "battle" ? p.battleQuestProgress : p.gatherQuestProgress;
}

/** Most actions reach nothing: one shared empty list, never written. */
const NONE: readonly Milestone[] = Object.freeze([]);

/** What the action that just ran reached, given the quest progress before it. */
export function milestonesAfter(p: LoadedPlayer, progressBefore: number): readonly Milestone[] {
  let out: Milestone[] | null = null;
  const quest = questOf(p);
  const progress = questProgressOf(p);
  if (progress > progressBefore) {
    const sums = rewardSums(p);
    const required = quest === "battle" ? sums.battleQuestRequired : sums.gatherQuestRequired;
    if (!isQuestComplete(progressBefore, required) && isQuestComplete(progress, required)) {
      const completed = quest === "battle" ? p.battleQuestCompleted : p.gatherQuestCompleted;
      out = [{ kind: "questComplete", quest, number: completed + 1 }];
    }
  }
  if (p.actions === 0) {
    out ??= [];
    out.push({ kind: "outOfActions", actionCounter: p.actionCounter });
  }
  return out ?? NONE;
}
