import { ChatChannel, MAX_MUTE_MINUTES } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  canDeleteLine,
  linePreview,
  MUTE_PRESETS,
  moderationCommand,
  parseMuteMinutes,
} from "./chatModeration";

const PLAYER = 0;
const MOD = 1;
const ADMIN = 2;

describe("deleting chat lines", () => {
  const line = (channel: number, senderId = 9) => ({ channel, senderId });

  it("offers Delete to moderators and admins on every shared channel's lines", () => {
    for (const channel of [
      ChatChannel.General,
      ChatChannel.Trade,
      ChatChannel.Help,
      ChatChannel.Guild,
      ChatChannel.Global,
    ]) {
      expect(canDeleteLine(line(channel), MOD)).toBe(true);
      expect(canDeleteLine(line(channel), ADMIN)).toBe(true);
    }
  });

  it("includes the moderator's own lines", () => {
    expect(canDeleteLine(line(ChatChannel.General, 1), MOD)).toBe(true);
  });

  it("never offers it to players", () => {
    expect(canDeleteLine(line(ChatChannel.General), PLAYER)).toBe(false);
  });

  it("leaves whispers, server lines and unknown channels alone", () => {
    expect(canDeleteLine(line(ChatChannel.Whispers), ADMIN)).toBe(false);
    expect(canDeleteLine(line(ChatChannel.Notifications, 0), ADMIN)).toBe(false);
    expect(canDeleteLine(line(ChatChannel.General, 0), ADMIN)).toBe(false);
    expect(canDeleteLine(line(42), ADMIN)).toBe(false);
  });
});

describe("staff commands", () => {
  it("are the server's slash commands", () => {
    expect(moderationCommand.mute("Bob", 30)).toBe("/mute Bob 30");
    expect(moderationCommand.unmute("Bob")).toBe("/unmute Bob");
    expect(moderationCommand.deleteLine(1234)).toBe("/delete 1234");
  });
});

describe("mute minutes", () => {
  it("takes whole minutes from 1 to the server's longest mute", () => {
    expect(parseMuteMinutes("1")).toBe(1);
    expect(parseMuteMinutes(" 90 ")).toBe(90);
    expect(parseMuteMinutes(String(MAX_MUTE_MINUTES))).toBe(MAX_MUTE_MINUTES);
    expect(parseMuteMinutes("525,600")).toBe(525_600);
    expect(parseMuteMinutes("1.5k")).toBe(1500);
  });

  it("refuses empty, zero, negative, fractional, too long and non-numbers", () => {
    for (const text of ["", "  ", "0", "-5", "2.5", String(MAX_MUTE_MINUTES + 1), "1M", "ten"]) {
      expect(parseMuteMinutes(text), text).toBeNull();
    }
  });

  it("offers presets the server accepts", () => {
    for (const preset of MUTE_PRESETS) {
      expect(parseMuteMinutes(String(preset.minutes))).toBe(preset.minutes);
    }
  });
});

describe("line preview", () => {
  it("joins the parts, shows links in brackets and shortens long text", () => {
    expect(
      linePreview([
        { kind: 1, text: "look  at " },
        { kind: 4, text: "Gloves" },
        { kind: 1, text: " and " },
        { kind: 5, text: "Iron" },
      ]),
    ).toBe("look at [Gloves] and [Iron]");
    const long = linePreview([{ kind: 1, text: "x".repeat(300) }], 20);
    expect(long).toHaveLength(20);
    expect(long.endsWith("…")).toBe(true);
  });
});
