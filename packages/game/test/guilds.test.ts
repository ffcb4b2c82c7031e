import { describe, expect, it } from "vitest";
import {
  ALL_GUILD_PERMISSIONS,
  canBuyGuildUpgrade,
  cleanGuildName,
  cleanPermissionMask,
  effectiveTaxRate,
  GuildPermission,
  GuildUpgrade,
  guildArmoryCapacity,
  guildEffects,
  guildMaxMembers,
  guildUpgradeCost,
  hasGuildPermission,
  LootId,
  outranks,
  splitTax,
  totalGuildUpgrades,
} from "../src/index";

describe("guild names", () => {
  it("takes 3-30 letters, apostrophes and spaces", () => {
    expect(cleanGuildName("Mages")).toBe("Mages");
    expect(cleanGuildName("  The  Mage's Hall ")).toBe("The Mage's Hall");
    expect(cleanGuildName("a".repeat(30))).toBe("a".repeat(30));
  });
  it("refuses short, long, digits, symbols and letterless names", () => {
    for (const bad of ["", "ab", "a".repeat(31), "Guild1", "Mages!", "'''", "   ", "Ma\u0000ges"]) {
      expect(cleanGuildName(bad)).toBeUndefined();
    }
  });
});

describe("guild permissions", () => {
  it("reads the 12 bits; no guild has none", () => {
    expect(ALL_GUILD_PERMISSIONS).toBe(0xfff);
    const mask = (1 << GuildPermission.Invite) | (1 << GuildPermission.WithdrawFunds);
    expect(hasGuildPermission(mask, GuildPermission.Invite)).toBe(true);
    expect(hasGuildPermission(mask, GuildPermission.WithdrawFunds)).toBe(true);
    expect(hasGuildPermission(mask, GuildPermission.Kick)).toBe(false);
    expect(hasGuildPermission(undefined, GuildPermission.Invite)).toBe(false);
    for (let bit = 0; bit < 12; bit++) {
      expect(hasGuildPermission(ALL_GUILD_PERMISSIONS, bit as GuildPermission)).toBe(true);
    }
  });
  it("keeps only defined bits of a client's mask", () => {
    expect(cleanPermissionMask(0xffff_ffff)).toBe(0xfff);
    expect(cleanPermissionMask(-1)).toBe(0);
    expect(cleanPermissionMask(Number.NaN)).toBe(0);
    expect(cleanPermissionMask(5)).toBe(5);
  });
  it("lets the leader act on anyone else, others only on lower ranks", () => {
    const leader = { isLeader: true, rankId: 1 };
    const officer = { isLeader: false, rankId: 2 };
    const member = { isLeader: false, rankId: 10 };
    expect(outranks(leader, member)).toBe(true);
    expect(outranks(officer, member)).toBe(true);
    expect(outranks(member, officer)).toBe(false);
    expect(outranks(officer, { isLeader: false, rankId: 2 })).toBe(false);
    expect(outranks(officer, leader)).toBe(false);
    expect(outranks(leader, leader)).toBe(false);
  });
});

describe("guild capacity and upgrades", () => {
  it("members 10 + Council Chamber, armory 200 + 50 per Cloakroom", () => {
    expect(guildMaxMembers({})).toBe(10);
    expect(guildMaxMembers({ [GuildUpgrade.CouncilChamber]: 20 })).toBe(30);
    expect(guildArmoryCapacity({})).toBe(200);
    expect(guildArmoryCapacity({ [GuildUpgrade.Cloakroom]: 3 })).toBe(350);
    expect(totalGuildUpgrades({ 1: 2, 3: 4 })).toBe(6);
  });
  it("costs grow with the square of the level; capped upgrades stop at 20", () => {
    expect(guildUpgradeCost(GuildUpgrade.Study, 1)).toEqual({
      [LootId.ManaDust]: 25_000,
      [LootId.ElementalShards]: 250,
    });
    expect(guildUpgradeCost(GuildUpgrade.Study, 4)?.[LootId.ManaDust]).toBe(400_000);
    expect(guildUpgradeCost(GuildUpgrade.CouncilChamber, 20)).toBeDefined();
    expect(guildUpgradeCost(GuildUpgrade.CouncilChamber, 21)).toBeUndefined();
    expect(guildUpgradeCost(GuildUpgrade.Cloakroom, 21)).toBeUndefined();
    expect(guildUpgradeCost(GuildUpgrade.Study, 0)).toBeUndefined();
  });
  it("only the marked upgrade, or any when none is marked", () => {
    expect(canBuyGuildUpgrade(GuildUpgrade.Study, null)).toBe(true);
    expect(canBuyGuildUpgrade(GuildUpgrade.Study, GuildUpgrade.Study)).toBe(true);
    expect(canBuyGuildUpgrade(GuildUpgrade.Study, GuildUpgrade.NexusCrystal)).toBe(false);
  });
  it("effects per level, Mana Conduit compounding", () => {
    const e = guildEffects({ 3: 2, 4: 5, 5: 2, 6: 3, 7: 4, 8: 150 }, 4);
    expect(e.shardBoost).toBeCloseTo(0.02);
    expect(e.taxBoost).toBeCloseTo(0.05);
    expect(e.spellCost).toBeCloseTo(0.9216);
    expect(e.baseXp).toBeCloseTo(0.03);
    expect(e.maxActions).toBeCloseTo(0.04);
    expect(e.buildingCost).toBe(0);
    expect(e.dropBoost).toBeCloseTo(0.02);
  });
});

describe("guild tax", () => {
  it("the personal rate applies only where the rank's is lower", () => {
    expect(effectiveTaxRate(10, 5)).toBe(10);
    expect(effectiveTaxRate(5, 10)).toBe(10);
    expect(effectiveTaxRate(undefined, undefined)).toBe(0);
    expect(effectiveTaxRate(150, -3)).toBe(100);
  });
  it("splits loot, floors the guild's share, conserves it without a bonus", () => {
    const { kept, taxed } = splitTax({ 1: 1005, 2: 9 }, { 1: 10 }, { 2: 50 });
    expect(taxed).toEqual({ 1: 100, 2: 4 });
    expect(kept).toEqual({ 1: 905, 2: 5 });
    const boosted = splitTax({ 1: 1000 }, { 1: 10 }, {}, 0.05);
    expect(boosted.taxed[1]).toBe(105);
    expect(boosted.kept[1]).toBe(900);
  });
});
