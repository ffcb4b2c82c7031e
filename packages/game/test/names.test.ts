import { describe, expect, it } from "vitest";
import {
  NAME_DOUBLE_UNDERSCORE_ERROR,
  NAME_LENGTH_ERROR,
  NAME_UNDERSCORE_EDGE_ERROR,
  validatePlayerName,
} from "../src/names";

describe("validatePlayerName", () => {
  it("accepts letters and single inner underscores of 3-20 characters", () => {
    expect(validatePlayerName("Ann")).toBeNull();
    expect(validatePlayerName("Merlin_the_Grey")).toBeNull();
    expect(validatePlayerName("a".repeat(20))).toBeNull();
  });

  it("refuses lengths outside 3-20 and other characters", () => {
    expect(validatePlayerName("ab")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("a".repeat(21))).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("mage42")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("mage one")).toBe(NAME_LENGTH_ERROR);
    expect(validatePlayerName("Zoë")).toBe(NAME_LENGTH_ERROR);
  });

  it("refuses underscores at the edges and doubled", () => {
    expect(validatePlayerName("_mage")).toBe(NAME_UNDERSCORE_EDGE_ERROR);
    expect(validatePlayerName("mage_")).toBe(NAME_UNDERSCORE_EDGE_ERROR);
    expect(validatePlayerName("ma__ge")).toBe(NAME_DOUBLE_UNDERSCORE_ERROR);
  });
});
