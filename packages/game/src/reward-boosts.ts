/**
 * The boost sums that every action's rewards read, summed once per boosts map. A player's
 * total boosts change seldom (gear, research, pets, potions), while each action read about a
 * dozen of them from the map, each a cache miss in a world of thousands of players. The server
 * keeps one per player beside its total boosts (apps/server/src/world/player-view.ts).
 * Every field is the same expression the reward formulas wrote inline, evaluated in the same
 * order, so rewards are the same to the last bit (docs/game-rules.md "Battle rewards").
 */
import { boostValue } from "./boosts";
import { questRequired } from "./quests";

export interface RewardBoosts {
  /** Battle experience percent: base experience (100) + battle experience (120) + 2 × 66. */
  readonly battleXpPercent: number;
  /** Mana dust percent: base mana dust (101) + mana dust (121) + 2 × 68. */
  readonly dustPercent: number;
  /** Elemental shard percent (122). */
  readonly shardPercent: number;
  /** The rare-drop multiplier, dropChanceMultiplier (drops.ts). */
  readonly dropMultiplier: number;
  /** Extra stat-drop rolls: max(0, multistat (103) + 2 × growth (70)) / 100. */
  readonly multistat: number;
  /** Amount of each stat drop before rounding: max(0, 1 + stat drop (123) / 100). */
  readonly statDropAmount: number;
  /** questRequired of the battle and the gather quest (Quest Boost, 107). */
  readonly battleQuestRequired: number;
  readonly gatherQuestRequired: number;
}

/** The reward sums of a boosts map (missing boosts count 0). */
export function rewardBoosts(b: Readonly<Record<number, number>>): RewardBoosts {
  return {
    battleXpPercent: boostValue(b, 100) + boostValue(b, 120) + 2 * boostValue(b, 66),
    dustPercent: boostValue(b, 101) + boostValue(b, 121) + 2 * boostValue(b, 68),
    shardPercent: boostValue(b, 122),
    dropMultiplier: Math.max(0, 1 + (boostValue(b, 102) + 2 * boostValue(b, 69)) / 100),
    multistat: Math.max(0, boostValue(b, 103) + 2 * boostValue(b, 70)) / 100,
    statDropAmount: Math.max(0, 1 + boostValue(b, 123) / 100),
    battleQuestRequired: questRequired("battle", b),
    gatherQuestRequired: questRequired("gather", b),
  };
}
