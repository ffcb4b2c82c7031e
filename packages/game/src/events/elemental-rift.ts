/**
 * Elemental Rift (spec 000 sections 2, 3, 4 and 9; the rest our design, docs/game-rules.md
 * "Elemental Rift"): joined players battle a shared boss (bosses come one after another) or
 * gather iron, fish and wood for three world-wide buffs; at the end every participant earns
 * Event Points for what they contributed.
 */
import { enemyElement, magicAdvantage } from "../elements";
import { ActionType, type Element } from "../enums";
import type { Rng } from "../rng";
import type { CombatStats } from "../stats";

/** Buff level = floor(sqrt(amount / 1000)); a level needs 1000 x level^2 (from the spec). */
export const BUFF_AMOUNT_UNIT = 1000;
/** Each buff level adds 5% (from the spec). */
export const BUFF_BONUS_PER_LEVEL = 0.05;
/** Boss 1's health when the world sets none (ELEMENTAL_RIFT_BOSS_HEALTH). */
export const DEFAULT_BOSS_HEALTH = 5_000_000;
/** Each boss has this many times the health of the one before. */
export const BOSS_HEALTH_GROWTH = 1.5;
/**
 * Boss 1's health for each player who joined the rift by its start (ours, not the spec's): a
 * player deals about 300-1,200 damage an action, and a 10-minute rift at a 3-second tick is
 * 200 actions, so even the weakest battler's rift (60,000) pays for their share of the first
 * boss, and the 1.5x growth decides how many more fall.
 */
export const BOSS_HEALTH_PER_PLAYER = 40_000;

/**
 * Boss 1's health in a rift that `joined` players joined by its start (ours, not the spec's):
 * {@link BOSS_HEALTH_PER_PLAYER} for each (at least one), never above `cap` (the world's
 * ELEMENTAL_RIFT_BOSS_HEALTH, reached at 125 players with the default 5,000,000).
 */
export function riftBossBaseHealth(joined: number, cap: number): number {
  const players = Number.isFinite(joined) ? Math.max(1, Math.floor(joined)) : 1;
  const top = Number.isFinite(cap) && cap >= 1 ? cap : DEFAULT_BOSS_HEALTH;
  return Math.min(top, BOSS_HEALTH_PER_PLAYER * players);
}
/**
 * Boss n's ward strength (the share of damage it removes) is 1 - BOSS_WARD_BASE^n before the
 * player's focus and the fish buff: 5% for the first boss, 40% for the tenth, at most 95%.
 * A share, not a ward value: the rift is for players of every level.
 */
export const BOSS_WARD_BASE = 0.95;
export const BOSS_WARD_MAX = 0.95;
/** Rounds of spells one action casts at the boss. */
export const RIFT_ROUNDS = 20;
/** Event points: per action, per boss defeated in the rift, and the contribution pool. */
export const POINTS_PER_ACTION = 1;
export const POINTS_PER_BOSS = 10;
export const POINTS_CONTRIBUTION_POOL = 100;

/** The event's actions a joined player picks (Battle, Mine, Fish, Woodcut). */
export function isRiftAction(actionType: number): boolean {
  return (
    actionType === ActionType.Battle ||
    actionType === ActionType.Mining ||
    actionType === ActionType.Fishing ||
    actionType === ActionType.Woodcutting
  );
}

/** The level of a buff fed with `amount` resources (from the spec). */
export function buffLevel(amount: number): number {
  if (!(amount > 0)) return 0;
  return Math.floor(Math.sqrt(amount / BUFF_AMOUNT_UNIT));
}

/** Resources the buff needs for `level` (from the spec). */
export function buffAmountFor(level: number): number {
  return BUFF_AMOUNT_UNIT * level * level;
}

/** The bonus of a buff level as a fraction (5% per level). */
export function buffBonus(level: number): number {
  return BUFF_BONUS_PER_LEVEL * Math.max(0, level);
}

