/** Validation and semantics of selectEnemy(zone, enemy, magic type) (spec + our design). */
import { advantagedMagicType, enemyElement } from "./elements";
import { MAX_ENEMY_LEVEL } from "./enemies";
import { Element, isMagicElement, type Zone } from "./enums";
import { isTopZone, zoneById } from "./zones";

export interface EnemySelection {
  readonly zone: number;
  readonly enemy: number;
  readonly magicType: Element;
}

export interface EnemySelectionRequest {
  readonly zone: number;
  /** Enemy number (lower zones) or strength (top zones). */
  readonly enemy: number;
  /** null or None (0) keeps the current magic type (the town screen sends none). */
  readonly magicType: Element | null;
}

export type EnemySelectionResult =
  | { readonly ok: true; readonly zone: Zone; readonly enemy: number; readonly magicType: Element }
  | { readonly ok: false; readonly error: string };

/** Whether the enemy level carries over from `from` to `to` (from the spec). */
export function keepsEnemyLevel(from: number, to: number): boolean {
  return from === to || (isTopZone(from) && isTopZone(to));
}

/**
 * Resolves a selectEnemy request against the player's current selection.
 * 1. The zone must exist.
 * 2. The requested enemy is used when the zone is the current one or both zones are top
 *    zones; otherwise the enemy resets to 1 (the request's enemy is ignored).
 * 3. Lower zones: the enemy must be a finite number; it is truncated and clamped to
 *    1..enemyCount. Top zones: it must be an integer >= 1; it is capped at MAX_ENEMY_LEVEL.
 * 4. Magic type: Fire/Water/Nature is taken; null or None (0, "no magic type" on the wire, as
 *    the town screen and the strength input send it) keeps the current one, or, if the current
 *    is None, becomes the type with the advantage over the chosen enemy; anything else is an
 *    error.
 */
export function resolveEnemySelection(
  current: EnemySelection,
  request: EnemySelectionRequest,
): EnemySelectionResult {
  const zone = zoneById(request.zone);
  if (zone === undefined) return { ok: false, error: "Unknown zone." };

  let enemy = 1;
  if (keepsEnemyLevel(current.zone, zone.id)) {
    const requested = request.enemy;
    if (typeof requested !== "number" || !Number.isFinite(requested)) {
      return { ok: false, error: "Invalid enemy." };
    }
    if (zone.enemyCount === null) {
      if (!Number.isInteger(requested) || requested < 1) {
        return { ok: false, error: "Enemy strength must be a whole number of at least 1." };
      }
      enemy = Math.min(requested, MAX_ENEMY_LEVEL);
    } else {
      enemy = Math.min(Math.max(Math.trunc(requested), 1), zone.enemyCount);
    }
  }

  let magicType: Element;
  const requestedMagic = request.magicType;
  if (requestedMagic === null || requestedMagic === undefined || requestedMagic === Element.None) {
    magicType = isMagicElement(current.magicType)
      ? current.magicType
      : advantagedMagicType(enemyElement(enemy));
  } else if (isMagicElement(requestedMagic)) {
    magicType = requestedMagic;
  } else {
    return { ok: false, error: "Choose fire, water or nature magic." };
  }
  return { ok: true, zone: zone.id, enemy, magicType };
}

/** The magic type proposed when the player picks an enemy (our design: the advantaged one). */
export function defaultMagicTypeForEnemy(enemyNumber: number): Element {
  return advantagedMagicType(enemyElement(enemyNumber));
}
