import { ActionType, GuildUpgrade, guildUpgradeCost, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { resultRows } from "../../src/db/runner";
import type { ServerProcess } from "../support/child";
import { withDb } from "../support/ledger";
import type { RemotePlayer } from "../support/players";
import { redisReachable } from "../support/redis";
import { testStores } from "../support/stores";
import { twoProcesses } from "../support/two-processes";

const postgres = testStores().find((f) => f.kind === "postgres");
const redisUp = postgres ? await redisReachable() : false;

/**
 * Guild effects and guild experience with two server processes on one PostgreSQL and Redis: a
 * member on one process gets an upgrade bought on the other (the bus's `guild` message), and
 * both processes' members add battle experience to the guild without losing any.
 */
describe.runIf(postgres && redisUp)("guild effects on two processes", () => {
  // Ticks of 300 ms: the members battle.
  const world = twoProcesses(postgres!, { TICK_MS: "300" });

  /** An idle player on process `p` (no action until told), with `loot`. */
  const player = (p: ServerProcess, prefix: string, loot: Record<number, number> = {}) =>
    world.player(p, prefix, loot, (db, name) =>
      db.execute(sql`update players set action_type = 0 where lower(name) = lower(${name})`),
    );

  async function toast(p: RemotePlayer, act: () => void): Promise<string> {
    const since = p.client.received.length;
    act();
    return (await p.client.next("toast", (m) => !m.text.includes("invited you"), { since })).text;
  }

  it("an upgrade bought on one process reaches a member on the other; both feed the guild's xp", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const cost = guildUpgradeCost(GuildUpgrade.SleepingQuarters, 1) ?? {};
    const founder = await player(one, "Fx", {
      [LootId.Iron]: 1000,
      [LootId.Fish]: 1000,
      [LootId.Wood]: 1000,
      ...cost,
    });
    const member = await player(two, "Mx");
    const name = "Shared Quarters";
    const founded = founder.client.received.length;
    expect(await toast(founder, () => founder.client.send("createGuild", { name }))).toBe(
      `You founded ${name}.`,
    );
    const { guild } = await founder.client.next("guild", (m) => m.guild !== undefined);
    const guildId = guild?.id ?? 0;
    // The founder's process has given them the guild's effects (their stats are pushed).
    await founder.client.next("playerUpdate", (m) => m.patch.maxActions === 1000, {
      since: founded,
    });
    expect(
      await toast(founder, () => founder.client.send("guildInvite", { name: member.name })),
    ).toBe(`You invited ${member.name}.`);
    const joined = member.client.received.length;
    expect(await toast(member, () => member.client.send("guildInviteAccept", { guildId }))).toBe(
      `You joined ${name}.`,
    );
    await member.client.next("playerUpdate", (m) => m.patch.maxActions === 1000, {
      since: joined,
    });

    // Sleeping Quarters bought on process one: the member on process two gets 1% more.
    const bought = member.client.received.length;
    for (const [id, amount] of Object.entries(cost)) {
      expect(
        await toast(founder, () =>
          founder.client.send("guildDonate", { lootId: Number(id), amount }),
        ),
      ).toMatch(/^You donated/);
    }
    expect(
      await toast(founder, () =>
        founder.client.send("purchaseGuildUpgrade", { upgrade: GuildUpgrade.SleepingQuarters }),
      ),
    ).toBe("Sleeping Quarters is now level 1.");
    await member.client.next("playerUpdate", (m) => m.patch.maxActions === 1010, {
      since: bought,
      timeoutMs: 10_000,
    });

    // Both fight on their own process; every save adds its players' share to the guild.
    const marks = [founder, member].map((p) => p.client.received.length);
    for (const p of [founder, member]) {
      p.client.send("setActionType", { actionType: ActionType.Battle, flag: false });
    }
    for (const [i, p] of [founder, member].entries()) {
      await p.client.next("battleTick", () => true, { since: marks[i], timeoutMs: 20_000 });
      const seen = () =>
        p.client.received.slice(marks[i]).filter((m) => m.type === "battleTick").length;
      const deadline = Date.now() + 30_000;
      while (seen() < 8) {
        if (Date.now() > deadline) throw new Error("battles not seen");
        await new Promise((r) => setTimeout(r, 100));
      }
    }
    for (const p of [founder, member]) {
      p.client.send("setActionType", { actionType: ActionType.None, flag: false });
    }

    // Read in one statement, the guild's experience is 1% of what both members gained (they
    // had none before): each save writes a player's experience and the guild's share together.
    const snapshot = () =>
      withDb(world.store, async (db) => {
        const [row] = resultRows<{
          experience: string | number;
          xp: string | number;
          least: string | number;
        }>(
          await db.execute(sql`
            select g.experience, x.xp, x.least from guilds g,
              (select sum(p.battle_xp) as xp, min(p.battle_xp) as least from players p
                where p.id in (${founder.id}, ${member.id})) x
            where g.id = ${guildId}`),
        );
        return {
          guild: Number(row?.experience),
          members: Number(row?.xp),
          least: Number(row?.least),
        };
      });
    const deadline = Date.now() + 30_000;
    let last = await snapshot();
    // Both processes' members have saved some battle experience.
    const battled = (s: typeof last) => s.least > 0;
    while (!battled(last)) {
      if (Date.now() > deadline) throw new Error(`no battle xp saved: ${JSON.stringify(last)}`);
      await new Promise((r) => setTimeout(r, 200));
      last = await snapshot();
    }
    for (let i = 0; i < 5; i++) {
      expect(last.guild).toBeCloseTo(last.members * 0.01, 6);
      await new Promise((r) => setTimeout(r, 300));
      last = await snapshot();
    }
  });
});
