/**
 * What active pets do outside the battle itself (spec 000 section 9, per pet level t), and the
 * effect text of each kind. Combat effects: ./combat.ts.
 */
import { PetEffect } from "../enums";

/** Pet levels by effect kind (active pets only): effect → level t. */
export type PetLevels = Readonly<Record<number, number>>;

function t(levels: PetLevels, effect: PetEffect): number {
  const v = levels[effect];
  return v !== undefined && v > 0 ? v : 0;
}

/**
 * Pet effects that are plain boosts, added to the player's total boosts: Mana Dust +t% (121),
 * Multistat +5t% (103), Mining, Fishing and Woodcutting +2t% base experience (33, 34, 35).
 */
export function petBoosts(levels: PetLevels): Record<number, number> {
  const out: Record<number, number> = {};
  const put = (id: number, v: number) => {
    if (v > 0) out[id] = v;
  };
  put(121, t(levels, PetEffect.Dust));
  put(103, 5 * t(levels, PetEffect.Multistat));
  put(33, 2 * t(levels, PetEffect.Mining));
  put(34, 2 * t(levels, PetEffect.Fishing));
  put(35, 2 * t(levels, PetEffect.Woodcutting));
  return out;
}

/** Pet effects rolled or added once per action (the server's tick applies them). */
export interface PetActionBonuses {
  /** Chance of an egg per action: 0.01t% (Egg Drop). */
  readonly eggChance: number;
  /** Chance of a random gathering drop per gathering action: 0.1t% (Foraging). */
  readonly forageChance: number;
  /** Share of a gathering action's experience also given to the other two skills: 0.5t%. */
  readonly versatility: number;
  /** Pet experience multiplier from the Pet XP pet: +5t%. */
  readonly petXp: number;
  /** Magical Accounting levels added to the guild's (taxed resources +1% each): 6t. */
  readonly colony: number;
  /** Chance per dungeon tick of an extra idle step: 10t%. */
  readonly dungeonIdle: number;
}

export function petActionBonuses(levels: PetLevels): PetActionBonuses {
  return {
    eggChance: 0.0001 * t(levels, PetEffect.EggDrop),
    forageChance: 0.001 * t(levels, PetEffect.Foraging),
    versatility: 0.005 * t(levels, PetEffect.Versatility),
    petXp: 0.05 * t(levels, PetEffect.PetXp),
    colony: 6 * t(levels, PetEffect.Tax),
    dungeonIdle: 0.1 * t(levels, PetEffect.DungeonIdle),
  };
}

const pct = (v: number): string => `${Number(v.toFixed(2)).toLocaleString("en-US")}%`;

/** The effect of a pet of this kind at level t, as a card shows it. */
export function petEffectText(effect: number, level: number): string {
  const l = Math.max(0, level);
  switch (effect) {
    case PetEffect.Resurrect:
      return `Revives you ${l} time${l === 1 ? "" : "s"} per battle.`;
    case PetEffect.Resistance:
      return `Takes ${pct(100 - 100 * 0.85 ** l)} off the damage you take.`;
    case PetEffect.Immune:
      return `Nullifies the first ${5 * l} enemy attacks.`;
    case PetEffect.Dragon:
      return `+${pct(100 * (1.2 ** l - 1))} damage.`;
    case PetEffect.Curse:
      return `Enemies start at ${pct(100 * 0.8 ** l)} of their health.`;
    case PetEffect.Snake:
      return `Poisons ${pct(0.2 * l)} of the enemy's health each round.`;
    case PetEffect.Owl:
      return `+${pct(100 * (1.2 ** l - 1))} focus.`;
    case PetEffect.Ward:
      return `+${pct(100 * (1.2 ** l - 1))} ward.`;
    case PetEffect.Haste:
      return `+${pct(100 * (1.2 ** l - 1))} haste.`;
    case PetEffect.Regen:
      return `Restores ${pct(l)} of health and mana each round, fading over 200 rounds.`;
    case PetEffect.Dust:
      return `+${pct(l)} Mana Dust.`;
    case PetEffect.EggDrop:
      return `${pct(0.01 * l)} chance of an Egg each action.`;
    case PetEffect.Tax:
      return `+${pct(6 * l)} Magical Accounting for your guild's taxes.`;
    case PetEffect.Mining:
      return `+${pct(2 * l)} base mining experience.`;
    case PetEffect.Fishing:
      return `+${pct(2 * l)} base fishing experience.`;
    case PetEffect.Woodcutting:
      return `+${pct(2 * l)} base woodcutting experience.`;
    case PetEffect.PetXp:
      return `+${pct(5 * l)} experience for all pets.`;
    case PetEffect.Multistat:
      return `+${pct(5 * l)} multistat.`;
    case PetEffect.DungeonIdle:
      return `+${pct(10 * l)} chance per idle dungeon tick.`;
    case PetEffect.Versatility:
      return `${pct(0.5 * l)} of your gathering experience also goes to the other two skills.`;
    case PetEffect.Foraging:
      return `${pct(0.1 * l)} chance of a random drop each gathering action.`;
    default:
      return "";
  }
}
