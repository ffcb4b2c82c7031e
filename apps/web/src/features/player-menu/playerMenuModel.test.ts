import { describe, expect, it } from "vitest";
import { playerMenuEntries } from "./playerMenuModel";

describe("player-name menu", () => {
  it("offers View Profile, Wire, Whisper, Ignore for other players", () => {
    expect(playerMenuEntries("Bob", "Alice").map((e) => e.label)).toEqual([
      "View Profile",
      "Wire",
      "Whisper",
      "Ignore",
    ]);
    expect(playerMenuEntries("Bob", null)).toHaveLength(4);
  });

  it("offers only View Profile on the player's own name", () => {
    expect(playerMenuEntries("alice", "Alice").map((e) => e.action)).toEqual(["profile"]);
  });
});
