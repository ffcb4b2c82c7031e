import { describe, expect, it } from "vitest";
import { playerMenuEntries } from "./playerMenuModel";

const labels = (...args: Parameters<typeof playerMenuEntries>) =>
  playerMenuEntries(...args).map((e) => e.label);

describe("player-name menu", () => {
  it("offers View Profile, Wire, Whisper, Ignore for other players", () => {
    expect(labels("Bob", "Alice")).toEqual(["View Profile", "Wire", "Whisper", "Ignore"]);
    expect(playerMenuEntries("Bob", null)).toHaveLength(4);
  });

  it("offers only View Profile on the player's own name", () => {
    expect(playerMenuEntries("alice", "Alice").map((e) => e.action)).toEqual(["profile"]);
    expect(playerMenuEntries("alice", "Alice", { selfRole: 2 }).map((e) => e.action)).toEqual([
      "profile",
    ]);
  });

  it("adds no moderation entries for players", () => {
    expect(labels("Bob", "Alice", { selfRole: 0, targetRole: 0 })).toEqual([
      "View Profile",
      "Wire",
      "Whisper",
      "Ignore",
    ]);
  });

  it("adds Mute… and Unmute for moderators and admins, as a group of their own", () => {
    for (const selfRole of [1, 2]) {
      const entries = playerMenuEntries("Bob", "Alice", { selfRole });
      expect(entries.map((e) => e.label)).toEqual([
        "View Profile",
        "Wire",
        "Whisper",
        "Ignore",
        "Mute…",
        "Unmute",
      ]);
      expect(entries.filter((e) => e.staff).map((e) => e.action)).toEqual(["mute", "unmute"]);
    }
  });

  it("leaves Mute… out when the named player's role is not below the viewer's", () => {
    expect(labels("Bob", "Alice", { selfRole: 1, targetRole: 0 })).toContain("Mute…");
    expect(labels("Bob", "Alice", { selfRole: 1, targetRole: 1 })).not.toContain("Mute…");
    expect(labels("Bob", "Alice", { selfRole: 1, targetRole: 2 })).not.toContain("Mute…");
    expect(labels("Bob", "Alice", { selfRole: 2, targetRole: 1 })).toContain("Mute…");
    expect(labels("Bob", "Alice", { selfRole: 1, targetRole: 2 })).toContain("Unmute");
  });
});
