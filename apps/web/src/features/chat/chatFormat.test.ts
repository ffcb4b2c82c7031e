import { ChatChannel } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  channelClass,
  channelPrefix,
  chatClock,
  lineSender,
  roleBadge,
  safeHexColor,
  safeHttpUrl,
  titleView,
} from "./chatFormat";

describe("channel prefix", () => {
  it("is long, short or none", () => {
    expect(channelPrefix(ChatChannel.General, "long")).toBe("[General]");
    expect(channelPrefix(ChatChannel.General, "short")).toBe("[G]");
    expect(channelPrefix(ChatChannel.General, "none")).toBe("");
    expect(channelPrefix(ChatChannel.Trade, "short")).toBe("[T]");
    expect(channelPrefix(ChatChannel.Whispers, "long")).toBe("[Whispers]");
    expect(channelPrefix(ChatChannel.Notifications, "short")).toBe("[N]");
    expect(channelPrefix(ChatChannel.Guild, "short")).toBe("[Gu]");
    expect(channelPrefix(ChatChannel.Global, "short")).toBe("[Gl]");
  });

  it("uses the theme colour classes", () => {
    expect(channelClass(ChatChannel.Trade)).toBe("chan-trade");
    expect(channelClass(ChatChannel.Whispers)).toBe("chan-whispers");
    expect(channelClass(99)).toBe("chan-general");
  });
});

describe("role and title", () => {
  it("shows Admin and Mod capitalised, nothing for players", () => {
    expect(roleBadge(2)).toBe("Admin");
    expect(roleBadge(1)).toBe("Mod");
    expect(roleBadge(0)).toBeNull();
  });

  it("shows the title coloured, gray or not at all", () => {
    expect(titleView("Archmage", "#ff8800", "colored")).toEqual({
      text: "Archmage",
      color: "#ff8800",
    });
    expect(titleView("Archmage", "#ff8800", "gray")).toEqual({ text: "Archmage", color: null });
    expect(titleView("Archmage", "#ff8800", "none")).toBeNull();
    expect(titleView("  ", "#ff8800", "colored")).toBeNull();
  });

  it("accepts only hex colours", () => {
    expect(safeHexColor("#abc")).toBe("#abc");
    expect(safeHexColor("#AABBCCDD")).toBe("#AABBCCDD");
    expect(safeHexColor("red;background:url(x)")).toBeNull();
    expect(titleView("T", "expression(alert(1))", "colored")).toEqual({ text: "T", color: null });
  });
});

describe("links", () => {
  it("opens only http and https addresses", () => {
    expect(safeHttpUrl("https://example.com/a?b=1")).toBe("https://example.com/a?b=1");
    expect(safeHttpUrl("http://example.com")).toBe("http://example.com/");
    expect(safeHttpUrl("javascript:alert(1)")).toBeNull();
    expect(safeHttpUrl("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHttpUrl("data:text/html,<script>")).toBeNull();
    expect(safeHttpUrl("vbscript:x")).toBeNull();
    expect(safeHttpUrl("ftp://example.com")).toBeNull();
    expect(safeHttpUrl("//example.com")).toBeNull();
    expect(safeHttpUrl("https://user:pw@example.com")).toBeNull();
    expect(safeHttpUrl(undefined)).toBeNull();
    expect(safeHttpUrl("")).toBeNull();
  });
});

describe("senders", () => {
  const base = { senderName: "Alice", recipientName: undefined, senderId: 1 };
  it("marks system lines, whispers from and to", () => {
    expect(lineSender({ ...base, channel: 7, senderId: 0, senderName: "System" }, 5)).toEqual({
      kind: "system",
      name: "System",
    });
    expect(lineSender({ ...base, channel: 6, recipientName: "Bob" }, 2)).toEqual({
      kind: "whisperFrom",
      name: "Alice",
    });
    expect(lineSender({ ...base, channel: 6, recipientName: "Bob" }, 1)).toEqual({
      kind: "whisperTo",
      name: "Bob",
    });
    expect(lineSender({ ...base, channel: 1 }, 1)).toEqual({ kind: "player", name: "Alice" });
  });

  it("formats the clock", () => {
    const at = new Date(2026, 0, 2, 3, 4, 5).getTime();
    expect(chatClock(at)).toBe("03:04");
    expect(chatClock(Number.NaN)).toBe("--:--");
  });
});
