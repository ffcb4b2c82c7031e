import { GuildUpgrade, guildEffects } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { addGuildXp, setMemberGuild } from "../../src/world/guild-effects";
import { cleanMask } from "../../src/world/player-columns";
import { combatStats, playerMaxActions } from "../../src/world/player-view";
import { hasUnsaved, restoreWrite, takeWrite } from "../../src/world/player-writes";
import { benchPlayer } from "../support/world-fixtures";

describe("a member's guild effects on the loaded player", () => {
  it("change the derived stats only when they change, and go with the guild", () => {
    const p = benchPlayer(1, { gear: false });
    const cost = combatStats(p).spellCost;
    const max = playerMaxActions(p);
    const effects = guildEffects(
      { [GuildUpgrade.ManaConduit]: 2, [GuildUpgrade.SleepingQuarters]: 10 },
      0,
    );
    expect(setMemberGuild(p, { guildId: 7, effects })).toBe(true);
    const version = p.statsVersion;
    expect(setMemberGuild(p, { guildId: 7, effects: { ...effects } })).toBe(false);
    expect(p.statsVersion).toBe(version);
    expect(combatStats(p).spellCost).toBeCloseTo(cost * 0.96 ** 2);
    expect(playerMaxActions(p)).toBe(Math.floor((max * 110) / 100));
    expect(setMemberGuild(p, undefined)).toBe(true);
    expect(combatStats(p).spellCost).toBeCloseTo(cost);
    expect(playerMaxActions(p)).toBe(max);
    expect(setMemberGuild(p, undefined)).toBe(false);
  });

  it("keeps the guild's xp share until the save takes it; a failed save puts it back", () => {
    const p = benchPlayer(2, { gear: false });
    p.dirty = cleanMask();
    addGuildXp(p, 1000);
    expect(p.guildXp).toBeNull(); // no guild, no share
    setMemberGuild(p, { guildId: 3, effects: guildEffects({}, 0) });
    addGuildXp(p, 1000);
    addGuildXp(p, 500);
    addGuildXp(p, -5);
    expect(p.guildXp?.get(3)).toBeCloseTo(15);
    expect(hasUnsaved(p)).toBe(true);
    const w = takeWrite(p);
    expect(p.guildXp).toBeNull();
    addGuildXp(p, 100);
    restoreWrite(w);
    expect(p.guildXp?.get(3)).toBeCloseTo(16);
  });
});
