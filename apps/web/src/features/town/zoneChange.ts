import { keepsEnemyLevel, type Zone } from "@manaspire/game";

/**
 * Enemy (level) to request when the player picks a zone in town: kept when picking the
 * current zone or moving between the three top-tier zones, otherwise reset to 1
 * (the same rule the server applies: `keepsEnemyLevel` of @manaspire/game).
 */
export function enemyAfterZoneChange(
  currentZone: Zone,
  currentEnemy: number,
  nextZone: Zone,
): number {
  return keepsEnemyLevel(currentZone, nextZone) ? currentEnemy : 1;
}
