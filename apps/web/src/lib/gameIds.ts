import { ActionType } from "@manaspire/game";

/**
 * Web-only helpers around the shared game ids. The ids themselves (ActionType, Zone,
 * MagicType/Element, LootId, BoostId…) come from `@manaspire/game`, so the browser and the
 * server always speak the same numbers.
 */

/** Battle view applies to None and Battle; gathering to the rest (spec 000 section 2). */
export function isBattleAction(type: ActionType): boolean {
  return type === ActionType.None || type === ActionType.Battle;
}
