import { LootId, ObjectiveKind } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import {
  enterGuildDungeon,
  floorOf,
  guildRunOf,
  placeAt,
  placeBefore,
  setBattleLevel,
} from "../support/guild-dungeons";
import { foundGuild, joinGuild } from "../support/guilds";
import { mark, namedPlayer, type Player, setLoot } from "../support/players";
import { expectRefused } from "../support/refusals";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

const NOT_IN_RUN = "You are not in your guild's dungeon.";

/** Guild dungeons (docs/game-rules.md "Guild dungeons") on both stores. */
describe.each(testStores())("guild dungeons on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const q = async (s: ReturnType<typeof sql>) =>
    resultRows<Record<string, unknown>>(await suite.server.database.db.execute(s));
  const interact = (p: Player) => p.client.send("dungeonInteract", { flags: 1 });
  const moveTo = (p: Player, cell: number) => {
    const { map } = guildRunOf(p);
    p.client.send("dungeonMove", {
      x: cell % map.side,
      y: Math.floor(cell / map.side),
      guild: true,
    });
  };
  /** A guild of a leader and `members` more, every one in its dungeon. */
  const guildInDungeon = async (members: number) => {
    const leader = await namedPlayer(suite.server, "L");
    const guildId = await foundGuild(leader);
    const all = [leader];
    for (let i = 0; i < members; i++) {
      const m = await namedPlayer(suite.server, "M");
      await joinGuild(leader, m, guildId);
      all.push(m);
    }
    for (const p of all) await enterGuildDungeon(p);
    return { guildId, all };
  };

  it("refuses a player without a guild, under the level, or not in a run", async () => {
    const beginner = await namedPlayer(suite.server, "L");
    await foundGuild(beginner);
    await expectRefused(
      beginner,
      () => beginner.client.send("dungeonJoinGuild", { join: true }),
      "Your guild's dungeon is at level 1: you need battle level 1 to enter.",
    );
    const loner = await namedPlayer(suite.server);
    await expectRefused(
      loner,
      () => loner.client.send("dungeonJoinGuild", { join: true }),
      "You are not in a guild.",
    );
    await expectRefused(
      loner,
      () => loner.client.send("dungeonMove", { x: 1, y: 0, guild: true }),
      NOT_IN_RUN,
    );
    await expectRefused(loner, () => interact(loner), NOT_IN_RUN);
    await expectRefused(
      loner,
      () => loner.client.send("dungeonJoinGuild", { join: false }),
      NOT_IN_RUN,
    );
    const since = mark(loner);
    loner.client.send("getGuildDungeon", {});
    expect((await loner.client.next("guildDungeon", () => true, { since })).state).toBeUndefined();

    const leader = await namedPlayer(suite.server, "L");
    const guildId = await foundGuild(leader);
    setBattleLevel(leader, 98);
    await q(sql`update guilds set dungeon_level = 99 where id = ${guildId}`);
    await expectRefused(
      leader,
      () => leader.client.send("dungeonJoinGuild", { join: true }),
      "Your guild's dungeon is at level 99: you need battle level 99 to enter.",
    );
    expect(leader.loaded.dungeon.guildRun).toBeNull();
  });

  it("starts every guild at level 1 and enters the guild's floor", async () => {
    const { guildId, all } = await guildInDungeon(0);
    const [leader] = all as [Player];
    const since = mark(leader);
    leader.client.send("getGuildDungeon", {});
    const { state } = await leader.client.next("guildDungeon", () => true, { since });
    const { objectives } = floorOf(guildId, 1);
    expect(state).toMatchObject({ guildId, level: 1, inRun: true });
    expect(state?.objectives.map((o) => o.id)).toEqual(objectives.map((o) => o.id));
    expect(state?.objectives.every((o) => o.by === undefined)).toBe(true);
    const { run, map } = guildRunOf(leader);
    expect(run.guild).toEqual({ guildId, level: 1 });
    expect(map.side).toBe(13);
    // Too fast: a second step at once.
    const first = map.rooms[map.start]!;
    const dx = first.doors & 2 ? 1 : first.doors & 8 ? -1 : 0;
    const dy = dx === 0 ? (first.doors & 4 ? 1 : -1) : 0;
    const next = map.start + dy * map.side + dx;
    run.flags[next] = 0;
    run.movedAt = 0;
    const since2 = mark(leader);
    moveTo(leader, next);
    await leader.client.next("dungeonState", (m) => m.state.guild, { since: since2 });
    await expectRefused(
      leader,
      () => moveTo(leader, map.start),
      "Not so fast: wait for your movement delay.",
    );
    // Two rooms away is refused whatever the delay.
    run.movedAt = 0;
    await expectRefused(
      leader,
      () => leader.client.send("dungeonMove", { x: run.x + 2, y: run.y, guild: true }),
      "You can only move to a neighbouring room.",
    );
  });

  it("records an objective once when two members race for it", async () => {
    const { guildId, all } = await guildInDungeon(1);
    const [a, b] = all as [Player, Player];
    const vault = floorOf(guildId, 1).objectives.find((o) => o.kind === ObjectiveKind.Vault)!;
    placeAt(a, vault.cell);
    placeAt(b, vault.cell);
    const toasts = [a, b].map((p) => {
      const since = mark(p);
      return p.client.next(
        "toast",
        (m) => /^Objective complete|already completed this objective/.test(m.text),
        { since },
      );
    });
    interact(a);
    interact(b);
    const texts = (await Promise.all(toasts)).map((t) => t.text);
    const text = `Open the vault at (${vault.x}, ${vault.y})`;
    // One of the two did it; the other is told who did.
    const winner = texts.indexOf(`Objective complete: ${text}.`);
    expect(winner).toBeGreaterThanOrEqual(0);
    const doer = winner === 0 ? a : b;
    expect(texts[1 - winner]).toBe(`${doer.name} already completed this objective: ${text}.`);
    expect(doer.loaded.dungeon.guildObjectives).toBe(1);
    const rows = await q(
      sql`select player_id from guild_dungeon_objectives where guild_id = ${guildId} and objective = ${vault.id}`,
    );
    expect(rows).toHaveLength(1);
    expect(a.loaded.dungeon.guildObjectives + b.loaded.dungeon.guildObjectives).toBe(1);
    // Every member's screen shows who did it.
    for (const p of [a, b]) {
      await p.client.next("guildDungeon", (m) =>
        (m.state?.objectives ?? []).some((o) => o.id === vault.id && o.by !== undefined),
      );
    }
  });

  it("clears the floor: level + 1 once, a reward credited to every contributor", async () => {
    const { guildId, all } = await guildInDungeon(2);
    const [leader, member, idle] = all as [Player, Player, Player];
    const { objectives } = floorOf(guildId, 1);
    for (const p of all) {
      setLoot(p.loaded, LootId.DungeonPoints, 0);
      setLoot(p.loaded, LootId.GuildBattleXp, 0);
    }
    const complete = async (p: Player, act: () => void, text: RegExp) => {
      const since = mark(p);
      act();
      await p.client.next("toast", (m) => text.test(m.text), { since });
    };
    // The leader beats both bosses (wounded to 1 health first).
    for (const boss of objectives.filter((o) => o.kind === ObjectiveKind.Knight)) {
      placeBefore(leader, boss.cell);
      guildRunOf(leader).run.wounds[boss.cell] = 1e-9;
      await complete(leader, () => moveTo(leader, boss.cell), /^Objective complete: Defeat /);
    }
    // The member opens both vaults.
    for (const vault of objectives.filter((o) => o.kind === ObjectiveKind.Vault)) {
      placeAt(member, vault.cell);
      await complete(member, () => interact(member), /^Objective complete: Open /);
    }
    expect(await q(sql`select dungeon_level from guilds where id = ${guildId}`)).toEqual([
      { dungeon_level: 1 },
    ]);
    // The last objective: the exit, by the member.
    const exit = objectives.find((o) => o.kind === ObjectiveKind.Exit)!;
    placeAt(member, exit.cell);
    guildRunOf(member).run.flags[exit.cell] = 1; // the exit room, its chest (if any) opened
    const cleared = [leader, idle].map((p) =>
      p.client.next("toast", (m) => m.text.startsWith("The guild cleared dungeon floor 1!"), {
        since: mark(p),
      }),
    );
    await complete(member, () => interact(member), /^Objective complete: Reach the exit/);
    await Promise.all(cleared);
    expect(await q(sql`select dungeon_level from guilds where id = ${guildId}`)).toEqual([
      { dungeon_level: 2 },
    ]);
    // Contributors get the reward (20 + 5 Dungeon Points, 10 Guild Battle XP); the idle one not.
    for (const p of [leader, member]) {
      await waitFor(() => (p.loaded.loot[LootId.DungeonPoints] ?? 0) === 25);
      expect(p.loaded.loot[LootId.GuildBattleXp]).toBe(10);
    }
    expect(leader.loaded.dungeon.guildObjectives).toBe(2);
    expect(member.loaded.dungeon.guildObjectives).toBe(3);
    expect(idle.loaded.loot[LootId.DungeonPoints] ?? 0).toBe(0);
    expect(
      await q(sql`select count(*)::int as n from credits where player_id = ${idle.id}`),
    ).toEqual([{ n: 0 }]);
    // The guild record says the new level; the others' runs of floor 1 end.
    await leader.client.next("guild", (m) => m.guild?.dungeonLevel === 2);
    await waitFor(() => idle.loaded.dungeon.guildRun === null);
    await idle.client.next(
      "toast",
      (m) => m.text === "Your guild cleared floor 1: enter floor 2 from the guild dungeon.",
    );
    await expectRefused(idle, () => interact(idle), NOT_IN_RUN);
    // Floor 2 can be entered and has fresh objectives.
    const state = await enterGuildDungeon(idle);
    expect(state?.level).toBe(2);
    expect(state?.objectives.every((o) => o.by === undefined)).toBe(true);
  });

  it("ends the run of a member who leaves the guild, with nothing", async () => {
    const { all } = await guildInDungeon(1);
    const member = all[1] as Player;
    const since = mark(member);
    member.client.send("guildLeave", {});
    await member.client.next(
      "toast",
      (m) => m.text === "You left the guild: your guild dungeon run ended.",
      { since },
    );
    expect(member.loaded.dungeon.guildRun).toBeNull();
    await expectRefused(member, () => interact(member), NOT_IN_RUN);
  });
});
