import { GUILD_NAME_RULE, GuildPermission, LogCategory, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { CONTROL_CHARACTER_REFUSAL } from "../../src/socket/control-chars";
import { foundGuild, giveRank, guildName, joinGuild } from "../support/guilds";
import {
  connect,
  mark,
  namedPlayer,
  type Player,
  setLoot,
  stateOf,
  toastFor,
} from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

/**
 * The leader's calls: handing the guild over (design: only to a member, one leader at any time)
 * and renaming it (spec: 5 Crystallized Mana; the name rules of founding).
 */
describe.each(testStores())("guild leadership on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  /** The owner and every member's rank (a refused call leaves them as they were). */
  async function leadership(guildId: number) {
    const [g] = resultRows<{ owner_id: string | number }>(
      await suite.server.database.db.execute(
        sql`select owner_id from guilds where id = ${guildId}`,
      ),
    );
    const ranks = resultRows<{ player_id: string | number; rank_id: number }>(
      await suite.server.database.db.execute(
        sql`select player_id, rank_id from guild_members where guild_id = ${guildId} order by player_id`,
      ),
    );
    return {
      owner: Number(g?.owner_id),
      ranks: Object.fromEntries(ranks.map((r) => [Number(r.player_id), Number(r.rank_id)])),
    };
  }

  const transfer = (from: Player, to: number) =>
    toastFor(from, () => from.client.send("guildTransferLeadership", { playerId: to }));

  it("hands the guild to a member, who takes the leader's rank; the old leader takes theirs", async () => {
    const leader = await namedPlayer(suite.server, "Lead");
    const heir = await namedPlayer(suite.server, "Heir");
    const officer = await namedPlayer(suite.server, "Offi");
    const outsider = await namedPlayer(suite.server, "Outs");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, heir, guildId);
    await joinGuild(leader, officer, guildId);
    // An officer with every permission is still not the leader.
    await giveRank(leader, [officer], 2, Object.values(GuildPermission) as number[]);
    const before = await leadership(guildId);
    expect(before.owner).toBe(leader.id);

    expect(await transfer(officer, heir.id)).toBe("Only the guild's leader can hand it over.");
    // A member naming themselves is not told they lead the guild.
    expect(await transfer(heir, heir.id)).toBe("Only the guild's leader can hand it over.");
    expect(await transfer(leader, leader.id)).toBe("You already lead your guild.");
    expect(await transfer(leader, outsider.id)).toBe("That player is not in your guild.");
    expect(await transfer(leader, 987_654_321)).toBe("That player is not in your guild.");
    expect(await leadership(guildId)).toEqual(before);

    const heirSince = mark(heir);
    const leaderSince = mark(leader);
    expect(await transfer(leader, heir.id)).toMatch(new RegExp(`^${heir.name} now leads `));
    expect((await heir.client.next("toast", () => true, { since: heirSince })).text).toMatch(
      new RegExp(`^${leader.name} made you the leader of `),
    );
    const after = await leadership(guildId);
    expect(after.owner).toBe(heir.id);
    expect(after.ranks[heir.id]).toBe(before.ranks[leader.id]);
    expect(after.ranks[leader.id]).toBe(before.ranks[heir.id]);
    expect(after.ranks[officer.id]).toBe(before.ranks[officer.id]);
    // Every member's screen learns the new leader.
    await leader.client.next("guild", (m) => m.guild?.ownerId === heir.id, { since: leaderSince });
    const log = resultRows<{ text: string }>(
      await suite.server.database.db.execute(
        sql`select text from activity_log where guild_id = ${guildId} and category = ${LogCategory.GuildRank}
          and text like '%handed the leadership%'`,
      ),
    );
    expect(log.map((r) => r.text)).toEqual([
      `${leader.name} handed the leadership to ${heir.name}.`,
    ]);

    // The former leader is a member like any other: no hand-over, no kicking the new leader.
    expect(await transfer(leader, officer.id)).toBe("Only the guild's leader can hand it over.");
    expect(
      await toastFor(leader, () => leader.client.send("guildKick", { playerId: heir.id })),
    ).toBe("Your rank does not allow that.");
    // The new leader cannot leave while others are in the guild; the former one can.
    expect(await toastFor(heir, () => heir.client.send("guildLeave", {}))).toMatch(
      /^The leader cannot leave/,
    );
    expect(await toastFor(leader, () => leader.client.send("guildLeave", {}))).toMatch(/^You left/);
    for (const p of [leader, heir, officer, outsider]) p.client.close();
  });

  it("two hand-overs at once leave exactly one leader", async () => {
    const leader = await namedPlayer(suite.server, "Lead");
    const one = await namedPlayer(suite.server, "Onee");
    const two = await namedPlayer(suite.server, "Twoo");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, one, guildId);
    await joinGuild(leader, two, guildId);
    const before = await leadership(guildId);
    // A second socket of the leader: its messages are handled beside the first's.
    const other = await connect(suite.server, leader.token);
    const [a, b] = await Promise.all([transfer(leader, one.id), transfer(other, two.id)]);
    const won = [a, b].filter((t) => t.includes(" now leads "));
    expect(won).toHaveLength(1);
    expect([a, b]).toContain("Only the guild's leader can hand it over.");
    const after = await leadership(guildId);
    const heir = after.owner;
    expect([one.id, two.id]).toContain(heir);
    expect(after.ranks[heir]).toBe(before.ranks[leader.id]);
    expect(after.ranks[leader.id]).toBe(before.ranks[heir]);
    expect(Object.values(after.ranks).filter((r) => r === before.ranks[leader.id])).toHaveLength(1);
    for (const p of [leader, other, one, two]) p.client.close();
  });

  const nameOf = async (guildId: number) =>
    resultRows<{ name: string }>(
      await suite.server.database.db.execute(sql`select name from guilds where id = ${guildId}`),
    )[0]?.name;
  const rename = (p: Player, name: string) =>
    toastFor(p, () => p.client.send("renameGuild", { name }));

  it("renames the guild for 5 Crystallized Mana, only by the leader, to a free valid name", async () => {
    const leader = await namedPlayer(suite.server, "Lead");
    const member = await namedPlayer(suite.server, "Memb");
    const rival = await namedPlayer(suite.server, "Rivl");
    const guildId = await foundGuild(leader);
    await joinGuild(leader, member, guildId);
    const rivalName = guildName();
    await foundGuild(rival, rivalName);
    const original = await nameOf(guildId);

    setLoot(member.loaded, LootId.CrystallizedMana, 50);
    expect(await rename(member, guildName())).toBe("Only the guild's leader can rename it.");
    expect(member.loaded.loot[LootId.CrystallizedMana]).toBe(50);
    setLoot(leader.loaded, LootId.CrystallizedMana, 4);
    expect(await rename(leader, guildName())).toBe("Renaming a guild costs 5 Crystallized Mana.");
    setLoot(leader.loaded, LootId.CrystallizedMana, 7);
    const before = stateOf(leader.loaded);
    expect(await rename(leader, "ab")).toBe(GUILD_NAME_RULE);
    expect(await rename(leader, "Guild\u0000<b>")).toBe(CONTROL_CHARACTER_REFUSAL);
    expect(await rename(leader, "Guild<b>")).toBe(GUILD_NAME_RULE);
    expect(await rename(leader, rivalName.toUpperCase())).toBe("That guild name is taken.");
    expect(await rename(leader, original ?? "")).toBe(`Your guild is already called ${original}.`);
    expect(stateOf(leader.loaded)).toBe(before);
    expect(await nameOf(guildId)).toBe(original);

    const fresh = guildName();
    const since = mark(member);
    expect(await rename(leader, `  ${fresh}  `)).toBe(`Your guild is now called ${fresh}.`);
    expect(leader.loaded.loot[LootId.CrystallizedMana]).toBe(2);
    expect(await nameOf(guildId)).toBe(fresh);
    await member.client.next("guild", (m) => m.guild?.name === fresh, { since });
    const log = resultRows<{ text: string }>(
      await suite.server.database.db.execute(
        sql`select text from activity_log where guild_id = ${guildId} and text like '%renamed%'`,
      ),
    );
    expect(log.map((r) => r.text)).toEqual([
      `${leader.name} renamed the guild from ${original} to ${fresh}.`,
    ]);
    for (const p of [leader, member, rival]) p.client.close();
  });

  it("two guilds renamed to one name at once: one gets it, the other keeps its mana", async () => {
    const a = await namedPlayer(suite.server, "Lead");
    const b = await namedPlayer(suite.server, "Lead");
    const ga = await foundGuild(a);
    const gb = await foundGuild(b);
    setLoot(a.loaded, LootId.CrystallizedMana, 5);
    setLoot(b.loaded, LootId.CrystallizedMana, 5);
    const wanted = guildName();
    const answers = await Promise.all([rename(a, wanted), rename(b, wanted)]);
    expect(answers.filter((t) => t === `Your guild is now called ${wanted}.`)).toHaveLength(1);
    expect(answers).toContain("That guild name is taken.");
    const names = [await nameOf(ga), await nameOf(gb)];
    expect(names.filter((n) => n === wanted)).toHaveLength(1);
    const mana = [a, b].map((p) => p.loaded.loot[LootId.CrystallizedMana]).sort();
    expect(mana).toEqual([0, 5]);
    for (const p of [a, b]) p.client.close();
  });
});
