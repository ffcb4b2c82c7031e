import { createLocalValue, useLocalValue } from "../../lib/localValue";
import { type LocalSettings, parseLocalSettings } from "./localSettings";

/** localStorage key "settings" holding the local-only preferences. */
export const localSettings = createLocalValue<LocalSettings>("settings", {
  parse: parseLocalSettings,
  serialize: (value) => JSON.stringify(value),
});

export function useLocalSettings(): LocalSettings {
  return useLocalValue(localSettings);
}

export function updateLocalSettings(patch: Partial<LocalSettings>): void {
  localSettings.set({ ...localSettings.get(), ...patch });
}
