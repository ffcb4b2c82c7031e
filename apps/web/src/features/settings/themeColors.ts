import { useEffect } from "react";
import { DEFAULT_THEME_COLORS, type ThemeColorKey, type ThemeColors } from "./localSettings";
import { useLocalSettings } from "./settingsStore";

/** CSS variable (defined in styles/index.css) behind each customisable colour. */
export const THEME_COLOR_VARIABLES: Record<ThemeColorKey, string> = {
  primary: "--color-primary",
  general: "--color-chan-general",
  trade: "--color-chan-trade",
  help: "--color-chan-help",
  guild: "--color-chan-guild",
  global: "--color-chan-global",
  whispers: "--color-chan-whispers",
  notifications: "--color-chan-notifications",
};

/** Override the theme variables on <html>; default colours remove the override. */
export function applyThemeColors(colors: ThemeColors, root: HTMLElement): void {
  for (const [key, variable] of Object.entries(THEME_COLOR_VARIABLES) as [
    ThemeColorKey,
    string,
  ][]) {
    const value = colors[key];
    if (value.toLowerCase() === DEFAULT_THEME_COLORS[key]) root.style.removeProperty(variable);
    else root.style.setProperty(variable, value);
  }
}

/** Keep the document's theme variables (colours, chat box size) in sync with local settings. */
export function useApplyLocalTheme(): void {
  const { colors, chatboxSize } = useLocalSettings();
  useEffect(() => {
    const root = document.documentElement;
    applyThemeColors(colors, root);
    // Never below 9rem: the tabs, one line and the input must fit on a short window.
    root.style.setProperty("--chat-size", `max(9rem, ${chatboxSize}vh)`);
  }, [colors, chatboxSize]);
}
