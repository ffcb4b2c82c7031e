import {
  ActionType,
  baseBattleExperience,
  GuildUpgrade,
  guildUpgradeCost,
  LootId,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { cleanMask } from "../../src/world/player-columns";
import { combatStats, playerMaxActions } from "../../src/world/player-view";
import type { PlayerWrite } from "../../src/world/player-write";
import { writePlayers } from "../../src/world/player-writes";
import { foundGuild, joinGuild } from "../support/guilds";
import { connect, mark, namedPlayer, type Player, setLoot, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

/**
 * The guild's upgrades and level in play (issue 10, spec 001 section 9): a member's max
 * actions, spell cost and experience follow the guild from the next tick and stop when they
 * leave; members' battle experience feeds the guild's, saved with the players, kept across a
 * restart, and added atomically by concurrent saves.
 */
describe.each(testStores())("guild effects on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const db = () => suite.server.database.db;

  async function guildExperience(guildId: number): Promise<number> {
    const [row] = resultRows<{ experience: string | number }>(
      await db().execute(sql`select experience from guilds where id = ${guildId}`),
    );
    return Number(row?.experience ?? Number.NaN);
  }

  /** The leader pays the funds and buys the upgrade's next level. */
  async function buy(leader: Player, type: GuildUpgrade, level: number): Promise<void> {
    const cost = guildUpgradeCost(type, level) ?? {};
    for (const [id, amount] of Object.entries(cost)) {
      setLoot(leader.loaded, Number(id), amount);
      expect(
        await toastFor(leader, () =>
          leader.client.send("guildDonate", { lootId: Number(id), amount }),
        ),
      ).toMatch(/^You donated/);
    }
    expect(
      await toastFor(leader, () => leader.client.send("purchaseGuildUpgrade", { upgrade: type })),
    ).toMatch(new RegExp(`is now level ${level}\\.$`));
  }

  /** A player who does nothing until told (no xp before the guild is set up). */
  async function idlePlayer(prefix: string): Promise<Player> {
    const p = await namedPlayer(suite.server, prefix);
    p.loaded.actionType = ActionType.None;
    return p;
  }

  it("Sleeping Quarters raises a member's max actions from the next tick; leaving removes it", async () => {
    const leader = await idlePlayer("Sq");
    const member = await idlePlayer("Sm");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    expect(playerMaxActions(member.loaded)).toBe(1000);

    const since = mark(member);
    await buy(leader, GuildUpgrade.SleepingQuarters, 1);
    // The member's screen hears it at once, and their actions refill to the new max.
    await member.client.next("playerUpdate", (m) => m.patch.maxActions === 1010, { since });
    expect(playerMaxActions(member.loaded)).toBe(1010);
    member.loaded.actions = 5;
    member.client.send("refreshActions", { trusted: true });
    await waitFor(() => member.loaded.actions === 1010);

    // The next tick spends from the raised pool.
    member.loaded.actionType = ActionType.Battle;
    const ticked = mark(member);
    suite.server.world.tick();
    await member.client.next("battleTick", () => true, { since: ticked });
    expect(member.loaded.actions).toBe(1009);
    member.loaded.actionType = ActionType.None;

    const left = mark(member);
    expect(await toastFor(member, () => member.client.send("guildLeave", {}))).toMatch(
      /^You left /,
    );
    await member.client.next("playerUpdate", (m) => m.patch.maxActions === 1000, { since: left });
    expect(playerMaxActions(member.loaded)).toBe(1000);
    expect(member.loaded.guild).toBeNull();
    // The leader keeps it.
    expect(playerMaxActions(leader.loaded)).toBe(1010);
  });

  it("Study raises the battle experience gained; Mana Conduit lowers the spell cost; a kick ends both", async () => {
    const leader = await idlePlayer("St");
    const member = await idlePlayer("Sn");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    const plainCost = combatStats(member.loaded).spellCost;

    await buy(leader, GuildUpgrade.Study, 1);
    await buy(leader, GuildUpgrade.Study, 2);
    await buy(leader, GuildUpgrade.ManaConduit, 1);
    await waitFor(() => member.loaded.guild?.effects.spellCost === 0.96);
    expect(member.loaded.guild?.effects.baseXp).toBeCloseTo(0.02);
    expect(combatStats(member.loaded).spellCost).toBeCloseTo(plainCost * 0.96);

    // Level-1 enemy, no boosts of their own: a win gives floor(base × 1.02).
    member.loaded.actionType = ActionType.Battle;
    let won = 0;
    for (let i = 0; i < 20 && won < 2; i++) {
      const since = mark(member);
      suite.server.world.tick();
      const t = await member.client.next("battleTick", () => true, { since });
      if (!t.result.won) continue;
      won++;
      expect(t.result.experienceGained).toBe(
        Math.floor(baseBattleExperience(t.result.enemyLevel) * 1.02),
      );
    }
    expect(won).toBeGreaterThan(0);

    // The wins may have raised the member's level (and with it the spell cost): the cost the
    // kick takes back is the one of now.
    const withConduit = combatStats(member.loaded).spellCost;
    const kicked = mark(member);
    expect(
      await toastFor(leader, () => leader.client.send("guildKick", { playerId: member.id })),
    ).toBe(`You kicked ${member.name}.`);
    await member.client.next("guild", (m) => m.guild === undefined, { since: kicked });
    await waitFor(() => member.loaded.guild === null);
    expect(combatStats(member.loaded).spellCost).toBeCloseTo(withConduit / 0.96);
    for (let i = 0; i < 20; i++) {
      const since = mark(member);
      suite.server.world.tick();
      const t = await member.client.next("battleTick", () => true, { since });
      if (!t.result.won) continue;
      expect(t.result.experienceGained).toBe(Math.floor(baseBattleExperience(t.result.enemyLevel)));
      break;
    }
    member.loaded.actionType = ActionType.None;
  });

  it("members' battle experience feeds the guild's, saved with them and kept across a restart", async () => {
    const leader = await idlePlayer("Gx");
    const member = await idlePlayer("Gy");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    await waitFor(() => member.loaded.guild?.guildId === guildId);
    const start = leader.loaded.battleXp + member.loaded.battleXp;
    leader.loaded.actionType = ActionType.Battle;
    member.loaded.actionType = ActionType.Battle;
    for (let i = 1; i <= 6; i++) {
      const since = [mark(leader), mark(member)];
      suite.server.world.tick();
      await leader.client.next("battleTick", () => true, { since: since[0] });
      await member.client.next("battleTick", () => true, { since: since[1] });
    }
    leader.loaded.actionType = ActionType.None;
    member.loaded.actionType = ActionType.None;
    const gained = leader.loaded.battleXp + member.loaded.battleXp - start;
    expect(gained).toBeGreaterThan(0);
    await suite.server.store.flush();
    expect(leader.loaded.guildXp).toBeNull();
    expect(await guildExperience(guildId)).toBeCloseTo(gained * 0.01, 6);

    // The members' screens show it on their next read; a restart keeps it.
    const before = await guildExperience(guildId);
    await suite.restart();
    expect(await guildExperience(guildId)).toBe(before);
    const again = await connect(suite.server, leader.token);
    const since = mark(again);
    again.client.send("refreshGuildRoster", {});
    const { guild } = await again.client.next("guild", (m) => m.guild?.id === guildId, {
      since,
    });
    expect(guild?.experience).toBeCloseTo(before, 6);
    expect(guild?.level).toBe(0);
  });

  it("a guild's level reaches its members' drops (design: +0.5% a level)", async () => {
    const leader = await idlePlayer("Lv");
    const guildId = await foundGuild(leader);
    // Level 10 needs 100,000 × 55; the next guild change reads it.
    await db().execute(sql`update guilds set experience = 5500000 where id = ${guildId}`);
    await buy(leader, GuildUpgrade.NexusCrystal, 1);
    await waitFor(() => leader.loaded.guild?.effects.shardBoost === 0.01);
    expect(leader.loaded.guild?.effects.dropBoost).toBeCloseTo(0.05);
    const since = mark(leader);
    leader.client.send("refreshGuildRoster", {});
    const { guild } = await leader.client.next("guild", (m) => m.guild?.id === guildId, {
      since,
    });
    expect(guild?.level).toBe(10);
    expect(guild?.experience).toBe(0);
    expect(guild?.experienceToLevel).toBe(1_100_000);
  });

  it("Ethereal Refinery lowers a member's farm building costs (Mana Dust); leaving ends it", async () => {
    const leader = await idlePlayer("Er");
    const member = await idlePlayer("Es");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    // Harvest Golem level 1 costs 50,000 Mana Dust; with the Refinery at 1, 49,500.
    setLoot(member.loaded, LootId.ManaDust, 49_500);
    expect(
      await toastFor(member, () => member.client.send("purchaseBoost", { boost: 130, amount: 1 })),
    ).toBe("Not enough Mana Dust.");
    await buy(leader, GuildUpgrade.EtherealRefinery, 1);
    await waitFor(() => member.loaded.guild?.effects.buildingCost === 0.99);
    const since = mark(member);
    member.client.send("purchaseBoost", { boost: 130, amount: 1 });
    await member.client.next("playerUpdate", (m) => m.patch.boosts?.[130] === 1, { since });
    expect(member.loaded.loot[LootId.ManaDust] ?? 0).toBe(0);
    // Other research pays full price.
    setLoot(member.loaded, LootId.ManaDust, 990);
    expect(
      await toastFor(member, () => member.client.send("purchaseBoost", { boost: 1, amount: 1 })),
    ).toBe("Not enough Mana Dust.");

    expect(await toastFor(member, () => member.client.send("guildLeave", {}))).toMatch(
      /^You left /,
    );
    await waitFor(() => member.loaded.guild === null);
    // Level 2 costs 200,000; without the guild 198,000 is not enough.
    setLoot(member.loaded, LootId.ManaDust, 198_000);
    expect(
      await toastFor(member, () => member.client.send("purchaseBoost", { boost: 130, amount: 1 })),
    ).toBe("Not enough Mana Dust.");
  });

  it("concurrent saves add guild experience without losing any", async () => {
    const leader = await idlePlayer("Cc");
    const guildId = await foundGuild(leader);
    const start = await guildExperience(guildId);
    // Saves of eight players at once, each adding 1.5 to the guild, as two processes' flushes
    // would (one writer per player, many per guild).
    const members = await Promise.all(
      Array.from({ length: 8 }, async () => (await namedPlayer(suite.server, "Cm")).loaded),
    );
    const writes: PlayerWrite[] = members.map((p) => ({
      p,
      mask: cleanMask(),
      maskKey: "0",
      json: JSON.stringify([p.id, 0]), // no column changed (row-json.ts)
      items: null,
      credits: null,
      tracker: null,
      scores: null,
      guildTax: null,
      guildXp: new Map([[guildId, 1.5]]),
      eventShare: null,
      referralShards: 0,
    }));
    await Promise.all(
      writes.map((w) =>
        db().transaction(async (tx) => {
          await writePlayers(tx, [w]);
        }),
      ),
    );
    expect(await guildExperience(guildId)).toBeCloseTo(start + 8 * 1.5, 9);
  });
});
