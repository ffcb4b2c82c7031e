/**
 * Player preferences kept by the server (spec 001 section 3 "Player preferences", section 5
 * "Auto siphon input", section 6 "Quality of Life"), shared by the server, which checks every
 * `updatePreferences`, and the browser, which shows the same limits.
 */

/** Items of this rarity or lower that drop become their disenchant yield (0 none … 3 rare). */
export type AutoDisenchantRarity = 0 | 1 | 2 | 3;

export interface PlayerPreferences {
  autoJoinElementalRift: boolean;
  /** Siphons of a Rift of Power made on their own (at most 2 digits). */
  autoSiphonRiftOfPower: number;
  autoDisenchant: AutoDisenchantRarity;
  blockEnchants: boolean;
  autoCollectFarm: boolean;
}

/** The spec's defaults. */
export const DEFAULT_PREFERENCES: Readonly<PlayerPreferences> = {
  autoJoinElementalRift: true,
  autoSiphonRiftOfPower: 0,
  autoDisenchant: 0,
  blockEnchants: false,
  autoCollectFarm: false,
};

/** The auto siphon input takes at most 2 digits. */
export const AUTO_SIPHON_MAX = 99;

/** Preferences that only a player with Quality of Life may change (spec 001 section 6). */
export const QOL_PREFERENCES = [
  "autoJoinElementalRift",
  "autoSiphonRiftOfPower",
  "autoCollectFarm",
] as const satisfies readonly (keyof PlayerPreferences)[];

export const PREFERENCE_LABELS: Record<keyof PlayerPreferences, string> = {
  autoJoinElementalRift: "Auto join Elemental Rift",
  autoSiphonRiftOfPower: "Auto siphon Rift of Power",
  autoDisenchant: "Auto disenchant",
  blockEnchants: "Block enchants",
  autoCollectFarm: "Auto collect farm",
};

/** A stored preferences object (any shape) with the defaults filled in. */
export function preferencesWithDefaults(
  stored: Readonly<Record<string, unknown>>,
): PlayerPreferences {
  const out: PlayerPreferences = { ...DEFAULT_PREFERENCES };
  const bool = (key: "autoJoinElementalRift" | "blockEnchants" | "autoCollectFarm") => {
    if (typeof stored[key] === "boolean") out[key] = stored[key];
  };
  bool("autoJoinElementalRift");
  bool("blockEnchants");
  bool("autoCollectFarm");
  const siphon = stored.autoSiphonRiftOfPower;
  if (typeof siphon === "number" && Number.isInteger(siphon) && siphon >= 0) {
    out.autoSiphonRiftOfPower = Math.min(AUTO_SIPHON_MAX, siphon);
  }
  const rarity = stored.autoDisenchant;
  if (rarity === 0 || rarity === 1 || rarity === 2 || rarity === 3) out.autoDisenchant = rarity;
  return out;
}

/**
 * What the auto siphon input holds: digits only, at most 2 (a third typed digit is dropped,
 * anything else is ignored); empty counts as 0.
 */
export function parseAutoSiphonInput(text: string): number {
  const digits = text.replace(/\D/g, "").slice(0, 2);
  return digits === "" ? 0 : Number(digits);
}

/**
 * Checks a full preferences object a player sent against their current ones. Returns the
 * refusal to show, or null when it may be saved. Without Quality of Life the QoL-only
 * preferences must stay as they are (the others may change).
 */
export function preferencesError(
  current: Readonly<PlayerPreferences>,
  next: Readonly<PlayerPreferences>,
  hasQoL: boolean,
): string | null {
  const siphon = next.autoSiphonRiftOfPower;
  if (!Number.isInteger(siphon) || siphon < 0 || siphon > AUTO_SIPHON_MAX) {
    return `Auto siphon takes a whole number from 0 to ${AUTO_SIPHON_MAX}.`;
  }
  if (![0, 1, 2, 3].includes(next.autoDisenchant)) return "Unknown auto disenchant rarity.";
  if (!hasQoL) {
    for (const key of QOL_PREFERENCES) {
      if (next[key] !== current[key]) {
        return `${PREFERENCE_LABELS[key]} needs Quality of Life; get it in the Premium shop.`;
      }
    }
  }
  return null;
}
