/** Derived combat stats of a player (our design; see docs/game-rules.md "Combat stats"). */
import { boostValue } from "./boosts";
import { Element } from "./enums";
import { NO_PET_BONUSES, type PetCombatBonuses } from "./pets";

/** Value every base stat (intellect, stamina, focus, spirit, mana) starts at. */
export const BASE_STAT_START = 10;
/** Base spellpower and base ward before any boost. */
export const BASE_SPELLPOWER_START = 10;
export const BASE_WARD_START = 10;
export const BASE_CRIT_CHANCE = 0.05;
export const BASE_CRIT_DAMAGE = 0.5;
/** Spell damage bonus when the equipped staff matches the spell element (from the spec). */
export const STAFF_MATCH_BONUS = 0.1;
/** Spell damage per spell rank (our design). */
export const SPELL_RANK_BONUS = 0.1;
/** Max mana-shield rank (research cap from the spec) and max mana turned into health per rank. */
export const MANA_SHIELD_RANK_CAP = 100;
export const MANA_SHIELD_PER_RANK = 0.005;

export interface CombatStatsInput {
  /** Battle level; a fresh account (level 0) fights as level 1. */
  readonly level: number;
  /** The player's TOTAL boosts (research + stat drops + equipment), boost id -> value. */
  readonly boosts: Readonly<Record<number, number>>;
  readonly magicType: Element;
  /** Element of the equipped staff, if any; a match gives +10% spell damage. */
  readonly staffElement?: Element;
  /** Active combat pets (see petCombatBonuses). */
  readonly pets?: PetCombatBonuses;
  /** Spell cost multiplier of the guild's Mana Conduit (0.96^level); 1 without a guild. */
  readonly spellCostFactor?: number;
}

export interface CombatStats {
  /** Effective level used by the formulas (at least 1). */
  readonly level: number;
  readonly magicType: Element;
  readonly intellect: number;
  readonly stamina: number;
  readonly focus: number;
  readonly spirit: number;
  readonly mana: number;
  /** Mastery of the magic type (+1% damage per point). */
  readonly mastery: number;
  readonly spellRank: number;
  readonly baseSpellpower: number;
  readonly totalSpellpower: number;
  readonly baseWard: number;
  readonly totalWard: number;
  readonly maxHealth: number;
  readonly maxMana: number;
  /** Mana regained each round (spirit). */
  readonly manaRegen: number;
  /** Mana per spell. */
  readonly spellCost: number;
  /** Health added at battle start by the mana shield (equal to the mana it consumes). */
  readonly manaShield: number;
  readonly critChance: number;
  readonly critDamage: number;
  /** Expected extra spells per cast (0.35 = 35% chance of one extra). */
  readonly multicast: number;
  /** Extra spells per enemy attack (0.2 = 1.2 spells per attack). */
  readonly haste: number;
  /** Enemy attacks slowed: spells per enemy attack multiplied by 1 + timeDilation. */
  readonly timeDilation: number;
  /** Damage multiplier beyond total spellpower (damage, overload, staff, pets). */
  readonly damageMultiplier: number;
  /** Fraction of damage taken removed, per enemy element (index 0 None, 1 Fire, 2 Water, 3 Nature). */
  readonly resistance: readonly [number, number, number, number];
  readonly extraLives: number;
  readonly nullifyAttacks: number;
  readonly enemyHealthFactor: number;
  readonly poison: number;
  readonly regen: number;
}

/** Level multiplier of most stats: (level + 9) / 10, so 1 at level 1. */
export function levelFactor(level: number): number {
  return (Math.max(1, Math.floor(level)) + 9) / 10;
}

/** Fraction of damage removed: pet resistance combined with 1 - 0.99^value (from the spec). */
function resistance(pet: number, value: number): number {
  return value > 0 ? 1 - (1 - pet) * 0.99 ** value : pet;
}

function spellCostFactor(f: number | undefined): number {
  return f === undefined || !Number.isFinite(f) ? 1 : Math.min(1, Math.max(0, f));
}

