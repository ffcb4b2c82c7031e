import {
  ActionType,
  createRng,
  DropList,
  GATHER_XP_BASE,
  type GatherActionType,
  type GatherInput,
  type GatherRewardLists,
  type ItemDropContext,
  levelFromExperience,
  type Rng,
  resolveGatherInto,
  rollItemDrop,
} from "@manaspire/game";
import type { GatherResult, LootTrackerEntry, PlayerPatch } from "@manaspire/protocol";
import {
  type ActionReport,
  NO_ITEMS,
  offlineReport,
  offlineTracker,
  type Reused,
} from "./battle-action";
import type { GuildTaxRule } from "./guild-tax";
import type { LoadedPlayer } from "./loaded-player";
import { grantDrops } from "./loot";
import { gatherSums, skill, totalBoosts } from "./player-view";

/** The player's experience field of each gathering skill. */
export const XP_FIELD = {
  [ActionType.Mining]: "miningXp",
  [ActionType.Fishing]: "fishingXp",
  [ActionType.Woodcutting]: "woodcuttingXp",
} as const;

const SKILL_FIELD = {
  [ActionType.Mining]: "mining",
  [ActionType.Fishing]: "fishing",
  [ActionType.Woodcutting]: "woodcutting",
} as const;

/** Reused by every gathering action of the tick (read before the next one starts). */
const rewardLists: GatherRewardLists = { experience: 0, loot: new DropList() };
/** The roll's input and the item-drop context, filled in place (neither is kept by the game). */
const gatherInput: Reused<GatherInput> = {
  action: ActionType.Mining,
  level: 0,
  boosts: {},
  rng: createRng(0),
  guild: undefined,
  sums: undefined,
};
const gatherDrop: Reused<ItemDropContext> = {
  source: "gathering",
  level: 0,
  skill: ActionType.Mining,
  boosts: {},
  rng: createRng(0),
  worldRate: 1,
  dropMultiplier: 1,
};

/** One gathering action in the player's current gathering skill. */
export function gatherAction(
  p: LoadedPlayer,
  action: GatherActionType,
  rng: Rng,
  now: number,
  detailed: boolean,
  itemDropRate = 1,
  tax?: GuildTaxRule,
): ActionReport<GatherResult> {
  const xpField = XP_FIELD[action];
  const levelBefore = levelFromExperience(GATHER_XP_BASE, p[xpField]);
  const boosts = totalBoosts(p);
  const sums = gatherSums(p);
  const input = gatherInput;
  input.action = action;
  input.level = levelBefore;
  input.boosts = boosts;
  input.rng = rng;
  input.guild = p.guild?.effects;
  input.sums = sums;
  const outcome = resolveGatherInto(input, rewardLists);
  const ctx = gatherDrop;
  ctx.level = levelBefore;
  ctx.skill = action;
  ctx.boosts = boosts;
  ctx.rng = rng;
  ctx.worldRate = itemDropRate;
  ctx.dropMultiplier = sums.dropMultiplier;
  const drop = rollItemDrop(ctx);
  p[xpField] += outcome.experience;
  p.gatherQuestProgress++;
  const tracker: LootTrackerEntry[] = detailed ? [] : offlineTracker();
  // Nobody watching: no update patch is sent, so it is not built (see battleAction).
  const {
    totals: lootTotals,
    kept,
    taxed,
  } = grantDrops(p, outcome.loot, tax, now, tracker, detailed);
  const levelAfter = levelFromExperience(GATHER_XP_BASE, p[xpField]);
  const levelUp =
    levelAfter > levelBefore ? { skill: SKILL_NAME[action], level: levelAfter } : undefined;
  if (!detailed) return offlineReport(levelUp, drop);

  const patch: PlayerPatch = {
    [SKILL_FIELD[action]]: skill(GATHER_XP_BASE, p[xpField]),
    actions: p.actions,
    gatherQuestProgress: p.gatherQuestProgress,
    loot: lootTotals,
  };
  return {
    result: { experienceGained: outcome.experience, loot: kept, taxed, items: NO_ITEMS },
    patch,
    tracker,
    levelUp,
    drop,
    items: NO_ITEMS,
  };
}

const SKILL_NAME = {
  [ActionType.Mining]: "Mining",
  [ActionType.Fishing]: "Fishing",
  [ActionType.Woodcutting]: "Woodcutting",
} as const;
