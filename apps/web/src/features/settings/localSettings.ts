/**
 * Local-only preferences, stored as one JSON object in localStorage key "settings"
 * (spec 001 section 3 "Local-only preferences"). Parsing is tolerant: unknown or
 * invalid fields fall back to their defaults.
 */

export type TooltipMode = "hover" | "click";
export type ChannelPrefix = "long" | "short" | "none";
export type ChatTitles = "colored" | "gray" | "none";

export const THEME_COLOR_KEYS = [
  "primary",
  "general",
  "trade",
  "help",
  "guild",
  "global",
  "whispers",
  "notifications",
] as const;
export type ThemeColorKey = (typeof THEME_COLOR_KEYS)[number];
export type ThemeColors = Record<ThemeColorKey, string>;

export const DEFAULT_THEME_COLORS: ThemeColors = {
  primary: "#703fe2",
  general: "#f7f9fb",
  trade: "#00a63e",
  help: "#00b8db",
  guild: "#ffd230",
  global: "#d4d4d4",
  whispers: "#fda5d5",
  notifications: "#f7f9fb",
};

export const CHATBOX_SIZE_MIN = 15;
export const CHATBOX_SIZE_MAX = 50;

export interface LocalSettings {
  tooltipMode: TooltipMode;
  /** Chat box height in vh (15-50). */
  chatboxSize: number;
  channelPrefix: ChannelPrefix;
  chatTitles: ChatTitles;
  colors: ThemeColors;
}

export const DEFAULT_SETTINGS: LocalSettings = {
  tooltipMode: "hover",
  chatboxSize: 25,
  channelPrefix: "long",
  chatTitles: "colored",
  colors: DEFAULT_THEME_COLORS,
};

const HEX_COLOR = /^#[0-9a-f]{6}$/i;

function oneOf<T extends string>(value: unknown, allowed: readonly T[], fallback: T): T {
  return typeof value === "string" && (allowed as readonly string[]).includes(value)
    ? (value as T)
    : fallback;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

export function clampChatboxSize(size: number): number {
  if (!Number.isFinite(size)) return DEFAULT_SETTINGS.chatboxSize;
  return Math.min(CHATBOX_SIZE_MAX, Math.max(CHATBOX_SIZE_MIN, Math.round(size)));
}

function parseColors(value: unknown): ThemeColors {
  const source = isRecord(value) ? value : {};
  const colors = { ...DEFAULT_THEME_COLORS };
  for (const key of THEME_COLOR_KEYS) {
    const candidate = source[key];
    if (typeof candidate === "string" && HEX_COLOR.test(candidate)) colors[key] = candidate;
  }
  return colors;
}

/** Parse the stored JSON text (or null) into complete, valid settings. */
export function parseLocalSettings(raw: string | null): LocalSettings {
  let data: unknown = null;
  if (raw !== null) {
    try {
      data = JSON.parse(raw);
    } catch {
      data = null;
    }
  }
  const source = isRecord(data) ? data : {};
  return {
    tooltipMode: oneOf(source.tooltipMode, ["hover", "click"], DEFAULT_SETTINGS.tooltipMode),
    chatboxSize:
      typeof source.chatboxSize === "number"
        ? clampChatboxSize(source.chatboxSize)
        : DEFAULT_SETTINGS.chatboxSize,
    channelPrefix: oneOf(
      source.channelPrefix,
      ["long", "short", "none"],
      DEFAULT_SETTINGS.channelPrefix,
    ),
    chatTitles: oneOf(source.chatTitles, ["colored", "gray", "none"], DEFAULT_SETTINGS.chatTitles),
    colors: parseColors(source.colors),
  };
}

/** Touch devices always use click tooltips; the setting is hidden there. */
export function effectiveTooltipMode(settings: LocalSettings, touchDevice: boolean): TooltipMode {
  return touchDevice ? "click" : settings.tooltipMode;
}
