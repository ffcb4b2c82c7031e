import { describe, expect, it } from "vitest";
import { parseSlashCommand, planSubmit, playerCommand, profilePath } from "./chatCommands";
import { CHAT_MAX_LENGTH } from "./chatInput";

describe("planSubmit", () => {
  it("sends nothing for an empty or blank message", () => {
    expect(planSubmit("", 1)).toEqual({ kind: "empty" });
    expect(planSubmit("   \n\t ", 1)).toEqual({ kind: "empty" });
  });

  it("sends a plain line only when a channel is selected", () => {
    expect(planSubmit("hello", 1)).toEqual({ kind: "send", channel: 1, text: "hello" });
    expect(planSubmit("hello", null)).toEqual({ kind: "noChannel" });
  });

  it("sends a slash command without a channel, even with none selected", () => {
    expect(planSubmit("/w Bob hi there", null)).toEqual({
      kind: "send",
      channel: undefined,
      text: "/w Bob hi there",
    });
    expect(planSubmit("/wire Bob", 2)).toEqual({
      kind: "send",
      channel: undefined,
      text: "/wire Bob",
    });
    expect(planSubmit("/ignore Bob", 1)).toEqual({ kind: "confirmIgnore", name: "Bob" });
    expect(planSubmit("/IGNORE  Bob  ", null)).toEqual({ kind: "confirmIgnore", name: "Bob" });
    expect(planSubmit("/ignore", 1).kind).toBe("send"); // the server answers its usage
    expect(planSubmit("/unignore Bob", 1).kind).toBe("send");
    expect(planSubmit("/help", null).kind).toBe("send");
  });

  it("turns line breaks into spaces and trims", () => {
    expect(planSubmit("  one\ntwo  ", 3)).toEqual({ kind: "send", channel: 3, text: "one two" });
  });

  it("navigates for /profile name without sending", () => {
    expect(planSubmit("/profile Merlin", 1)).toEqual({ kind: "navigate", to: "/profile/Merlin" });
    expect(planSubmit("/PROFILE  Merlin  extra", null)).toEqual({
      kind: "navigate",
      to: "/profile/Merlin",
    });
    expect(planSubmit("/profile", 1)).toEqual({ kind: "navigate", to: "/profile" });
  });

  it("navigates to /event for /event and /elementalrift", () => {
    expect(planSubmit("/event", 1)).toEqual({ kind: "navigate", to: "/event" });
    expect(planSubmit("/elementalrift", null)).toEqual({ kind: "navigate", to: "/event" });
    expect(planSubmit("/ElementalRift now", null)).toEqual({ kind: "navigate", to: "/event" });
  });

  it("does not treat a mere prefix as a client command", () => {
    expect(planSubmit("/events", 1)).toEqual({ kind: "send", channel: undefined, text: "/events" });
    expect(planSubmit("/profiles x", 1).kind).toBe("send");
  });

  it("refuses a message longer than the server takes", () => {
    expect(planSubmit("a".repeat(CHAT_MAX_LENGTH + 1), 1)).toEqual({ kind: "tooLong" });
    expect(planSubmit("a".repeat(CHAT_MAX_LENGTH), 1).kind).toBe("send");
  });
});

describe("helpers", () => {
  it("parses a slash command", () => {
    expect(parseSlashCommand("hello")).toBeNull();
    expect(parseSlashCommand("/W bob hi")).toEqual({ name: "w", args: "bob hi" });
    expect(parseSlashCommand("/")).toEqual({ name: "", args: "" });
  });

  it("encodes names in profile addresses", () => {
    expect(profilePath("A b/c")).toBe("/profile/A%20b%2Fc");
    expect(profilePath(" ")).toBe("/profile");
  });

  it("builds the player-menu commands", () => {
    expect(playerCommand.whisperPrefix("Bob")).toBe("/w Bob ");
    expect(playerCommand.wire("Bob")).toBe("/wire Bob");
    expect(playerCommand.ignore("Bob")).toBe("/ignore Bob");
  });
});
