import { describe, expect, it } from "vitest";
import type { Profile } from "../../store/slices/rankings";
import { activityOf, equipmentSlots, formatStat, lookupPath, statGroupsOf } from "./profileModel";

const profile: Profile = {
  id: 1,
  name: "Ann",
  title: "",
  titleColor: "",
  banned: false,
  profileText: "",
  actionType: 1,
  level: 1,
  zone: 3,
  enemy: 120,
  magicType: 1,
  miningLevel: 0,
  fishingLevel: 0,
  woodcuttingLevel: 0,
  petLevels: 0,
  activePets: [],
  equipment: [],
  sigilBoost: 0,
  activeSigil: 0,
  eventPoints: 0,
  kills: 0,
  deaths: 0,
  highestEnemy: 0,
  battleQuestCompleted: 0,
  gatherActions: 0,
  gatherQuestCompleted: 0,
  eventActions: 0,
  potionsBrewed: 0,
  boosts: {},
  totalBoosts: { 3: 10 },
  nexusCrystal: 0,
  blockEnchants: false,
};

describe("the profile screen", () => {
  it("trims the looked-up name and goes to one's own profile for an empty box", () => {
    expect(lookupPath("  Bob ")).toBe("/profile/Bob");
    expect(lookupPath("   ")).toBe("/profile");
  });

  it("computes the ten stat groups from the profile", () => {
    const groups = statGroupsOf(profile);
    expect(groups).toHaveLength(10);
    expect(groups[0]?.lines.find((l) => l.label === "Intellect")?.value).toBe(20);
  });

  it("formats stats", () => {
    expect(formatStat({ label: "x", value: 12.345, format: "percent" }).text).toBe("12.35%");
    expect(formatStat({ label: "x", value: 1500, format: "number" }).text).toBe("1,500");
    expect(formatStat({ label: "x", value: 25_000, format: "number" }).text).toBe("25K");
  });

  it("says what the mage is doing", () => {
    expect(activityOf(profile)).toBe("Battle: Worldshaper 120 (Worldshaper's Domain)");
    expect(activityOf({ ...profile, actionType: 2 })).toBe("Mining");
    expect(activityOf({ ...profile, actionType: 0 })).toBe("Idle");
  });

  it("lists the eight gear slots", () => {
    expect(equipmentSlots(profile).map((s) => s.name)).toEqual([
      "Weapon",
      "Hat",
      "Robe",
      "Cloak",
      "Gloves",
      "Boots",
      "Amulet",
      "Ring",
    ]);
  });
});
