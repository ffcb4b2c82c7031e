import {
  BATTLE_XP_BASE,
  experienceForLevel,
  guildDungeonSeed,
  LootId,
  moveDelayMs,
  ObjectiveKind,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Db } from "../../src/db/client";
import { resultRows } from "../../src/db/runner";
import type { ServerProcess } from "../support/child";
import { floorOf, openNeighbour } from "../support/guild-dungeons";
import { withDb } from "../support/ledger";
import type { RemotePlayer } from "../support/players";
import { redisReachable } from "../support/redis";
import { testStores } from "../support/stores";
import { twoProcesses } from "../support/two-processes";
import { sleep } from "../support/wait";

const postgres = testStores().find((f) => f.kind === "postgres");
const redisUp = postgres ? await redisReachable() : false;
const MOVE_DELAY_MS = moveDelayMs(0);

/**
 * Guild dungeons on two server processes (one PostgreSQL, Redis): two members, each on their
 * own process and standing in the same vault of their copies, open it at the same moment; the
 * guild's objective is recorded once, and the screen of the member on the other process shows
 * it (the bus's guild message).
 */
describe.runIf(postgres && redisUp)("guild dungeons on two processes", () => {
  const world = twoProcesses(postgres!);
  const { player } = world;

  async function toast(p: RemotePlayer, act: () => void): Promise<string> {
    const since = p.client.received.length;
    act();
    return (await p.client.next("toast", (m) => !m.text.includes("invited you"), { since })).text;
  }

  it("two members on two processes complete one objective once", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const founder = await player(one, "Fo", {
      [LootId.Iron]: 1000,
      [LootId.Fish]: 1000,
      [LootId.Wood]: 1000,
    });
    const name = "Deep Halls";
    expect(await toast(founder, () => founder.client.send("createGuild", { name }))).toBe(
      `You founded ${name}.`,
    );
    const { guild } = await founder.client.next("guild", (m) => m.guild !== undefined);
    const guildId = guild?.id ?? 0;
    const vault = floorOf(guildId, 1).objectives.find((o) => o.kind === ObjectiveKind.Vault)!;
    // Each racer's copy of floor 1, standing in the vault's room, saved before they load.
    const inVault = (db: Db, playerName: string) =>
      db.execute(
        sql`update players set dungeon = ${JSON.stringify({
          guildRun: {
            seed: guildDungeonSeed(guildId, 1),
            size: 3,
            speedrun: false,
            startedAt: Date.now(),
            x: vault.x,
            y: vault.y,
            flags: {},
            wounds: {},
            discovered: [vault.cell],
            keys: [],
            loot: {},
            movedAt: 0,
            interactedAt: 0,
            guild: { guildId, level: 1 },
          },
        })}::jsonb where lower(name) = lower(${playerName})`,
      );
    const a = await player(one, "Ra", {}, inVault);
    const b = await player(two, "Rb", {}, inVault);
    for (const m of [a, b]) {
      expect(await toast(founder, () => founder.client.send("guildInvite", { name: m.name }))).toBe(
        `You invited ${m.name}.`,
      );
      expect(await toast(m, () => m.client.send("guildInviteAccept", { guildId }))).toBe(
        `You joined ${name}.`,
      );
    }
    const told = [a, b].map((p) => {
      const since = p.client.received.length;
      return p.client.next(
        "toast",
        (m) => /^Objective complete|already completed this objective/.test(m.text),
        { since },
      );
    });
    a.client.send("dungeonInteract", { flags: 1 });
    b.client.send("dungeonInteract", { flags: 1 });
    const texts = (await Promise.all(told)).map((t) => t.text);
    const text = `Open the vault at (${vault.x}, ${vault.y})`;
    const winner = texts.indexOf(`Objective complete: ${text}.`);
    expect(winner).toBeGreaterThanOrEqual(0);
    const doer = winner === 0 ? a : b;
    expect(texts[1 - winner]).toBe(`${doer.name} already completed this objective: ${text}.`);
    const rows = await withDb(world.store, async (db) =>
      resultRows<{ player_id: string }>(
        await db.execute(
          sql`select player_id from guild_dungeon_objectives where guild_id = ${guildId}`,
        ),
      ),
    );
    expect(rows).toHaveLength(1);
    // The founder (on process one) and both racers see it done, whoever did it.
    for (const p of [founder, a, b]) {
      await p.client.next("guildDungeon", (m) =>
        (m.state?.objectives ?? []).some((o) => o.id === vault.id && o.by !== undefined),
      );
    }
  });

  it("members on two processes see each other on the floor, move and leave", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const founder = await player(one, "Fo", {
      [LootId.Iron]: 1000,
      [LootId.Fish]: 1000,
      [LootId.Wood]: 1000,
    });
    founder.client.send("createGuild", { name: "Twin Halls" });
    const { guild } = await founder.client.next("guild", (m) => m.guild !== undefined);
    const guildId = guild?.id ?? 0;
    const { map } = floorOf(guildId, 1);
    // Battle level 1, the floor's entry level, saved before they load.
    const levelOne = (db: Db, playerName: string) =>
      db.execute(
        sql`update players set battle_xp = ${experienceForLevel(BATTLE_XP_BASE, 1)}
          where lower(name) = lower(${playerName})`,
      );
    const invite = async (m: RemotePlayer) => {
      founder.client.send("guildInvite", { name: m.name });
      await founder.client.next("toast", (t) => t.text === `You invited ${m.name}.`);
      m.client.send("guildInviteAccept", { guildId });
      await m.client.next("toast", (t) => t.text === "You joined Twin Halls.");
    };
    const names = (m: { players: { name: string }[] }) => m.players.map((r) => r.name);
    const a = await player(one, "Ta", {}, levelOne);
    await invite(a);
    a.client.send("dungeonJoinGuild", { join: true });
    await a.client.next("dungeonState", (m) => m.state.guild);

    // The member on process two enters: process two asks who is there, process one answers
    // with its member, and process one's member hears of the newcomer.
    const b = await player(two, "Tb", {}, levelOne);
    const sinceA = a.client.received.length;
    await invite(b);
    b.client.send("dungeonJoinGuild", { join: true });
    await b.client.next("guildDungeonPlayers", (m) => names(m).includes(a.name));
    await a.client.next("guildDungeonPlayers", (m) => names(m).includes(b.name), {
      since: sinceA,
    });

    // A move on process two reaches process one (after the movement delay of a new run).
    await sleep(MOVE_DELAY_MS);
    const next = openNeighbour(map, map.start);
    const sinceMove = a.client.received.length;
    b.client.send("dungeonMove", {
      x: next % map.side,
      y: Math.floor(next / map.side),
      guild: true,
    });
    const moved = await a.client.next(
      "guildDungeonPlayers",
      (m) => m.players.some((r) => r.name === b.name && r.x === next % map.side),
      { since: sinceMove },
    );
    expect(moved.players.find((r) => r.name === b.name)?.y).toBe(Math.floor(next / map.side));

    // Gone from process one's map when the socket on process two closes.
    const sinceGone = a.client.received.length;
    b.client.close();
    const gone = await a.client.next("guildDungeonPlayers", (m) => !names(m).includes(b.name), {
      since: sinceGone,
    });
    expect(gone.players).toEqual([]);
  });
});
