import { createLocalValue, stringListCodec, useLocalValue } from "../../lib/localValue";

/**
 * Ids of top-bar entries the player chose to hide (localStorage "menu-hidden").
 * The list may include "logo". Ids are the NavEntryId values of app/layout/navEntries.ts.
 */
export const menuHidden = createLocalValue("menu-hidden", stringListCodec);

export function useMenuHidden(): readonly string[] {
  return useLocalValue(menuHidden);
}
