import { describe, expect, it } from "vitest";
import { USERNAME_ERRORS, USERNAME_MAX_LENGTH, validateUsername } from "./username";

describe("validateUsername", () => {
  it("accepts 3-20 letters and single inner underscores", () => {
    expect(validateUsername("Bob")).toBeNull();
    expect(validateUsername("Merlin")).toBeNull();
    expect(validateUsername("fire_mage")).toBeNull();
    expect(validateUsername("a_b_c")).toBeNull();
    expect(validateUsername("A".repeat(20))).toBeNull();
  });

  it("uses the exact spec messages", () => {
    expect(USERNAME_ERRORS.length).toBe("Name must be 3–20 letters.");
    expect(USERNAME_ERRORS.edgeUnderscore).toBe("Name can't start or end with an underscore.");
    expect(USERNAME_ERRORS.doubleUnderscore).toBe("Name can't contain double underscores.");
    expect(USERNAME_MAX_LENGTH).toBe(20);
  });

  it("rejects bad lengths", () => {
    expect(validateUsername("")).toBe(USERNAME_ERRORS.length);
    expect(validateUsername("ab")).toBe(USERNAME_ERRORS.length);
    expect(validateUsername("A".repeat(21))).toBe(USERNAME_ERRORS.length);
  });

  it("rejects anything but letters and underscores", () => {
    expect(validateUsername("mage42")).toBe(USERNAME_ERRORS.length);
    expect(validateUsername("fire mage")).toBe(USERNAME_ERRORS.length);
    expect(validateUsername("fire-mage")).toBe(USERNAME_ERRORS.length);
    expect(validateUsername("Zoë")).toBe(USERNAME_ERRORS.length);
  });

  it("rejects underscores at either end", () => {
    expect(validateUsername("_mage")).toBe(USERNAME_ERRORS.edgeUnderscore);
    expect(validateUsername("mage_")).toBe(USERNAME_ERRORS.edgeUnderscore);
    expect(validateUsername("___")).toBe(USERNAME_ERRORS.edgeUnderscore);
  });

  it("rejects double underscores", () => {
    expect(validateUsername("fire__mage")).toBe(USERNAME_ERRORS.doubleUnderscore);
  });

  it("rejects reserved names as the server does", () => {
    expect(USERNAME_ERRORS.reserved).toBe("That name is reserved.");
    expect(validateUsername("admin")).toBe(USERNAME_ERRORS.reserved);
    expect(validateUsername("Guest_abcdefgh")).toBe(USERNAME_ERRORS.reserved);
    expect(validateUsername("Lord_Admin")).toBeNull();
  });
});
