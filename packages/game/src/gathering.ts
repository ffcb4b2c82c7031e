/**
 * Gathering actions: mining, fishing, woodcutting (spec: base resource amount 0.03 per level;
 * the rest our design; see docs/game-rules.md "Gathering").
 */
import { boostValue } from "./boosts";
import { DropList } from "./drop-list";
import { ActionType, type GatherActionType } from "./enums";
import type { GuildEffects } from "./guilds";
import { LootId } from "./loot";
import { type Rng, stochasticRound } from "./rng";

/** Base resource amount gained per skill level (from the spec). */
export const RESOURCE_PER_LEVEL = 0.03;
/** Base resource amount per point of the Base Resource codex research (our design). */
export const BASE_RESOURCE_PER_POINT = 0.1;

export const GATHER_DROP_CHANCES = {
  /** Asbestos / fish scales / ironbark, by skill. */
  material: 1 / 20,
  /** The skill's own reagent (lodestone / white pearl / elderwood). */
  skillReagent: 1 / 500,
  /** One of the other reagents (clover, droplet, infernal heart). */
  otherReagent: 1 / 5000,
  /** One of sunpetal, sageroot, bloomwell. */
  herb: 1 / 1500,
  codex: 1 / 4000,
} as const;

interface SkillDef {
  readonly resource: LootId;
  readonly material: LootId;
  readonly reagent: LootId;
  /** Boost ids: resource amount %, experience %. */
  readonly amountBoost: number;
  readonly xpBoost: number;
}

const SKILLS: Readonly<Record<GatherActionType, SkillDef>> = {
  [ActionType.Mining]: {
    resource: LootId.Iron,
    material: LootId.Asbestos,
    reagent: LootId.Lodestone,
    amountBoost: 30,
    xpBoost: 33,
  },
  [ActionType.Fishing]: {
    resource: LootId.Fish,
    material: LootId.FishScales,
    reagent: LootId.WhitePearl,
    amountBoost: 31,
    xpBoost: 34,
  },
  [ActionType.Woodcutting]: {
    resource: LootId.Wood,
    material: LootId.Ironbark,
    reagent: LootId.Elderwood,
    amountBoost: 32,
    xpBoost: 35,
  },
};

const OTHER_REAGENTS: readonly LootId[] = [
  LootId.FourLeafClover,
  LootId.EnchantedDroplet,
  LootId.InfernalHeart,
];
const HERBS: readonly LootId[] = [LootId.Sunpetal, LootId.Sageroot, LootId.Bloomwell];

export interface GatherInput {
  readonly action: GatherActionType;
  /** The skill's level. */
  readonly level: number;
  /** The player's TOTAL boosts. */
  readonly boosts: Readonly<Record<number, number>>;
  readonly rng: Rng;
  /** The member's guild effects: Study (base experience) and the guild level (resources). */
  readonly guild?: Readonly<GuildEffects> | undefined;
  /** gatherBoosts(boosts), when the caller keeps it. */
  readonly sums?: GatherBoosts | undefined;
}

/**
 * The boost sums a gathering action reads, summed once per boosts map (as reward-boosts.ts does
 * for battles): each the expression the formulas below wrote inline, so results are unchanged.
 */
export interface GatherBoosts {
  /** Base Resource (106). */
  readonly baseResource: number;
  /** Base Resource Amount (124). */
  readonly baseResourceAmount: number;
  /** Per skill, mining first: the skill's resource amount boost + 2 × Bountiful Harvest (67). */
  readonly amountPercent: readonly number[];
  /** Per skill, mining first: base experience (100) + the skill's experience boost + 2 × 66. */
  readonly xpPercent: readonly number[];
  /** The rare-drop multiplier (drops.ts dropChanceMultiplier). */
  readonly dropMultiplier: number;
}

const GATHER_SKILLS = [ActionType.Mining, ActionType.Fishing, ActionType.Woodcutting] as const;

/** The gathering sums of a boosts map (missing boosts count 0). */
export function gatherBoosts(b: Readonly<Record<number, number>>): GatherBoosts {
  return {
    baseResource: boostValue(b, 106),
    baseResourceAmount: boostValue(b, 124),
    amountPercent: GATHER_SKILLS.map(
      (a) => boostValue(b, SKILLS[a].amountBoost) + 2 * boostValue(b, 67),
    ),
    xpPercent: GATHER_SKILLS.map(
      (a) => boostValue(b, 100) + boostValue(b, SKILLS[a].xpBoost) + 2 * boostValue(b, 66),
    ),
    dropMultiplier: Math.max(0, 1 + (boostValue(b, 102) + 2 * boostValue(b, 69)) / 100),
  };
}

