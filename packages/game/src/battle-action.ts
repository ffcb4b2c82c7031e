/** One whole battle action: stats, battle and rewards in one call (convenience for the server). */
import { type BattleOutcome, createBattleOutcome, resolveBattle } from "./battle";
import { type BattleRewards, battleRewards } from "./drops";
import { type Enemy, enemyFor } from "./enemies";
import type { Element } from "./enums";
import type { GuildEffects } from "./guilds";
import type { PetCombatBonuses } from "./pets";
import type { Rng } from "./rng";
import { type CombatStats, deriveCombatStats } from "./stats";

export interface BattleActionInput {
  /** Battle level. */
  readonly level: number;
  /** The player's TOTAL boosts. */
  readonly boosts: Readonly<Record<number, number>>;
  readonly zone: number;
  readonly enemy: number;
  readonly magicType: Element;
  readonly rng: Rng;
  readonly staffElement?: Element;
  readonly pets?: PetCombatBonuses;
  /** Precomputed stats to skip deriveCombatStats (must match level/boosts/magicType). */
  readonly stats?: CombatStats;
  /** Outcome object to reuse. */
  readonly out?: BattleOutcome;
  /** The member's guild effects (spell cost, experience, shards, drops). */
  readonly guild?: Readonly<GuildEffects>;
}

export interface BattleActionResult extends BattleRewards {
  readonly enemy: Enemy;
  readonly outcome: BattleOutcome;
}

/** Resolves a battle action; throws RangeError for an invalid zone/enemy. */
export function resolveBattleAction(input: BattleActionInput): BattleActionResult {
  const enemy = enemyFor(input.zone, input.enemy);
  const stats =
    input.stats ??
    deriveCombatStats({
      level: input.level,
      boosts: input.boosts,
      magicType: input.magicType,
      ...(input.staffElement === undefined ? {} : { staffElement: input.staffElement }),
      ...(input.pets === undefined ? {} : { pets: input.pets }),
      ...(input.guild === undefined ? {} : { spellCostFactor: input.guild.spellCost }),
    });
  const outcome = resolveBattle(
    stats,
    enemy,
    input.magicType,
    input.rng,
    input.out ?? createBattleOutcome(),
  );
  const rewards = battleRewards(outcome, enemy, input.boosts, input.rng, input.guild);
  return { enemy, outcome, ...rewards };
}
