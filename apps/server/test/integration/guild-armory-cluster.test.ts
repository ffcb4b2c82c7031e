import { GuildPermission, LootId } from "@manaspire/game";
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
 * The guild armory with two server processes on one PostgreSQL and Redis: a loan held by a
 * member playing on the other process is recalled (revoke, kick) by a credit that the
 * member's own process applies; two members on two processes borrowing the same item at once
 * get it once.
 */
describe.runIf(postgres && redisUp)("guild armory on two processes", () => {
  const world = twoProcesses(postgres!);

  const db = <T>(q: ReturnType<typeof sql>) =>
    withDb(world.store, async (d) => resultRows<T>(await d.execute(q)));

  /** A player on process `p`, with loot and `items` fresh items in the database before it loads. */
  async function player(
    p: ServerProcess,
    prefix: string,
    loot: Record<number, number> = {},
    items = 0,
  ): Promise<RemotePlayer & { items: number[] }> {
    const ids: number[] = [];
    const remote = await world.player(p, prefix, loot, async (d, name) => {
      for (let i = 0; i < items; i++) {
        const [row] = resultRows<{ id: string }>(
          await d.execute(sql`
            insert into items (id, owner_id, name, level, rarity, slot, boosts, rolls, quality)
            select nextval('items_id_seq'), p.id, ${`Hall Staff ${i + 1}`}, 1, 3, 1,
              '{"1": 5}'::jsonb, '{"1": 0.5}'::jsonb, 0.5
            from players p where lower(p.name) = lower(${name}) returning id`),
        );
        ids.push(Number(row?.id));
      }
    });
    return { ...remote, items: ids };
  }

  async function toast(p: RemotePlayer, act: () => void, re = /./): Promise<string> {
    const since = p.client.received.length;
    act();
    return (
      await p.client.next("toast", (m) => !m.text.includes("invited you") && re.test(m.text), {
        since,
      })
    ).text;
  }

  /** Back in the armory: no `items` row, no recall credit, the armory row free. */
  async function backInArmory(itemId: number): Promise<void> {
    const deadline = Date.now() + 20_000;
    for (;;) {
      const [row] = await db<{ out: boolean; pending: boolean; borrower: string | null }>(sql`
        select exists (select 1 from items where id = ${itemId}) as out,
          exists (select 1 from credits where item_id = ${itemId}) as pending,
          (select borrower_id from guild_armory where item_id = ${itemId}) as borrower`);
      if (row && !row.out && !row.pending && row.borrower === null) return;
      if (Date.now() > deadline) throw new Error(`item ${itemId} not back: ${JSON.stringify(row)}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  it("recalls a loan held on the other process; a borrow race across processes has one winner", async () => {
    const [one, two] = world.procs as [ServerProcess, ServerProcess];
    const founder = await player(
      one,
      "Fo",
      { [LootId.Iron]: 1000, [LootId.Fish]: 1000, [LootId.Wood]: 1000 },
      2,
    );
    const far = await player(two, "Fa");
    const near = await player(one, "Ne");
    const name = "Armory Halls";
    expect(await toast(founder, () => founder.client.send("createGuild", { name }))).toBe(
      `You founded ${name}.`,
    );
    const { guild } = await founder.client.next("guild", (m) => m.guild !== undefined);
    const guildId = guild?.id ?? 0;
    for (const m of [far, near]) {
      await toast(founder, () => founder.client.send("guildInvite", { name: m.name }));
      expect(await toast(m, () => m.client.send("guildInviteAccept", { guildId }))).toBe(
        `You joined ${name}.`,
      );
    }
    expect(
      await toast(founder, () =>
        founder.client.send("guildUpdateRank", {
          oldId: 10,
          id: 10,
          name: "Member",
          permission: 1 << GuildPermission.BorrowItems,
        }),
      ),
    ).toBe("Rank Member saved.");
    const [staff, spare] = founder.items as [number, number];
    for (const id of [staff, spare]) {
      expect(
        await toast(founder, () => founder.client.send("guildArmoryDeposit", { itemId: id })),
      ).toMatch(/^You deposited/);
    }

    // Both members borrow the same item at once, each on their own process.
    const at = [far, near].map((p) => p.client.received.length);
    far.client.send("guildArmoryBorrow", { itemId: spare });
    near.client.send("guildArmoryBorrow", { itemId: spare });
    const answers = await Promise.all(
      [far, near].map(
        async (p, i) => (await p.client.next("toast", () => true, { since: at[i] })).text,
      ),
    );
    expect(answers.filter((t) => t.startsWith("You borrowed"))).toHaveLength(1);
    const held = await db<{ owner_id: string }>(
      sql`select owner_id from items where id = ${spare}`,
    );
    expect(held).toHaveLength(1);

    // A loan held on process two, revoked from process one.
    expect(await toast(far, () => far.client.send("guildArmoryBorrow", { itemId: staff }))).toMatch(
      /^You borrowed/,
    );
    const told = far.client.next("toast", (m) => m.text.includes("took"), {
      since: far.client.received.length,
      timeoutMs: 20_000,
    });
    const gone = far.client.next("item", (m) => m.id === staff && m.item === undefined, {
      since: far.client.received.length,
      timeoutMs: 20_000,
    });
    expect(
      await toast(founder, () => founder.client.send("guildArmoryRevoke", { itemId: staff })),
    ).toBe("Hall Staff 1 is going back to the guild armory.");
    await told;
    await gone;
    await backInArmory(staff);

    // Borrowed again on process two, then its borrower is kicked from process one.
    expect(await toast(far, () => far.client.send("guildArmoryBorrow", { itemId: staff }))).toMatch(
      /^You borrowed/,
    );
    expect(await toast(founder, () => founder.client.send("guildKick", { playerId: far.id }))).toBe(
      `You kicked ${far.name}.`,
    );
    await backInArmory(staff);
    const log = await db<{ text: string }>(
      sql`select text from activity_log where guild_id = ${guildId} order by id`,
    );
    expect(log.map((r) => r.text)).toContain(
      `Hall Staff 1 went back to the armory: ${far.name} was kicked.`,
    );
  });
});
