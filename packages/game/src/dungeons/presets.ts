/**
 * Dungeon presets (spec 001: dungeonManagePreset(create|delete|activate, name)): named idle
 * sizes a player switches between (our design). Each player has their own; a name is looked
 * up only among the player's presets.
 */
import { hasVisibleText, hiddenCharacterError } from "../text-hygiene";
import type { DungeonPreset, DungeonState } from "./state";

export const PresetOperation = { Create: 1, Delete: 2, Activate: 3 } as const;
export const MAX_PRESETS = 10;
export const MAX_PRESET_NAME = 30;

export type PresetResult =
  | { readonly ok: true; readonly message: string }
  | { readonly ok: false; readonly error: string };

/** The trimmed name, or the refusal. */
export function presetNameError(raw: string): string | null {
  const hidden = hiddenCharacterError(raw, "Preset names");
  if (hidden) return hidden;
  const name = raw.trim();
  if (!hasVisibleText(name)) return "Give the preset a name.";
  if (name.length > MAX_PRESET_NAME) {
    return `Preset names can be at most ${MAX_PRESET_NAME} characters.`;
  }
  return null;
}

/**
 * Applies a preset operation to the state (changes it only when ok). Create saves the current
 * idle size under the name (replacing a preset of that name) and makes it active; Activate sets
 * the preset's idle size; Delete removes it (and clears the active name if it was active).
 */
export function managePreset(s: DungeonState, operation: number, rawName: string): PresetResult {
  const error = presetNameError(rawName);
  if (error) return { ok: false, error };
  const name = rawName.trim();
  const index = s.presets.findIndex((p) => p.name === name);
  if (operation === PresetOperation.Create) {
    if (index < 0 && s.presets.length >= MAX_PRESETS) {
      return { ok: false, error: `You can keep at most ${MAX_PRESETS} presets.` };
    }
    const preset: DungeonPreset = { name, idleSize: s.idleSize };
    if (index < 0) s.presets.push(preset);
    else s.presets[index] = preset;
    s.activePreset = name;
    return { ok: true, message: `Preset ${name} saved.` };
  }
  if (index < 0) return { ok: false, error: `You have no preset named ${name}.` };
  if (operation === PresetOperation.Delete) {
    s.presets.splice(index, 1);
    if (s.activePreset === name) s.activePreset = "";
    return { ok: true, message: `Preset ${name} deleted.` };
  }
  if (operation === PresetOperation.Activate) {
    s.idleSize = (s.presets[index] as DungeonPreset).idleSize;
    s.activePreset = name;
    return { ok: true, message: `Preset ${name} active.` };
  }
  return { ok: false, error: "Unknown preset operation." };
}
