import { useId } from "react";
import { SettingsSection } from "./controls";
import { DEFAULT_THEME_COLORS, THEME_COLOR_KEYS, type ThemeColorKey } from "./localSettings";
import { localSettings, updateLocalSettings, useLocalSettings } from "./settingsStore";

const LABELS: Record<ThemeColorKey, string> = {
  primary: "Primary",
  general: "General",
  trade: "Trade",
  help: "Help",
  guild: "Guild",
  global: "Global",
  whispers: "Whispers",
  notifications: "Notifications",
};

/**
 * Settings, colour customisation: the eight theme colours (spec 001 section 3), applied at
 * once (`useApplyLocalTheme`), kept in this browser, each back to its default with Reset.
 */
export function ColorsSection() {
  const { colors } = useLocalSettings();
  const changed = THEME_COLOR_KEYS.some(
    (key) => colors[key].toLowerCase() !== DEFAULT_THEME_COLORS[key],
  );
  return (
    <SettingsSection
      id="colors"
      title="Colour customisation"
      description="The primary colour and the colour of each chat channel, in this browser."
    >
      <div className="grid grid-cols-1 gap-2 min-[420px]:grid-cols-2 sm:grid-cols-4">
        {THEME_COLOR_KEYS.map((key) => (
          <ColorField key={key} colorKey={key} value={colors[key]} />
        ))}
      </div>
      <div className="mt-3 flex justify-end">
        <button
          type="button"
          className="btn"
          disabled={!changed}
          onClick={() => updateLocalSettings({ colors: { ...DEFAULT_THEME_COLORS } })}
        >
          Reset colours
        </button>
      </div>
    </SettingsSection>
  );
}

function ColorField({ colorKey, value }: { colorKey: ThemeColorKey; value: string }) {
  const id = useId();
  const set = (next: string) => {
    const { colors } = localSettings.get();
    updateLocalSettings({ colors: { ...colors, [colorKey]: next } });
  };
  return (
    <div className="flex items-center gap-2 rounded-lg border border-edge bg-night-950/50 px-2 py-1.5">
      <input
        id={id}
        type="color"
        value={value}
        onChange={(event) => set(event.target.value)}
        className="size-8 shrink-0 cursor-pointer rounded border border-edge-bright bg-transparent"
        data-testid={`color-${colorKey}`}
      />
      <label htmlFor={id} className="min-w-0 flex-1">
        <span className="block text-sm" style={{ color: value }}>
          {LABELS[colorKey]}
        </span>
        <span className="block font-mono text-[0.7rem] text-ink-faint">{value}</span>
      </label>
    </div>
  );
}
