/**
 * The brewing section's amounts, kept locally per potion (spec: quick brew re-sends "the
 * amounts in the brewing section"), and the quick brew the shell's potion icon runs.
 */
import { type BrewEntry, POTIONS, QUICK_BREW_EMPTY, quickBrewEntries } from "@manaspire/game";
import { createLocalValue, type LocalValueCodec } from "../../lib/localValue";

export interface BrewSetting {
  tier: number;
  amount: number;
  autoConsume: boolean;
}

export type BrewSettings = Readonly<Record<number, BrewSetting>>;

const whole = (v: unknown): number =>
  typeof v === "number" && Number.isFinite(v) && v > 0 ? Math.floor(v) : 0;

export const brewSettingsCodec: LocalValueCodec<BrewSettings> = {
  parse(raw) {
    const out: Record<number, BrewSetting> = {};
    try {
      const data = JSON.parse(raw ?? "{}") as Record<string, Partial<BrewSetting>>;
      for (const p of POTIONS) {
        const s = data[p.boost];
        if (!s) continue;
        out[p.boost] = {
          tier: Math.min(p.maxTier, whole(s.tier)),
          amount: Math.min(99, whole(s.amount)),
          autoConsume: s.autoConsume !== false,
        };
      }
    } catch {
      // A damaged value starts the section empty.
    }
    return out;
  },
  serialize: (value) => JSON.stringify(value),
};

export const brewSettings = createLocalValue<BrewSettings>("brew-settings", brewSettingsCodec);

export function settingOf(settings: BrewSettings, boost: number): BrewSetting {
  return settings[boost] ?? { tier: 1, amount: 0, autoConsume: true };
}

/** What a quick brew sends for these settings and action, or the toast when nothing. */
export function quickBrewPlan(
  settings: BrewSettings,
  actionType: number,
): { entries: Array<BrewEntry & { autoConsume: boolean }> } | { empty: string } {
  const entries = quickBrewEntries(
    POTIONS.map((p) => ({ boost: p.boost, ...settingOf(settings, p.boost) })),
    actionType,
  ).map((e) => ({ ...e, autoConsume: settingOf(settings, e.boost).autoConsume }));
  return entries.length > 0 ? { entries } : { empty: QUICK_BREW_EMPTY };
}
