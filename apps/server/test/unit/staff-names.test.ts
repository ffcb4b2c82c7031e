import { describe, expect, it } from "vitest";
import { StaffNames } from "../../src/services/staff-names";

describe("StaffNames", () => {
  const staff = new StaffNames(["Lord_Admin", "Both_Lists"], ["mod_mia", "Both_Lists"]);

  it("raises listed players to their role, matching names case-insensitively", () => {
    expect(staff.roleOf("lord_admin", 0)).toBe(2);
    expect(staff.roleOf("Mod_Mia", 0)).toBe(1);
  });

  it("keeps the stored role of everyone else, and never lowers one", () => {
    expect(staff.roleOf("Someone", 0)).toBe(0);
    expect(staff.roleOf("Someone", 1)).toBe(1);
    expect(staff.roleOf("Mod_Mia", 2)).toBe(2);
  });

  it("makes a name on both lists an admin", () => {
    expect(staff.roleOf("both_lists", 0)).toBe(2);
  });

  it("grants nothing without lists", () => {
    expect(new StaffNames().roleOf("Lord_Admin", 0)).toBe(0);
  });
});
