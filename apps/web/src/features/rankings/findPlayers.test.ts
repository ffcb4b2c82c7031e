import { describe, expect, it } from "vitest";
import { canBeginName, findOutcome } from "./findPlayers";

describe("Rankings' Find a player (issue 31)", () => {
  it("opens an exact name in any case, or the only match, and offers several", () => {
    expect(findOutcome("bob", ["Bob", "Bob_Two"])).toEqual({ kind: "open", name: "Bob" });
    expect(findOutcome(" bob_t ", ["Bob_Two"])).toEqual({ kind: "open", name: "Bob_Two" });
    expect(findOutcome("bob", ["Bob_Two", "Bobby"])).toEqual({
      kind: "choose",
      names: ["Bob_Two", "Bobby"],
    });
    expect(findOutcome("Zed", [])).toEqual({ kind: "exact", name: "Zed" });
  });

  it("takes letters and underscores only, 1 to 20", () => {
    expect(["b", "Bob_", "_x", "a".repeat(20)].map(canBeginName)).toEqual([true, true, true, true]);
    expect(["", "a%", "bob two", "a".repeat(21), "é"].map(canBeginName)).toEqual([
      false,
      false,
      false,
      false,
      false,
    ]);
  });
});
