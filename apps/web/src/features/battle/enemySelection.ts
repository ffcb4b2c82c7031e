import {
  defaultMagicTypeForEnemy,
  type Element,
  isMagicElement,
  MAX_ENEMY_LEVEL,
  type Zone,
  zoneById,
} from "@manaspire/game";
import type { ClientPayload } from "@manaspire/protocol";
import { parseAmount } from "../../lib/numbers";

/**
 * Enemy selection rules (spec 000 "Enemy selection"). In Radiant Grove and The Smoldering
 * Marsh the player picks an enemy from the list and a magic type; in the three top zones
 * they type a strength (with a step size) and no magic type is sent.
 */

/** The player's current selection, as the server has it. */
export interface EnemyChoice {
  enemy: number;
  magicType: Element;
}

/** Number of named enemies in a list zone, or null for a strength zone. */
export function enemyListLength(zone: Zone): number | null {
  return zoneById(zone)?.enemyCount ?? null;
}

/** The stepper of a list zone stays between 1 and the list length. */
export function clampEnemyNumber(value: number, length: number): number {
  if (!Number.isFinite(value)) return 1;
  return Math.min(Math.max(Math.trunc(value), 1), Math.max(1, length));
}

/** Where the form starts: the current enemy; no magic type yet means the advantaged one. */
export function initialChoice(current: EnemyChoice): EnemyChoice {
  return {
    enemy: current.enemy,
    magicType: isMagicElement(current.magicType)
      ? current.magicType
      : defaultMagicTypeForEnemy(current.enemy),
  };
}

/**
 * Picking (or stepping to) an enemy clamps it to the list; changing the enemy proposes the
 * magic type with the advantage over it. Picking the same enemy keeps the draft as it is.
 */
export function pickEnemy(draft: EnemyChoice, value: number, length: number): EnemyChoice {
  const enemy = clampEnemyNumber(value, length);
  if (enemy === draft.enemy) return draft;
  return { enemy, magicType: defaultMagicTypeForEnemy(enemy) };
}

/** Strength typed in a top zone: suffixes allowed (1.5k), whole, at least 1. */
export function parseStrength(text: string): number {
  const value = Math.floor(parseAmount(text));
  return Math.min(Math.max(value, 1), MAX_ENEMY_LEVEL);
}

/** Step size of the strength stepper: whole, at least 1 (default 1). */
export function parseStep(text: string): number {
  return Math.max(1, Math.floor(parseAmount(text)));
}

/** Strength after one step up (+1) or down (-1), never below 1. */
export function stepStrength(strength: number, step: number, direction: 1 | -1): number {
  return Math.min(Math.max(strength + direction * step, 1), MAX_ENEMY_LEVEL);
}

/** "Select Enemy" is enabled only when the enemy or (in list zones) the magic type changed. */
export function canSelectEnemy(zone: Zone, current: EnemyChoice, draft: EnemyChoice): boolean {
  if (draft.enemy !== current.enemy) return true;
  return enemyListLength(zone) !== null && draft.magicType !== current.magicType;
}

/** The selectEnemy message: list zones carry the magic type, strength zones do not. */
export function selectEnemyMessage(zone: Zone, draft: EnemyChoice): ClientPayload<"selectEnemy"> {
  if (enemyListLength(zone) === null || !isMagicElement(draft.magicType)) {
    return { zone, enemy: draft.enemy };
  }
  return { zone, enemy: draft.enemy, magicType: draft.magicType };
}