export function deriveCombatStats(input: CombatStatsInput): CombatStats {
  const b = input.boosts;
  const pets = input.pets ?? NO_PET_BONUSES;
  const level = Math.max(1, Math.floor(Number.isFinite(input.level) ? input.level : 1));
  const lf = (level + 9) / 10;
  const el = input.magicType;
  const isMagic = el === Element.Fire || el === Element.Water || el === Element.Nature;

  const intellect = Math.max(1, BASE_STAT_START + boostValue(b, 3));
  const stamina = Math.max(1, BASE_STAT_START + boostValue(b, 4));
  const focus = Math.max(
    1,
    (BASE_STAT_START + boostValue(b, 5)) * (1 + boostValue(b, 47) / 100) * pets.focusFactor,
  );
  const spirit = Math.max(0, BASE_STAT_START + boostValue(b, 6));
  const mana = Math.max(1, BASE_STAT_START + boostValue(b, 7));
  const mastery = isMagic ? boostValue(b, 9 + el) : 0;
  const spellRank = isMagic ? boostValue(b, 20 + el) : 0;
  const elementEnchant = isMagic ? boostValue(b, 79 + el) : 0;

  const baseSpellpower = Math.max(1, BASE_SPELLPOWER_START + boostValue(b, 1) + boostValue(b, 8));
  const totalSpellpower =
    baseSpellpower *
    (intellect / 10) *
    lf *
    (1 + Math.max(0, mastery + elementEnchant) / 100) *
    (1 + SPELL_RANK_BONUS * Math.max(0, spellRank));
  const baseWard = Math.max(0, BASE_WARD_START + boostValue(b, 2) + boostValue(b, 9));
  const totalWard = baseWard * lf * (1 + boostValue(b, 46) / 100) * pets.wardFactor;

  const maxHealth = stamina * 10 * lf * (1 + (boostValue(b, 45) + boostValue(b, 86)) / 100);
  const maxMana = mana * 10 * lf * Math.max(0.01, 1 + boostValue(b, 48) / 100);
  const overload = Math.max(0, boostValue(b, 49)) / 100;
  const shieldRank = Math.min(MANA_SHIELD_RANK_CAP, Math.max(0, boostValue(b, 24)));
  const staffBonus = isMagic && input.staffElement === el ? STAFF_MATCH_BONUS : 0;

  return {
    level,
    magicType: el,
    intellect,
    stamina,
    focus,
    spirit,
    mana,
    mastery,
    spellRank,
    baseSpellpower,
    totalSpellpower,
    baseWard,
    totalWard,
    maxHealth,
    maxMana,
    manaRegen: (spirit * 10 * lf) / 20,
    spellCost: intellect * lf * (1 + 2 * overload) * spellCostFactor(input.spellCostFactor),
    manaShield: maxMana * shieldRank * MANA_SHIELD_PER_RANK,
    critChance: Math.min(1, Math.max(0, BASE_CRIT_CHANCE + boostValue(b, 42) / 100)),
    critDamage: Math.max(0, BASE_CRIT_DAMAGE + boostValue(b, 43) / 100),
    multicast: Math.max(0, boostValue(b, 41) / 100),
    haste: Math.max(0, (1 + boostValue(b, 44) / 100) * pets.hasteFactor - 1),
    timeDilation: Math.max(0, boostValue(b, 50) / 100),
    damageMultiplier:
      Math.max(0, 1 + boostValue(b, 40) / 100 + overload) * (1 + staffBonus) * pets.damageFactor,
    resistance: [
      pets.resistance,
      resistance(pets.resistance, boostValue(b, 83)),
      resistance(pets.resistance, boostValue(b, 84)),
      resistance(pets.resistance, boostValue(b, 85)),
    ],
    extraLives: pets.extraLives,
    nullifyAttacks: pets.nullifyAttacks,
    enemyHealthFactor: pets.curseFactor,
    poison: pets.poison,
    regen: pets.regen,
  };
}