/** The three buffs of a rift, from the world's iron, fish and wood. */
export interface RiftBuffs {
  /** Iron: battlers' damage to the boss +5% per level. */
  iron: number;
  /** Fish: the boss's ward divided by 1 + 5% per level. */
  fish: number;
  /** Wood: every participant's Event Points +5% per level. */
  wood: number;
}

export function riftBuffs(iron: number, fish: number, wood: number): RiftBuffs {
  return { iron: buffLevel(iron), fish: buffLevel(fish), wood: buffLevel(wood) };
}

export interface Boss {
  number: number;
  element: Element;
  maxHealth: number;
  /** Ward strength before the player's focus and the fish buff (0..1). */
  wardStrength: number;
}

/** Boss `n` (1, 2, …) of a rift whose first boss has `baseHealth`. */
export function riftBoss(n: number, baseHealth: number): Boss {
  const k = Math.max(1, Math.floor(n));
  return {
    number: k,
    element: enemyElement(k),
    maxHealth: Math.max(1, baseHealth) * BOSS_HEALTH_GROWTH ** (k - 1),
    wardStrength: 1 - BOSS_WARD_BASE ** k,
  };
}

/** The shared boss: which one, and its health left. */
export interface BossState {
  bossNumber: number;
  health: number;
  /** Bosses defeated in this rift so far. */
  defeated: number;
}

/** The first boss of a rift at its start. */
export function firstBoss(baseHealth: number): BossState {
  return { bossNumber: 1, health: riftBoss(1, baseHealth).maxHealth, defeated: 0 };
}

/**
 * The boss after `damage` more: damage past a boss's health goes on to the next one, so a
 * batch of many players' damage defeats as many bosses as it pays for. Bounded: each boss has
 * 1.5x the health of the last.
 */
export function applyBossDamage(state: BossState, damage: number, baseHealth: number): BossState {
  let { bossNumber, health, defeated } = state;
  let left = Number.isFinite(damage) && damage > 0 ? damage : 0;
  if (bossNumber < 1) return state;
  while (left > 0) {
    if (left < health) {
      health -= left;
      break;
    }
    left -= health;
    defeated++;
    bossNumber++;
    health = riftBoss(bossNumber, baseHealth).maxHealth;
  }
  return { bossNumber, health, defeated };
}

/** One action's spells at the boss (the fields of the spec's ElementalRift state). */
export interface RiftAttack {
  attacks: number;
  crits: number;
  casts: number;
  damageDone: number;
  manaSpent: number;
  manaShortage: number;
  manaRemaining: number;
  maxMana: number;
  /** Fraction of the player's damage the boss's ward removes (0..1). */
  bossWardStrength: number;
}

export function createRiftAttack(): RiftAttack {
  return {
    attacks: 0,
    crits: 0,
    casts: 0,
    damageDone: 0,
    manaSpent: 0,
    manaShortage: 0,
    manaRemaining: 0,
    maxMana: 0,
    bossWardStrength: 0,
  };
}

/**
 * One battle action in the rift: {@link RIFT_ROUNDS} rounds of spells at the boss, with the
 * battle's rules for spellpower, element advantage, crits, multicast, haste, mana and half
 * damage without mana; the boss's ward strength is divided by (90 + focus) / 100 like an
 * enemy's ward and by the fish buff, at most 95%; the boss does not strike back. The iron buff
 * adds damage. Fills and returns `out`.
 */
