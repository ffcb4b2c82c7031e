import { describe, expect, it } from "vitest";
import { GAME_RULES } from "./gameRules";

describe("GAME_RULES", () => {
  it("lists the 7 rules of the spec in order", () => {
    expect(GAME_RULES.map((rule) => rule.title)).toEqual([
      "Respect others",
      "Keep it safe",
      "No automation",
      "No scamming",
      "One account per person",
      "No account sharing",
      "No bug abuse",
    ]);
    for (const rule of GAME_RULES) expect(rule.text.length).toBeGreaterThan(20);
  });
});
