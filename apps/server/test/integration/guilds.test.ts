import { ChatChannel, GuildPermission, LogCategory, LootId } from "@manaspire/game";
import type { ChatEntry } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import { foundGuild, fundGuild, guildName, guildSnapshot, joinGuild } from "../support/guilds";
import { mark, namedPlayer, stateOf, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const NO_PERMISSION = "Your rank does not allow that.";
const lineText = (e: ChatEntry) => e.message.map((p) => p.text).join("");

/** Guild membership: founding, invitations, chat, ranks, kicks, the list and the public API. */
describe.each(testStores())("guilds on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("founds a guild: name rules, 1000 iron, fish and wood, unique whatever the case", async () => {
    const leader = await namedPlayer(suite.server);
    fundGuild(leader, 999);
    const poor = stateOf(leader.loaded);
    const name = guildName();
    expect(await toastFor(leader, () => leader.client.send("createGuild", { name }))).toBe(
      "A guild costs 1,000 each of Iron, Fish and Wood to found.",
    );
    expect(stateOf(leader.loaded)).toBe(poor);
    fundGuild(leader, 1500);
    const before = stateOf(leader.loaded);
    for (const bad of ["", "ab", "Guild 1", "Bad!Name", "'''"]) {
      expect(await toastFor(leader, () => leader.client.send("createGuild", { name: bad }))).toBe(
        "Name must be 3–30 letters.",
      );
    }
    expect(stateOf(leader.loaded)).toBe(before);
    const since = mark(leader);
    expect(await toastFor(leader, () => leader.client.send("createGuild", { name }))).toBe(
      `You founded ${name}.`,
    );
    const { guild } = await leader.client.next("guild", (m) => m.guild !== undefined, { since });
    expect(guild?.name).toBe(name);
    expect(guild?.ownerName).toBe(leader.name);
    expect(guild?.maxMembers).toBe(10);
    expect(guild?.ranks.map((r) => r.name)).toEqual(["Leader", "Member"]);
    expect(leader.loaded.loot[LootId.Iron]).toBe(500);
    expect(leader.loaded.loot[LootId.Fish]).toBe(500);
    expect(leader.loaded.loot[LootId.Wood]).toBe(500);
    expect(suite.server.guilds.guildOf(leader.id)).toBe(guild?.id);

    const rival = await namedPlayer(suite.server);
    fundGuild(rival);
    const rivalBefore = stateOf(rival.loaded);
    expect(
      await toastFor(rival, () => rival.client.send("createGuild", { name: name.toUpperCase() })),
    ).toBe("That guild name is taken.");
    expect(stateOf(rival.loaded)).toBe(rivalBefore);
    expect(
      await toastFor(leader, () => leader.client.send("createGuild", { name: "Another" })),
    ).toBe("You are already in a guild.");
  });

  it("lives: invite, accept, Guild chat for members only, ranks, promote, kick, leave, log", async () => {
    const leader = await namedPlayer(suite.server);
    const member = await namedPlayer(suite.server);
    const outsider = await namedPlayer(suite.server);
    const guildId = await foundGuild(leader);

    // The invite shows on the invited player's guild list.
    const inviteToast = member.client.next("toast", (m) => m.text.includes("invited you"), {
      since: mark(member),
    });
    await joinGuild(leader, member, guildId).catch(async (err) => {
      throw err;
    });
    expect((await inviteToast).text).toContain(leader.name);

    // Guild chat reaches members only.
    const text = `guild hello ${Date.now()}`;
    const atLeader = leader.client.next("chatLine", (m) => lineText(m.entry) === text, {
      since: mark(leader),
    });
    const outsiderMark = mark(outsider);
    member.client.send("chat", { channel: ChatChannel.Guild, text });
    expect((await atLeader).entry.channel).toBe(ChatChannel.Guild);
    expect(
      await toastFor(outsider, () =>
        outsider.client.send("chat", { channel: ChatChannel.Guild, text: "let me in" }),
      ),
    ).toBeTruthy();
    expect(
      outsider.client.received
        .slice(outsiderMark)
        .some((m) => m.type === "chatLine" && lineText(m.data.entry) === text),
    ).toBe(false);

    // A member without permissions is refused everything, and nothing changes.
    const before = await guildSnapshot(suite.server, guildId);
    const memberBefore = stateOf(member.loaded);
    const refused: Array<() => void> = [
      () => member.client.send("guildInvite", { name: outsider.name }),
      () => member.client.send("guildKick", { playerId: leader.id }),
      () => member.client.send("guildPromote", { playerId: member.id, rank: 1 }),
      () =>
        member.client.send("guildUpdateRank", {
          oldId: 0,
          id: 5,
          name: "Officer",
          permission: 4095,
        }),
      () => member.client.send("guildDeleteRank", { id: 10 }),
      () => member.client.send("updateGuild", { description: "x", internal: "y", motd: "z" }),
      () => member.client.send("guildDonate", { lootId: LootId.ManaDust, amount: -1 }),
    ];
    for (const act of refused) expect(await toastFor(member, act)).toBe(NO_PERMISSION);
    expect(await toastFor(member, () => member.client.send("regenerateGuildApiKey", {}))).toBe(
      "Only the guild's leader holds its API key.",
    );
    expect(await guildSnapshot(suite.server, guildId)).toBe(before);
    expect(stateOf(member.loaded)).toBe(memberBefore);
    // Nor can an outsider touch the guild.
    expect(
      await toastFor(outsider, () => outsider.client.send("guildKick", { playerId: member.id })),
    ).toBe("You are not in a guild.");
    expect(
      await toastFor(outsider, () => outsider.client.send("guildInviteAccept", { guildId })),
    ).toBe("That invitation is gone.");
    expect(await guildSnapshot(suite.server, guildId)).toBe(before);

    // Ranks: an Officer rank with Invite and Kick; the member gets it.
    const officerMask = (1 << GuildPermission.Invite) | (1 << GuildPermission.Kick);
    expect(
      await toastFor(leader, () =>
        leader.client.send("guildUpdateRank", {
          oldId: 0,
          id: 5,
          name: "Officer",
          permission: officerMask | (1 << 20),
        }),
      ),
    ).toBe("Rank Officer created.");
    expect(
      await toastFor(leader, () =>
        leader.client.send("guildPromote", { playerId: member.id, rank: 5 }),
      ),
    ).toBe(`${member.name} is now Officer.`);
    const ranks = resultRows<{ permission: number }>(
      await suite.server.database.db.execute(
        sql`select permission from guild_ranks where guild_id = ${guildId} and rank_id = 5`,
      ),
    );
    expect(Number(ranks[0]?.permission)).toBe(officerMask);
    expect(await toastFor(leader, () => leader.client.send("guildDeleteRank", { id: 5 }))).toBe(
      "Members still hold that rank: give them another first.",
    );
    // The officer may invite now, but not kick the leader.
    expect(
      await toastFor(member, () => member.client.send("guildInvite", { name: outsider.name })),
    ).toBe(`You invited ${outsider.name}.`);
    expect(
      await toastFor(member, () => member.client.send("guildKick", { playerId: leader.id })),
    ).toBe("You cannot kick that member.");

    // The outsider joins, and the officer kicks them: their Guild tab closes.
    const outSince = mark(outsider);
    expect(
      await toastFor(outsider, () => outsider.client.send("guildInviteAccept", { guildId })),
    ).toMatch(/^You joined/);
    await outsider.client.next("channels", (m) => m.channels.includes(ChatChannel.Guild), {
      since: outSince,
    });
    const kickSince = mark(outsider);
    expect(
      await toastFor(member, () => member.client.send("guildKick", { playerId: outsider.id })),
    ).toBe(`You kicked ${outsider.name}.`);
    await outsider.client.next("channels", (m) => !m.channels.includes(ChatChannel.Guild), {
      since: kickSince,
    });
    await outsider.client.next("guild", (m) => m.guild === undefined, { since: kickSince });
    expect(suite.server.guilds.guildOf(outsider.id)).toBeUndefined();

    // The leader cannot leave while others remain; the member can.
    expect(await toastFor(leader, () => leader.client.send("guildLeave", {}))).toMatch(
      /^The leader cannot leave/,
    );
    expect(await toastFor(member, () => member.client.send("guildLeave", {}))).toMatch(/^You left/);
    expect(suite.server.guilds.guildOf(member.id)).toBeUndefined();

    // The guild log tells it, with its filters.
    const logSince = mark(leader);
    leader.client.send("activityLogGuild", {
      filter: LogCategory.GuildMembers,
      cursor: "",
      search: "",
    });
    const log = await leader.client.next("activityLog", (m) => m.guild, { since: logSince });
    const texts = log.entries.map((e) => e.text);
    expect(texts).toContain(`${member.name} joined the guild.`);
    expect(texts).toContain(`${member.name} kicked ${outsider.name}.`);
    expect(texts).toContain(`${member.name} left.`);
    const rankSince = mark(leader);
    leader.client.send("activityLogGuild", {
      filter: LogCategory.GuildRank,
      cursor: "",
      search: "",
    });
    const rankLog = await leader.client.next("activityLog", (m) => m.guild, { since: rankSince });
    expect(rankLog.entries.map((e) => e.text)).toContain(`${leader.name} created rank Officer.`);
  });

  it("lists guilds with invites, and shows a public view", async () => {
    const leader = await namedPlayer(suite.server);
    const invited = await namedPlayer(suite.server);
    const guildId = await foundGuild(leader);
    leader.client.send("updateGuild", { description: "We cast.", internal: "Secret", motd: "Hi" });
    await leader.client.next("toast", (m) => m.text === "Guild saved.", { since: 0 });
    await toastFor(leader, () => leader.client.send("guildInvite", { name: invited.name }));
    const since = mark(invited);
    invited.client.send("refreshGuildList", { page: 1 });
    const list = await invited.client.next("guildList", () => true, { since });
    expect(list.invites.map((i) => i.guildId)).toContain(guildId);
    expect(list.guilds.length).toBeGreaterThan(0);
    expect(list.guilds.length).toBeLessThanOrEqual(50);
    const pubSince = mark(invited);
    invited.client.send("guildGetDetailsPublic", { id: guildId });
    const pub = await invited.client.next("guildPublic", () => true, { since: pubSince });
    expect(pub.guild?.description).toBe("We cast.");
    expect(pub.guild?.roster.map((m) => m.name)).toEqual([leader.name]);
    expect(JSON.stringify(pub)).not.toContain("Secret");
  });

  it("GET /api/guilds lists guilds; details only with the leader's API key", async () => {
    const leader = await namedPlayer(suite.server);
    const member = await namedPlayer(suite.server);
    const name = guildName();
    const guildId = await foundGuild(leader, name);
    const list = (await (await fetch(`${suite.server.url}/api/guilds`)).json()) as Array<{
      ID: number;
      Name: string;
      Members: number;
      MaxMembers: number;
    }>;
    expect(list.find((g) => g.ID === guildId)).toMatchObject({
      Name: name,
      Members: 1,
      MaxMembers: 10,
    });
    const details = (key?: string) =>
      fetch(
        `${suite.server.url}/api/guilds/${guildId}${key === undefined ? "" : `?apikey=${encodeURIComponent(key)}`}`,
      );
    expect((await details()).status).toBe(401);
    expect((await details("guessed")).status).toBe(401);
    expect((await fetch(`${suite.server.url}/api/guilds/999999999`)).status).toBe(404);
    const since = mark(leader);
    // The guild's first key retires none (issue 31).
    expect(await toastFor(leader, () => leader.client.send("regenerateGuildApiKey", {}))).toBe(
      "Your guild's API key was made.",
    );
    const g = await leader.client.next("guild", (m) => m.guild?.apiKey !== undefined, { since });
    const key = g.guild?.apiKey ?? "";
    expect(key.length).toBeGreaterThan(20);
    const res = await details(key);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      Name: string;
      Roster: Array<{ Name: string }>;
      OwnerName: string;
    };
    expect(body.Name).toBe(name);
    expect(body.OwnerName).toBe(leader.name);
    expect(body.Roster.map((m) => m.Name)).toEqual([leader.name]);
    // Members never see the key; a new key retires the old one.
    await joinGuild(leader, member, guildId);
    const memberGuild = member.client.received.filter((m) => m.type === "guild").at(-1);
    expect(JSON.stringify(memberGuild)).not.toContain(key);
    expect(await toastFor(leader, () => leader.client.send("regenerateGuildApiKey", {}))).toBe(
      "A new API key was made; the previous one no longer works.",
    );
    expect((await details(key)).status).toBe(401);
  });
});
