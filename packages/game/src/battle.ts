/**
 * Battle resolution (our design; see docs/game-rules.md "Battle model"). One call resolves a
 * whole battle for one action. Hot path: no allocation or closure inside the round loop, and
 * the optional `out` object is reused by the caller.
 */
import { magicAdvantage } from "./elements";
import type { Enemy } from "./enemies";
import type { Element } from "./enums";
import type { Rng } from "./rng";
import type { CombatStats } from "./stats";

/** A battle is lost when the enemy has attacked this many times (from the spec). */
export const ROUND_LIMIT = 200;
/** Damage of a spell cast without enough mana (from the live game: half damage). */
export const NO_MANA_DAMAGE = 0.5;
/** Damage variance of every hit: uniform in [1 - V, 1 + V] (our design). */
export const DAMAGE_VARIANCE = 0.1;
/** Focus divides enemy ward by (FOCUS_WARD_OFFSET + focus) / 100 (our design). */
export const FOCUS_WARD_OFFSET = 90;
/** Caps that keep one battle bounded in time (our design). */
export const MAX_CASTS_PER_ROUND = 100;
export const MAX_MULTICAST = 100;

export interface BattleOutcome {
  won: boolean;
  /** Player health left (0 when lost by death). */
  health: number;
  /** Player max health in this battle (including the mana shield). */
  maxHealth: number;
  mana: number;
  maxMana: number;
  enemyHealthRemaining: number;
  enemyMaxHealth: number;
  /** Rounds in which the player acted. */
  attacks: number;
  enemyAttacks: number;
  /** Enemy attacks that did no damage (pet immunity). */
  nullifiedAttacks: number;
  /** Fraction of enemy damage the player's ward removes (0..1). */
  wardStrength: number;
  /** Fraction of the player's damage the enemy's ward removes, after focus (0..1). */
  enemyWardStrength: number;
  crits: number;
  /** Spells cast (including multicasts). */
  casts: number;
  damageDone: number;
  damageTaken: number;
  manaSpent: number;
  /** Spells cast without enough mana (each dealt half damage). */
  manaShortage: number;
  poisonDamage: number;
  damageHealed: number;
  /** Extra lives used (pet resurrect). */
  extraLives: number;
  /** Lost because the enemy attacked ROUND_LIMIT times. */
  roundLimitReached: boolean;
}

export function createBattleOutcome(): BattleOutcome {
  return {
    won: false,
    health: 0,
    maxHealth: 0,
    mana: 0,
    maxMana: 0,
    enemyHealthRemaining: 0,
    enemyMaxHealth: 0,
    attacks: 0,
    enemyAttacks: 0,
    nullifiedAttacks: 0,
    wardStrength: 0,
    enemyWardStrength: 0,
    crits: 0,
    casts: 0,
    damageDone: 0,
    damageTaken: 0,
    manaSpent: 0,
    manaShortage: 0,
    poisonDamage: 0,
    damageHealed: 0,
    extraLives: 0,
    roundLimitReached: false,
  };
}

/**
 * Resolves a battle of `player` casting `magicType` spells against `enemy`.
 * Deterministic for a given rng state. Fills and returns `out` (a new object if omitted).
 */
