import { ALL_GUILD_PERMISSIONS, GuildPermission, GuildUpgrade } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import type { Guild, RosterMember } from "../../store/slices/guild";
import {
  assignableRanks,
  can,
  canSaveRank,
  clampGuildPage,
  guildLevelBonus,
  guildRedirect,
  myPermissionMask,
  outranksMember,
  upgradeEffectNow,
} from "./guildModel";

const guild = {
  id: 1,
  ownerId: 10,
  ranks: [
    { id: 1, name: "Leader", permission: ALL_GUILD_PERMISSIONS, tax: {} },
    { id: 5, name: "Officer", permission: 1 << GuildPermission.Invite, tax: {} },
    { id: 10, name: "Member", permission: 0, tax: {} },
  ],
} as unknown as Guild;
const member = (id: number, rankId: number) => ({ id, rankId }) as unknown as RosterMember;
const roster = [member(10, 1), member(11, 5), member(12, 10)];

describe("guild permissions in the browser", () => {
  it("the leader holds all, others their rank's, no guild none", () => {
    expect(myPermissionMask(guild, roster, 10)).toBe(ALL_GUILD_PERMISSIONS);
    expect(can(myPermissionMask(guild, roster, 11), GuildPermission.Invite)).toBe(true);
    expect(can(myPermissionMask(guild, roster, 11), GuildPermission.Kick)).toBe(false);
    expect(myPermissionMask(guild, roster, 12)).toBe(0);
    expect(myPermissionMask(null, roster, 12)).toBeUndefined();
    expect(can(undefined, GuildPermission.Invite)).toBe(false);
  });
  it("ranks below one's own; the leader is never a target", () => {
    expect(assignableRanks(guild, roster, 11).map((r) => r.id)).toEqual([10]);
    expect(assignableRanks(guild, roster, 10).map((r) => r.id)).toEqual([1, 5, 10]);
    expect(outranksMember(guild, roster, 11, member(12, 10))).toBe(true);
    expect(outranksMember(guild, roster, 12, member(11, 5))).toBe(false);
    expect(outranksMember(guild, roster, 11, member(10, 1))).toBe(false);
    expect(outranksMember(guild, roster, 10, member(10, 1))).toBe(false);
  });
});

describe("guild redirects", () => {
  it("no guild: the guild area goes to the list; a guild: the list goes to /guild", () => {
    expect(guildRedirect("/guild", false)).toBe("/guild/list");
    expect(guildRedirect("/guild/ranks", false)).toBe("/guild/list");
    expect(guildRedirect("/guild/list", false)).toBeNull();
    expect(guildRedirect("/guild/list", true)).toBe("/guild");
    expect(guildRedirect("/guild/list/", true)).toBe("/guild");
    expect(guildRedirect("/guild/list/7", true)).toBeNull();
    expect(guildRedirect("/guild/list/7", false)).toBeNull();
    expect(guildRedirect("/guild/log", true)).toBeNull();
    expect(guildRedirect("/guild", undefined)).toBeNull();
  });
});

describe("guild forms", () => {
  it("Save needs an id above 0 and a name", () => {
    expect(canSaveRank(0, "Officer")).toBe(false);
    expect(canSaveRank(-1, "Officer")).toBe(false);
    expect(canSaveRank(3, "  ")).toBe(false);
    expect(canSaveRank(3, "Officer")).toBe(true);
  });
  it("pages stay within 1..total", () => {
    expect(clampGuildPage(0, 3)).toBe(1);
    expect(clampGuildPage(9, 3)).toBe(3);
    expect(clampGuildPage(Number.NaN, 3)).toBe(1);
    expect(clampGuildPage(2, 0)).toBe(1);
  });
});

describe("what the guild's upgrades and level do now", () => {
  it("states each upgrade's effect at its level, as the server plays it", () => {
    expect(upgradeEffectNow(GuildUpgrade.CouncilChamber, 3)).toBe("13 members");
    expect(upgradeEffectNow(GuildUpgrade.Cloakroom, 2)).toBe("300 armory slots");
    expect(upgradeEffectNow(GuildUpgrade.NexusCrystal, 7)).toBe("+7% elemental shards");
    expect(upgradeEffectNow(GuildUpgrade.MagicalAccounting, 1)).toBe("+1% on taxed resources");
    expect(upgradeEffectNow(GuildUpgrade.ManaConduit, 3)).toBe("−11.53% spell cost");
    expect(upgradeEffectNow(GuildUpgrade.Study, 12)).toBe("+12% base experience");
    expect(upgradeEffectNow(GuildUpgrade.SleepingQuarters, 5)).toBe("+5% max actions");
    expect(upgradeEffectNow(GuildUpgrade.EtherealRefinery, 4)).toBe("−4% farm building cost");
  });
  it("states the guild level's bonus", () => {
    expect(guildLevelBonus(0)).toBe("+0% resources, orbs, formulas and elementium");
    expect(guildLevelBonus(5)).toBe("+2.5% resources, orbs, formulas and elementium");
  });
});
