import { describe, expect, it } from "vitest";
import {
  clampChatboxSize,
  DEFAULT_SETTINGS,
  DEFAULT_THEME_COLORS,
  effectiveTooltipMode,
  parseLocalSettings,
} from "./localSettings";

describe("parseLocalSettings", () => {
  it("returns defaults for missing or broken data", () => {
    expect(parseLocalSettings(null)).toEqual(DEFAULT_SETTINGS);
    expect(parseLocalSettings("not json")).toEqual(DEFAULT_SETTINGS);
    expect(parseLocalSettings("[1,2]")).toEqual(DEFAULT_SETTINGS);
  });

  it("has the spec defaults", () => {
    expect(DEFAULT_SETTINGS.tooltipMode).toBe("hover");
    expect(DEFAULT_SETTINGS.chatboxSize).toBe(25);
    expect(DEFAULT_SETTINGS.channelPrefix).toBe("long");
    expect(DEFAULT_SETTINGS.chatTitles).toBe("colored");
    expect(DEFAULT_THEME_COLORS).toEqual({
      primary: "#703fe2",
      general: "#f7f9fb",
      trade: "#00a63e",
      help: "#00b8db",
      guild: "#ffd230",
      global: "#d4d4d4",
      whispers: "#fda5d5",
      notifications: "#f7f9fb",
    });
  });

  it("keeps valid values and drops invalid ones", () => {
    const parsed = parseLocalSettings(
      JSON.stringify({
        tooltipMode: "click",
        chatboxSize: 99,
        channelPrefix: "weird",
        chatTitles: "gray",
        colors: { primary: "#112233", trade: "red", help: 5 },
      }),
    );
    expect(parsed.tooltipMode).toBe("click");
    expect(parsed.chatboxSize).toBe(50);
    expect(parsed.channelPrefix).toBe("long");
    expect(parsed.chatTitles).toBe("gray");
    expect(parsed.colors.primary).toBe("#112233");
    expect(parsed.colors.trade).toBe("#00a63e");
    expect(parsed.colors.help).toBe("#00b8db");
  });
});

describe("clampChatboxSize", () => {
  it("clamps to 15-50 and rounds", () => {
    expect(clampChatboxSize(3)).toBe(15);
    expect(clampChatboxSize(70)).toBe(50);
    expect(clampChatboxSize(30.4)).toBe(30);
    expect(clampChatboxSize(Number.NaN)).toBe(25);
  });
});

describe("effectiveTooltipMode", () => {
  it("forces click on touch devices", () => {
    expect(effectiveTooltipMode(DEFAULT_SETTINGS, true)).toBe("click");
    expect(effectiveTooltipMode(DEFAULT_SETTINGS, false)).toBe("hover");
    expect(effectiveTooltipMode({ ...DEFAULT_SETTINGS, tooltipMode: "click" }, false)).toBe(
      "click",
    );
  });
});
