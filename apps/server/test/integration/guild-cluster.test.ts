import { ChatChannel, LootId } from "@manaspire/game";
import type { ChatEntry } from "@manaspire/protocol";
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

const lineText = (e: ChatEntry) => e.message.map((p) => p.text).join("");

/**
 * Guilds with two server processes on one PostgreSQL and Redis (issue 10): the guild lives in
 * the database, so a founder on one process and a member on the other share it; an accept,
 * Guild chat and a kick made on one process reach the other (the bus's `guild` message), and
 * concurrent withdrawals on both processes conserve the funds.
 */
describe.runIf(postgres && redisUp)("guilds on two processes", () => {
  const world = twoProcesses(postgres!);
  const { player } = world;

  /** The toast `act` causes (a toast from elsewhere, such as an invitation, is skipped). */
  async function toast(p: RemotePlayer, act: () => void): Promise<string> {
    const since = p.client.received.length;
    act();
    return (await p.client.next("toast", (m) => !m.text.includes("invited you"), { since })).text;
  }

  it("a guild spans processes: accept, Guild chat, withdrawals and a kick", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const founder = await player(one, "Fo", {
      [LootId.Iron]: 1000,
      [LootId.Fish]: 1000,
      [LootId.Wood]: 1000,
      [LootId.ManaDust]: 1000,
    });
    const member = await player(two, "Me");
    const name = "Two Halls";
    expect(await toast(founder, () => founder.client.send("createGuild", { name }))).toBe(
      `You founded ${name}.`,
    );
    const { guild } = await founder.client.next("guild", (m) => m.guild !== undefined);
    const guildId = guild?.id ?? 0;
    expect(
      await toast(founder, () => founder.client.send("guildInvite", { name: member.name })),
    ).toBe(`You invited ${member.name}.`);
    const since = member.client.received.length;
    expect(await toast(member, () => member.client.send("guildInviteAccept", { guildId }))).toBe(
      `You joined ${name}.`,
    );
    await member.client.next("channels", (m) => m.channels.includes(ChatChannel.Guild), { since });
    // The founder's process hears of the new member: the roster pushed there has two.
    await founder.client.next("guildRoster", (m) => m.members.length === 2, { timeoutMs: 10_000 });

    // Guild chat both ways across processes.
    for (const [from, to, text] of [
      [member, founder, "hello from two"],
      [founder, member, "hello from one"],
    ] as const) {
      const at = to.client.received.length;
      from.client.send("chat", { channel: ChatChannel.Guild, text });
      await to.client.next("chatLine", (m) => lineText(m.entry) === text, { since: at });
    }

    // The founder gives the member Withdraw Funds; both withdraw at once from two processes.
    await toast(founder, () =>
      founder.client.send("guildUpdateRank", {
        oldId: 0,
        id: 2,
        name: "Treasurer",
        permission: 1 << 9,
      }),
    );
    await toast(founder, () =>
      founder.client.send("guildPromote", { playerId: member.id, rank: 2 }),
    );
    await toast(founder, () =>
      founder.client.send("guildDonate", { lootId: LootId.ManaDust, amount: 1000 }),
    );
    const marks = [founder, member].map((p) => p.client.received.length);
    for (let i = 0; i < 8; i++) {
      for (const p of [founder, member]) {
        p.client.send("guildDonate", { lootId: LootId.ManaDust, amount: -100 });
      }
    }
    const count = (p: RemotePlayer, at: number, re: RegExp) =>
      p.client.received.slice(at).filter((m) => m.type === "toast" && re.test(m.data.text)).length;
    const deadline = Date.now() + 15_000;
    while (
      count(founder, marks[0]!, /withdrew|has only/) < 8 ||
      count(member, marks[1]!, /withdrew|has only/) < 8
    ) {
      if (Date.now() > deadline) throw new Error("withdrawals not answered");
      await new Promise((r) => setTimeout(r, 50));
    }
    const withdrawn =
      100 *
      (count(founder, marks[0]!, /^You withdrew/) + count(member, marks[1]!, /^You withdrew/));
    expect(withdrawn).toBe(1000);
    const [row] = await withDb(world.store, async (db) =>
      resultRows<{ funds: Record<string, number> }>(
        await db.execute(sql`select funds from guilds where id = ${guildId}`),
      ),
    );
    expect(Number(row?.funds[LootId.ManaDust] ?? 0)).toBe(0);

    // A kick on process one closes the member's Guild tab on process two.
    const kicked = member.client.received.length;
    expect(
      await toast(founder, () => founder.client.send("guildKick", { playerId: member.id })),
    ).toBe(`You kicked ${member.name}.`);
    await member.client.next("channels", (m) => !m.channels.includes(ChatChannel.Guild), {
      since: kicked,
      timeoutMs: 10_000,
    });
    await member.client.next("guild", (m) => m.guild === undefined, { since: kicked });
  });
});