export interface GatherResult {
  experience: number;
  /** loot id -> amount (only non-zero entries). */
  loot: Record<number, number>;
}

/**
 * Expected resources per action:
 * (1 + 0.03 x level + 0.1 x Base Resource + Base Resource Amount)
 *   x (1 + (skill boost + 2 x Bountiful Harvest rank) / 100) x (1 + guild level bonus).
 * `guildBonus`: the guild level's +0.5% a level, as a fraction.
 */
export function expectedResourceAmount(
  action: GatherActionType,
  level: number,
  boosts: Readonly<Record<number, number>>,
  guildBonus = 0,
  sums?: GatherBoosts,
): number {
  if (sums === undefined) {
    return resourceAmount(
      level,
      boostValue(boosts, 106),
      boostValue(boosts, 124),
      boostValue(boosts, SKILLS[action].amountBoost) + 2 * boostValue(boosts, 67),
      guildBonus,
    );
  }
  const k = action - ActionType.Mining;
  return resourceAmount(
    level,
    sums.baseResource,
    sums.baseResourceAmount,
    sums.amountPercent[k] ?? 0,
    guildBonus,
  );
}

function resourceAmount(
  level: number,
  baseResource: number,
  baseResourceAmount: number,
  amountBoost: number,
  guildBonus: number,
): number {
  const base =
    1 +
    RESOURCE_PER_LEVEL * Math.max(0, level) +
    BASE_RESOURCE_PER_POINT * baseResource +
    baseResourceAmount;
  return Math.max(0, base) * Math.max(0, 1 + amountBoost / 100) * (1 + Math.max(0, guildBonus));
}

/** Experience per gathering action before boosts (our design): (level + 150)^1.2 + 10 (level + 150). */
export function baseGatherExperience(level: number): number {
  const e = Math.max(0, level) + 150;
  return e ** 1.2 + 10 * e;
}

/** The resource loot id of a gathering action. */
export function resourceFor(action: GatherActionType): LootId {
  return SKILLS[action].resource;
}

/** One gathering action. Resources are integers (fraction rounded stochastically). */
export function resolveGather(input: GatherInput): GatherResult {
  const out = resolveGatherInto(input, { experience: 0, loot: new DropList() });
  return { experience: out.experience, loot: out.loot.toRecord() };
}

/** A gathering action's rewards as lists a caller reuses (resolveGatherInto). */
export interface GatherRewardLists {
  experience: number;
  readonly loot: DropList;
}

/**
 * resolveGather written into `out` (emptied first), the same rolls in the same order: the world
 * tick keeps one `out` and makes no new objects per action.
 */
export function resolveGatherInto(input: GatherInput, out: GatherRewardLists): GatherRewardLists {
  const { action, level, boosts, rng } = input;
  const guildDrop = input.guild?.dropBoost ?? 0;
  const guildXp = input.guild?.baseXp ?? 0;
  const skill = SKILLS[action];
  if (skill === undefined) throw new RangeError(`not a gathering action: ${action}`);
  // No closures made per action: this runs for every gathering player every tick.
  const loot = out.loot;
  loot.clear();
  loot.add(
    skill.resource,
    stochasticRound(expectedResourceAmount(action, level, boosts, guildDrop, input.sums), rng),
  );
  const xpBoost = input.sums
    ? (input.sums.xpPercent[action - ActionType.Mining] ?? 0)
    : boostValue(boosts, 100) + boostValue(boosts, skill.xpBoost) + 2 * boostValue(boosts, 66);
  const xpMult = Math.max(0, 1 + xpBoost / 100 + guildXp);
  out.experience = Math.floor(baseGatherExperience(level) * xpMult);

  const c = GATHER_DROP_CHANCES;
  const dm =
    input.sums?.dropMultiplier ??
    Math.max(0, 1 + (boostValue(boosts, 102) + 2 * boostValue(boosts, 69)) / 100);
  if (rng.next() < c.material) loot.add(skill.material, 1 + Math.floor(Math.max(0, level) / 50));
  if (rng.next() < c.skillReagent * dm) loot.add(skill.reagent, 1);
  if (rng.next() < c.otherReagent * dm) {
    loot.add(OTHER_REAGENTS[rng.int(OTHER_REAGENTS.length)]!, 1);
  }
  if (rng.next() < c.herb * dm) loot.add(HERBS[rng.int(HERBS.length)]!, 1);
  if (rng.next() < c.codex * dm) loot.add(LootId.Codex, 1);
  return out;
}