export function resolveBattle(
  player: CombatStats,
  enemy: Enemy,
  magicType: Element,
  rng: Rng,
  out: BattleOutcome = createBattleOutcome(),
): BattleOutcome {
  // --- setup (once per battle) ---
  const maxHealth = player.maxHealth + player.manaShield;
  const maxMana = player.maxMana;
  let health = maxHealth;
  let mana = maxMana - player.manaShield;
  if (mana < 0) mana = 0;

  const spellpower = player.totalSpellpower * player.damageMultiplier;
  const focus = Math.max(player.focus, 0);
  const enemyWard = (enemy.ward * 100) / (FOCUS_WARD_OFFSET + focus);
  const enemyWardStrength = enemyWard > 0 ? enemyWard / (enemyWard + spellpower) : 0;
  const hit = spellpower * (1 + magicAdvantage(magicType, enemy.element)) * (1 - enemyWardStrength);

  const resist = player.resistance[enemy.element] ?? 0;
  const enemyDamage =
    enemy.damage * (1 + magicAdvantage(enemy.element, magicType)) * (1 - Math.min(resist, 1));
  const ward = player.totalWard;
  const wardStrength = ward > 0 && enemyDamage > 0 ? ward / (ward + enemyDamage) : 0;
  const taken = enemyDamage * (1 - wardStrength);

  const spellCost = player.spellCost;
  const regen = player.manaRegen;
  const critChance = player.critChance;
  const critMult = 1 + player.critDamage;
  const multicast = Math.min(player.multicast, MAX_MULTICAST);
  const mcWhole = Math.floor(multicast);
  const mcFrac = multicast - mcWhole;
  let castsPerRound = (1 + player.haste) * (1 + player.timeDilation);
  if (!(castsPerRound >= 1)) castsPerRound = 1;
  if (castsPerRound > MAX_CASTS_PER_ROUND) castsPerRound = MAX_CASTS_PER_ROUND;
  const nullify = player.nullifyAttacks;
  const poison = player.poison;
  const petRegen = player.regen;
  const varLo = 1 - DAMAGE_VARIANCE;
  const varSpan = 2 * DAMAGE_VARIANCE;

  const enemyMaxHealth = enemy.health;
  let enemyHealth = enemyMaxHealth * player.enemyHealthFactor;
  let livesLeft = player.extraLives;

  let won = false;
  let roundLimitReached = false;
  let attacks = 0;
  let enemyAttacks = 0;
  let nullified = 0;
  let crits = 0;
  let casts = 0;
  let damageDone = 0;
  let damageTaken = 0;
  let manaSpent = 0;
  let manaShortage = 0;
  let poisonDamage = 0;
  let damageHealed = 0;
  let livesUsed = 0;
  let castAcc = 0;

  // --- rounds: player casts, poison ticks, enemy attacks, regeneration ---
  for (;;) {
    castAcc += castsPerRound;
    const turns = Math.floor(castAcc);
    castAcc -= turns;
    attacks++;
    for (let t = 0; t < turns && !won; t++) {
      let spells = 1;
      if (mcFrac > 0 || mcWhole > 0) {
        spells += mcWhole;
        if (mcFrac > 0 && rng.next() < mcFrac) spells++;
      }
      for (let s = 0; s < spells; s++) {
        // One draw decides the crit and, rescaled inside its branch, the damage variance.
        const u = rng.next();
        let d: number;
        if (u < critChance) {
          crits++;
          d = hit * critMult * (varLo + varSpan * (u / critChance));
        } else {
          d = hit * (varLo + varSpan * ((u - critChance) / (1 - critChance)));
        }
        if (mana >= spellCost) {
          mana -= spellCost;
          manaSpent += spellCost;
        } else {
          manaShortage++;
          d *= NO_MANA_DAMAGE;
        }
        casts++;
        if (d >= enemyHealth) {
          damageDone += enemyHealth;
          enemyHealth = 0;
          won = true;
          break;
        }
        enemyHealth -= d;
        damageDone += d;
      }
    }
    if (won) break;

    if (poison > 0) {
      const p = enemyHealth * poison;
      enemyHealth -= p;
      poisonDamage += p;
    }

    enemyAttacks++;
    if (enemyAttacks <= nullify) {
      nullified++;
    } else {
      const d = taken * (varLo + varSpan * rng.next());
      if (d >= health) {
        damageTaken += health;
        health = 0;
        if (livesLeft > 0) {
          livesLeft--;
          livesUsed++;
          health = maxHealth;
        } else {
          break;
        }
      } else {
        health -= d;
        damageTaken += d;
      }
    }
    if (enemyAttacks >= ROUND_LIMIT) {
      roundLimitReached = true;
      break;
    }

    mana += regen;
    if (petRegen > 0) {
      const f = petRegen * (1 - enemyAttacks / ROUND_LIMIT);
      let heal = maxHealth * f;
      if (heal > maxHealth - health) heal = maxHealth - health;
      health += heal;
      damageHealed += heal;
      mana += maxMana * f;
    }
    if (mana > maxMana) mana = maxMana;
  }

  out.won = won;
  out.health = health;
  out.maxHealth = maxHealth;
  out.mana = mana;
  out.maxMana = maxMana;
  out.enemyHealthRemaining = enemyHealth;
  out.enemyMaxHealth = enemyMaxHealth;
  out.attacks = attacks;
  out.enemyAttacks = enemyAttacks;
  out.nullifiedAttacks = nullified;
  out.wardStrength = wardStrength;
  out.enemyWardStrength = enemyWardStrength;
  out.crits = crits;
  out.casts = casts;
  out.damageDone = damageDone;
  out.damageTaken = damageTaken;
  out.manaSpent = manaSpent;
  out.manaShortage = manaShortage;
  out.poisonDamage = poisonDamage;
  out.damageHealed = damageHealed;
  out.extraLives = livesUsed;
  out.roundLimitReached = roundLimitReached;
  return out;
}