export function riftAttack(
  player: CombatStats,
  boss: Boss,
  magicType: Element,
  buffs: RiftBuffs,
  rng: Rng,
  out: RiftAttack = createRiftAttack(),
): RiftAttack {
  const spellpower = player.totalSpellpower * player.damageMultiplier;
  const focus = Math.max(player.focus, 0);
  const wardStrength = Math.min(
    BOSS_WARD_MAX,
    (boss.wardStrength * 100) / (90 + focus) / (1 + buffBonus(buffs.fish)),
  );
  const hit =
    spellpower *
    (1 + magicAdvantage(magicType, boss.element)) *
    (1 - wardStrength) *
    (1 + buffBonus(buffs.iron));
  const maxMana = player.maxMana;
  let mana = maxMana;
  let castsPerRound = (1 + player.haste) * (1 + player.timeDilation);
  if (!(castsPerRound >= 1)) castsPerRound = 1;
  if (castsPerRound > 100) castsPerRound = 100;
  const multicast = Math.min(player.multicast, 100);
  const mcWhole = Math.floor(multicast);
  const mcFrac = multicast - mcWhole;
  const critChance = player.critChance;
  const critMult = 1 + player.critDamage;
  let castAcc = 0;
  let crits = 0;
  let casts = 0;
  let damage = 0;
  let spent = 0;
  let shortage = 0;
  for (let round = 0; round < RIFT_ROUNDS; round++) {
    castAcc += castsPerRound;
    const turns = Math.floor(castAcc);
    castAcc -= turns;
    for (let t = 0; t < turns; t++) {
      let spells = 1 + mcWhole;
      if (mcFrac > 0 && rng.next() < mcFrac) spells++;
      for (let s = 0; s < spells; s++) {
        const u = rng.next();
        let d: number;
        if (u < critChance) {
          crits++;
          d = hit * critMult * (0.9 + 0.2 * (u / critChance));
        } else {
          d = hit * (0.9 + 0.2 * ((u - critChance) / (1 - critChance)));
        }
        if (mana >= player.spellCost) {
          mana -= player.spellCost;
          spent += player.spellCost;
        } else {
          shortage++;
          d *= 0.5;
        }
        casts++;
        damage += d;
      }
    }
    mana = Math.min(maxMana, mana + player.manaRegen);
  }
  out.attacks = RIFT_ROUNDS;
  out.crits = crits;
  out.casts = casts;
  out.damageDone = damage;
  out.manaSpent = spent;
  out.manaShortage = shortage;
  out.manaRemaining = mana;
  out.maxMana = maxMana;
  out.bossWardStrength = wardStrength;
  return out;
}

/** What a participant did in a rift (their row of the player table). */
export interface RiftContribution {
  playerId: number;
  actions: number;
  damage: number;
  resources: number;
}

/**
 * Event Points of every participant at the end (our design):
 * floor((actions + 10 x bosses defeated + 100 x share) x (1 + 5% x wood buff level)), where
 * share = half the player's part of all damage plus half their part of all resources (only
 * one half when nobody did the other; the whole when nobody did either is 0). A participant
 * who spent no action in the rift earns nothing.
 */
export function riftEventPoints(
  rows: readonly RiftContribution[],
  bossesDefeated: number,
  woodLevel: number,
): Map<number, number> {
  let damage = 0;
  let resources = 0;
  for (const r of rows) {
    damage += Math.max(0, r.damage);
    resources += Math.max(0, r.resources);
  }
  const halves = (damage > 0 ? 1 : 0) + (resources > 0 ? 1 : 0);
  const mult = 1 + buffBonus(woodLevel);
  const out = new Map<number, number>();
  for (const r of rows) {
    if (!(r.actions > 0)) {
      out.set(r.playerId, 0);
      continue;
    }
    let share = 0;
    if (damage > 0) share += Math.max(0, r.damage) / damage / halves;
    if (resources > 0) share += Math.max(0, r.resources) / resources / halves;
    const points =
      POINTS_PER_ACTION * r.actions +
      POINTS_PER_BOSS * Math.max(0, bossesDefeated) +
      POINTS_CONTRIBUTION_POOL * share;
    out.set(r.playerId, Math.floor(points * mult));
  }
  return out;
}

/** The text under the boss: what the player contributed so far. */
export function contributionText(
  actionType: number,
  damage: number,
  resources: number,
  totalDamage: number,
): string {
  if (actionType === ActionType.Battle || resources <= 0) {
    const pct = totalDamage > 0 ? (100 * damage) / totalDamage : 0;
    return `You dealt ${Math.round(damage).toLocaleString("en-US")} damage (${pct.toFixed(1)}% of all damage).`;
  }
  return `You gathered ${Math.round(resources).toLocaleString("en-US")} resources for the rift.`;
}
