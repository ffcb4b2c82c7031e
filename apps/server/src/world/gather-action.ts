import {
  ActionType,
  GATHER_XP_BASE,
  type GatherActionType,
  levelFromExperience,
  type Rng,
  resolveGather,
  rollItemDrop,
} from "@manaspire/game";
import type { GatherResult, PlayerPatch } from "@manaspire/protocol";
import { type ActionReport, NO_ITEMS } from "./battle-action";
import { type GuildTaxRule, taxLoot } from "./guild-tax";
import type { LoadedPlayer } from "./loaded-player";
import { grantLoot } from "./loot";
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
  const outcome = resolveGather({
    action,
    level: levelBefore,
    boosts,
    rng,
    guild: p.guild?.effects,
    sums,
  });
  const drop = rollItemDrop({
    source: "gathering",
    level: levelBefore,
    skill: action,
    boosts,
    rng,
    worldRate: itemDropRate,
    dropMultiplier: sums.dropMultiplier,
  });
  p[xpField] += outcome.experience;
  p.gatherQuestProgress++;
  const tracker: GatherTracker = [];
  const { kept, taxed } = taxLoot(p, outcome.loot, tax);
  // Nobody watching: no update patch is sent, so it is not built (see battleAction).
  const lootTotals = grantLoot(p, kept, now, tracker, detailed);
  const levelAfter = levelFromExperience(GATHER_XP_BASE, p[xpField]);
  const levelUp =
    levelAfter > levelBefore ? { skill: SKILL_NAME[action], level: levelAfter } : undefined;
  if (!detailed) return { result: undefined, patch: {}, tracker, levelUp, drop, items: NO_ITEMS };

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

type GatherTracker = Parameters<typeof grantLoot>[3];

const SKILL_NAME = {
  [ActionType.Mining]: "Mining",
  [ActionType.Fishing]: "Fishing",
  [ActionType.Woodcutting]: "Woodcutting",
} as const;
