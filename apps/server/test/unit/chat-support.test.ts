import { ChatChannel } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { decodeCursor, encodeCursor, escapeLike } from "../../src/services/activity-log";
import { chatRole, joinedChannels, sendRefusal } from "../../src/services/chat/channels";
import { formatDuration } from "../../src/services/chat/moderation";
import { describeDevice } from "../../src/services/device";
import { type HandlerContext, mergeHandlers } from "../../src/socket/handlers";

describe("chat channels", () => {
  it("lists joined channels in the spec's tab order, Guild only with a guild", () => {
    expect(joinedChannels(undefined)).toEqual([1, 2, 3, 5, 7]);
    expect(joinedChannels(9)).toEqual([1, 2, 4, 3, 5, 7]);
  });

  it("says who may send where", () => {
    expect(sendRefusal(ChatChannel.General, 0, undefined)).toBeNull();
    expect(sendRefusal(ChatChannel.Trade, 0, undefined)).toBeNull();
    expect(sendRefusal(ChatChannel.Help, 0, undefined)).toBeNull();
    expect(sendRefusal(ChatChannel.Guild, 0, undefined)).toBe("You are not in a guild.");
    expect(sendRefusal(ChatChannel.Guild, 0, 3)).toBeNull();
    expect(sendRefusal(ChatChannel.Global, 0, undefined)).toMatch(/moderators and admins/);
    expect(sendRefusal(ChatChannel.Global, 1, undefined)).toBeNull();
    expect(sendRefusal(ChatChannel.Whispers, 2, undefined)).toMatch(/\/w name/);
    expect(sendRefusal(ChatChannel.Notifications, 2, undefined)).toMatch(/read-only/);
    expect(sendRefusal(undefined, 0, undefined)).toMatch(/Pick a channel/);
    expect(sendRefusal(42, 0, undefined)).toMatch(/does not exist/);
  });

  it("clamps unknown roles to player", () => {
    expect([0, 1, 2, 3, -1].map(chatRole)).toEqual([0, 1, 2, 0, 0]);
  });
});

describe("formatDuration", () => {
  it("rounds up to readable units", () => {
    expect(formatDuration(1)).toBe("1 second");
    expect(formatDuration(45_000)).toBe("45 seconds");
    expect(formatDuration(60_000)).toBe("1 minute");
    expect(formatDuration(29 * 60_000 + 1)).toBe("30 minutes");
    expect(formatDuration(60 * 60_000)).toBe("1 hour");
    expect(formatDuration(125 * 60_000)).toBe("2 hours 5 minutes");
    expect(formatDuration(24 * 3_600_000)).toBe("1 day");
    expect(formatDuration(76 * 3_600_000)).toBe("3 days 4 hours");
  });
});

describe("activity log cursors and search", () => {
  it("round-trips a cursor and refuses foreign ones", () => {
    for (const id of [1, 50, 123_456_789, Number.MAX_SAFE_INTEGER]) {
      expect(decodeCursor(encodeCursor(id))).toBe(id);
    }
    expect(decodeCursor("")).toBeUndefined();
    for (const bad of ["x", "c", "c-1", "c0", "C1", "c1 ", "czzzzzzzzzzzz", "1; drop table"]) {
      expect(decodeCursor(bad), bad).toBeNull();
    }
  });

  it("escapes LIKE wildcards and the escape character", () => {
    expect(escapeLike("100%_done\\x")).toBe("100\\%\\_done\\\\x");
    expect(escapeLike("plain")).toBe("plain");
  });
});

describe("describeDevice", () => {
  it("names the browser family and system, never versions", () => {
    const cases: Array<[string | undefined, string]> = [
      [
        "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
        "Chrome on Windows",
      ],
      [
        "Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0",
        "Firefox on Linux",
      ],
      [
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Safari on iOS",
      ],
      [
        "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
        "Edge on macOS",
      ],
      [
        "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
        "Samsung Internet on Android",
      ],
      ["curl/8.5.0", "Unknown device"],
      [undefined, "Unknown device"],
      ["", "Unknown device"],
    ];
    for (const [ua, expected] of cases) expect(describeDevice(ua)).toBe(expected);
  });
});

describe("mergeHandlers", () => {
  it("runs the handlers of one message in order and keeps the others", async () => {
    const calls: string[] = [];
    const merged = mergeHandlers(
      {
        hydrate: () => {
          calls.push("core");
        },
      },
      {
        hydrate: async () => {
          await Promise.resolve();
          calls.push("chat");
        },
        heartbeat: () => {
          calls.push("beat");
        },
      },
    );
    const ctx = {} as HandlerContext;
    await merged.hydrate?.(ctx, {});
    await merged.heartbeat?.(ctx, {});
    expect(calls).toEqual(["core", "chat", "beat"]);
  });
});

describe("CHAT_EMOTES", () => {
  it("reads names separated by commas or spaces; unset means the built-in list", () => {
    expect(loadConfig({ CHAT_EMOTES: "Kappa, PogChamp  EZ" }).CHAT_EMOTES).toEqual([
      "Kappa",
      "PogChamp",
      "EZ",
    ]);
    expect(loadConfig({ CHAT_EMOTES: "," }).CHAT_EMOTES).toEqual([]);
    expect(loadConfig({}).CHAT_EMOTES).toBeUndefined();
    expect(() => loadConfig({ CHAT_EMOTES: "x".repeat(51) })).toThrow(/CHAT_EMOTES/);
  });
});
