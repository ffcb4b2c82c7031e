import { describe, expect, it } from "vitest";
import { enterGuildDungeon, guildRunOf, openNeighbour, stepTo } from "../support/guild-dungeons";
import { foundGuild, joinGuild } from "../support/guilds";
import { connect, mark, namedPlayer, type Player } from "../support/players";
import { expectRefused } from "../support/refusals";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { sleep, waitFor } from "../support/wait";

/**
 * Guild members see each other in their guild dungeon (spec 001 "Dungeon view": Always Show
 * Names (guild); docs/features/guild-dungeons.md "Guild dungeons", "Seeing each other"): who is on the
 * floor and where, pushed to the others when one enters, moves, leaves or goes offline.
 */
describe.each(testStores())("guild dungeon runners on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  /** The next list of the others `p` is told, after `since`, that `match`es. */
  const others = async (
    p: Player,
    since: number,
    match: (names: string[]) => boolean = () => true,
  ) => {
    const m = await p.client.next(
      "guildDungeonPlayers",
      (u) => match(u.players.map((r) => r.name)),
      { since },
    );
    return m.players;
  };

  const guildOfThree = async () => {
    const leader = await namedPlayer(suite.server, "L");
    const guildId = await foundGuild(leader);
    const a = await namedPlayer(suite.server, "A");
    const b = await namedPlayer(suite.server, "B");
    await joinGuild(leader, a, guildId);
    await joinGuild(leader, b, guildId);
    return { guildId, leader, a, b };
  };

  it("shows who else is on the floor and where, to them only", async () => {
    const { leader, a, b } = await guildOfThree();
    const entered = await enterGuildDungeon(leader);
    expect(entered?.inRun).toBe(true);
    expect(guildRunOf(leader).run.guild).toBeDefined();

    const seenByLeader = mark(leader);
    const sinceA = mark(a);
    await enterGuildDungeon(a);
    // The newcomer's own state lists the leader after themself; the leader is told of them.
    const state = await a.client.next("dungeonState", (m) => m.state.guild, { since: sinceA });
    expect(state.state.players.map((r) => r.name)).toEqual([a.name, leader.name]);
    const { map } = guildRunOf(a);
    const [toLeader] = await others(leader, seenByLeader, (n) => n.includes(a.name));
    expect(toLeader).toMatchObject({
      pid: a.id,
      name: a.name,
      x: map.start % map.side,
      y: Math.floor(map.start / map.side),
    });

    // A move is told to the others with the new room.
    const next = openNeighbour(map, map.start);
    const sinceMove = mark(leader);
    stepTo(a, next);
    const moved = await others(leader, sinceMove, (n) => n.includes(a.name));
    expect(moved).toEqual([
      expect.objectContaining({ pid: a.id, x: next % map.side, y: Math.floor(next / map.side) }),
    ]);

    // A member not in the dungeon is told nothing, and nobody sees them.
    expect(b.client.received.some((m) => m.type === "guildDungeonPlayers")).toBe(false);

    // A refused move (two rooms away) changes nothing the others see.
    const sinceRefused = mark(leader);
    await expectRefused(
      a,
      () => a.client.send("dungeonMove", { x: 0, y: 0, guild: true }),
      "You can only move to a neighbouring room.",
    );
    await sleep(100);
    expect(
      leader.client.received.slice(sinceRefused).some((m) => m.type === "guildDungeonPlayers"),
    ).toBe(false);
  });

  it("forgets a member who leaves or goes offline, and shows them again when they resume", async () => {
    const { leader, a } = await guildOfThree();
    await enterGuildDungeon(leader);
    let since = mark(leader);
    await enterGuildDungeon(a);
    await others(leader, since, (n) => n.includes(a.name));

    // Offline: the socket closes, the run stays (it resumes at the next connection).
    since = mark(leader);
    a.client.close();
    expect(await others(leader, since, (n) => !n.includes(a.name))).toEqual([]);
    await waitFor(() => !suite.server.sessions.has(a.id));
    expect(a.loaded.dungeon.guildRun).not.toBeNull();

    since = mark(leader);
    const back = await connect(suite.server, a.token);
    await others(leader, since, (n) => n.includes(a.name));

    // Leaving the dungeon: gone from the others' maps.
    since = mark(leader);
    back.client.send("dungeonJoinGuild", { join: false });
    expect(await others(leader, since, (n) => !n.includes(a.name))).toEqual([]);
  });

  it("takes a member who leaves the guild off the floor, and tells them no more", async () => {
    const { leader, a, b } = await guildOfThree();
    await enterGuildDungeon(leader);
    await enterGuildDungeon(b);
    let since = mark(leader);
    await enterGuildDungeon(a);
    await others(leader, since, (n) => n.includes(a.name) && n.includes(b.name));

    since = mark(leader);
    const beforeLeave = mark(a);
    a.client.send("guildLeave", {});
    expect(await others(leader, since, (n) => !n.includes(a.name))).toEqual([
      expect.objectContaining({ pid: b.id }),
    ]);
    // From the leave's answer on (a map sent before it may still be on its way).
    await a.client.next("toast", (t) => t.text.startsWith("You left"), { since: beforeLeave });
    const sinceA = mark(a);
    // b moves: the leader is told, the one who left is not.
    const { map } = guildRunOf(b);
    const sinceMove = mark(leader);
    stepTo(b, openNeighbour(map, map.start));
    await others(leader, sinceMove, (n) => n.includes(b.name));
    await sleep(100);
    expect(a.client.received.slice(sinceA).some((m) => m.type === "guildDungeonPlayers")).toBe(
      false,
    );
  });

  it("keeps guilds apart: another guild's members are never shown", async () => {
    const one = await guildOfThree();
    const other = await namedPlayer(suite.server, "O");
    await foundGuild(other);
    await enterGuildDungeon(one.leader);
    const since = mark(one.leader);
    const sinceOther = mark(other);
    await enterGuildDungeon(other);
    await enterGuildDungeon(one.a);
    await others(one.leader, since, (n) => n.includes(one.a.name));
    const seen = one.leader.client.received
      .slice(since)
      .flatMap((m) => (m.type === "guildDungeonPlayers" ? m.data.players.map((r) => r.pid) : []));
    expect(seen).not.toContain(other.id);
    const toOther = other.client.received
      .slice(sinceOther)
      .flatMap((m) => (m.type === "guildDungeonPlayers" ? m.data.players.map((r) => r.pid) : []));
    expect(toOther).toEqual([]);
  });
});
