/** Enemies: names, levels and combat stats (our design; see docs/game-rules.md "Zones and enemies"). */
import { enemyElement } from "./elements";
import { RADIANT_GROVE_ENEMIES, SMOLDERING_MARSH_ENEMIES } from "./enemy-names";
import { type Element, Zone } from "./enums";
import { isTopZone, zoneById } from "./zones";

export { RADIANT_GROVE_ENEMIES, SMOLDERING_MARSH_ENEMIES } from "./enemy-names";

/** Highest strength accepted in the top zones (our design). */
export const MAX_ENEMY_LEVEL = 1_000_000_000;
/** Level of The Smoldering Marsh enemy n is this plus n (so enemy 70 is level 100). */
export const SMOLDERING_MARSH_LEVEL_OFFSET = 30;

/** Enemy stat growth per level (our design, tuned with scripts/balance.ts). */
export const ENEMY_STAT_START = 10;
export const ENEMY_STAT_GROWTH = 2;
export const ENEMY_HEALTH_FACTOR = 0.5;
export const ENEMY_DAMAGE_FACTOR = 1;
export const ENEMY_WARD_FACTOR = 0.5;

export interface Enemy {
  readonly zone: Zone;
  /** Enemy number inside the zone (the strength in the top zones). */
  readonly number: number;
  readonly name: string;
  readonly level: number;
  readonly element: Element;
  /** Max health. */
  readonly health: number;
  /** Ward before the player's focus reduces it. */
  readonly ward: number;
  /** Damage of one enemy attack before ward, element and variance. */
  readonly damage: number;
}

export interface EnemyStats {
  readonly health: number;
  readonly ward: number;
  readonly damage: number;
}

/**
 * Health, ward and damage of an enemy of a level (our design):
 * s = 10 + 2 (level - 1), m = level + 9; health = 0.5 s m, damage = s m / 10, ward = s m / 20.
 */
export function enemyStatsForLevel(level: number): EnemyStats {
  const n = Math.max(1, level);
  const sm = (ENEMY_STAT_START + ENEMY_STAT_GROWTH * (n - 1)) * (n + 9);
  return {
    health: ENEMY_HEALTH_FACTOR * sm,
    ward: (ENEMY_WARD_FACTOR * sm) / 10,
    damage: (ENEMY_DAMAGE_FACTOR * sm) / 10,
  };
}

/** Level of enemy `n` of a zone: RG n -> n, SM n -> 30 + n, top zones: the strength itself. */
export function enemyLevel(zone: number, n: number): number {
  return zone === Zone.SmolderingMarsh ? SMOLDERING_MARSH_LEVEL_OFFSET + n : n;
}

/** Whether `n` is a valid enemy number of the zone. */
export function isValidEnemy(zone: number, n: number): boolean {
  const def = zoneById(zone);
  if (def === undefined || !Number.isInteger(n) || n < 1) return false;
  return def.enemyCount === null ? n <= MAX_ENEMY_LEVEL : n <= def.enemyCount;
}

/** Display name of enemy `n` of a zone. */
export function enemyName(zone: number, n: number): string {
  if (zone === Zone.RadiantGrove) return RADIANT_GROVE_ENEMIES[n - 1] ?? `Grove Enemy ${n}`;
  if (zone === Zone.SmolderingMarsh) return SMOLDERING_MARSH_ENEMIES[n - 1] ?? `Marsh Enemy ${n}`;
  return `${zoneById(zone)?.enemyBaseName ?? "Enemy"} ${n}`;
}

function build(zone: Zone, n: number): Enemy {
  const level = enemyLevel(zone, n);
  const s = enemyStatsForLevel(level);
  return {
    zone,
    number: n,
    name: enemyName(zone, n),
    level,
    element: enemyElement(n),
    health: s.health,
    ward: s.ward,
    damage: s.damage,
  };
}

const GROVE: readonly Enemy[] = RADIANT_GROVE_ENEMIES.map((_, i) =>
  build(Zone.RadiantGrove, i + 1),
);
const MARSH: readonly Enemy[] = SMOLDERING_MARSH_ENEMIES.map((_, i) =>
  build(Zone.SmolderingMarsh, i + 1),
);

/** All named enemies of a lower zone, in order (empty for top zones). */
export function zoneEnemies(zone: number): readonly Enemy[] {
  return zone === Zone.RadiantGrove ? GROVE : zone === Zone.SmolderingMarsh ? MARSH : [];
}

/**
 * Enemy `n` of a zone. Lower zones return cached objects; top zones build one.
 * Throws RangeError for an unknown zone or an invalid enemy number.
 */
export function enemyFor(zone: number, n: number): Enemy {
  if (!isValidEnemy(zone, n)) throw new RangeError(`invalid enemy ${n} in zone ${zone}`);
  if (zone === Zone.RadiantGrove) return GROVE[n - 1]!;
  if (zone === Zone.SmolderingMarsh) return MARSH[n - 1]!;
  if (!isTopZone(zone)) throw new RangeError(`invalid zone ${zone}`);
  return build(zone as Zone, n);
}

/**
 * The enemy of a global strength `level`, the way a player climbs: Radiant Grove 1-30, The
 * Smoldering Marsh for 31-100 (enemy level − 30), then Worldshaper's Domain at that level.
 * Used by the balance script and the simulator (packages/sim). Throws RangeError outside
 * 1..MAX_ENEMY_LEVEL.
 */
export function enemyAtLevel(level: number): Enemy {
  if (!Number.isInteger(level) || level < 1 || level > MAX_ENEMY_LEVEL) {
    throw new RangeError(`enemy level must be a whole number from 1 to ${MAX_ENEMY_LEVEL}`);
  }
  if (level <= 30) return enemyFor(Zone.RadiantGrove, level);
  if (level <= 100) return enemyFor(Zone.SmolderingMarsh, level - SMOLDERING_MARSH_LEVEL_OFFSET);
  return enemyFor(Zone.WorldshapersDomain, level);
}
