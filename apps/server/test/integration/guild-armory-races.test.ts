import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { armoryKit, BorrowItems } from "../support/guild-armory";
import { mark, type Player, takeOffline, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor, waitForAsync } from "../support/wait";

/** Armory loans under races, on kick or leave, and for an offline borrower. */
describe.each(testStores())("guild armory races and recalls on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const { q, itemRow, armoryRow, armoryList, backInArmory, guildLog, guildWith, stocked } =
    armoryKit(() => suite.server);

  it("two members borrowing the same item at once: exactly one gets it", async () => {
    const { leader, members } = await guildWith(2, [BorrowItems]);
    const [a, b] = members as [Player, Player];
    for (let round = 0; round < 5; round++) {
      const item = await stocked(leader, 1);
      const sinceA = mark(a);
      const sinceB = mark(b);
      a.client.send("guildArmoryBorrow", { itemId: item.id });
      b.client.send("guildArmoryBorrow", { itemId: item.id });
      const [ta, tb] = await Promise.all([
        a.client.next("toast", () => true, { since: sinceA }),
        b.client.next("toast", () => true, { since: sinceB }),
      ]);
      const won = [ta.text, tb.text].filter((t) => t.startsWith("You borrowed"));
      expect(won).toHaveLength(1);
      const winner = ta.text.startsWith("You borrowed") ? a : b;
      const loser = winner === a ? b : a;
      expect([ta.text, tb.text]).toContain(`${winner.name} has borrowed ${item.name}.`);
      expect(winner.loaded.inventory.get(item.id)).toBeDefined();
      expect(loser.loaded.inventory.get(item.id)).toBeUndefined();
      expect(await itemRow(item.id)).toEqual({
        ownerId: winner.id,
        borrowerId: winner.id,
        equipped: false,
      });
      expect((await armoryRow(item.id))?.borrowerId).toBe(winner.id);
    }
  });

  it("a revoke racing a return: the item ends in the armory, once", async () => {
    const { leader, guildId, members } = await guildWith(1, [BorrowItems]);
    const member = members[0]!;
    for (let round = 0; round < 4; round++) {
      const item = await stocked(leader, 2);
      expect(
        await toastFor(member, () => member.client.send("guildArmoryBorrow", { itemId: item.id })),
      ).toMatch(/^You borrowed/);
      const revoked = leader.client.next("toast", () => true, { since: mark(leader) });
      const returned = member.client.next(
        "toast",
        (m) => /^(You returned|Item not found)/.test(m.text),
        {
          since: mark(member),
        },
      );
      if (round % 2 === 0) {
        member.client.send("returnItem", { id: item.id });
        leader.client.send("guildArmoryRevoke", { itemId: item.id });
      } else {
        leader.client.send("guildArmoryRevoke", { itemId: item.id });
        member.client.send("returnItem", { id: item.id });
      }
      // Either wins; the other is told why not.
      expect((await revoked).text).toMatch(
        /is going back to the guild armory|^Nobody has borrowed/,
      );
      await returned;
      await backInArmory(item.id, member);
      expect((await armoryRow(item.id))?.guildId).toBe(guildId);
      // Free to borrow again, by exactly one.
      expect(
        await toastFor(leader, () => leader.client.send("guildArmoryBorrow", { itemId: item.id })),
      ).toMatch(/^You borrowed/);
      expect(await itemRow(item.id)).toEqual({
        ownerId: leader.id,
        borrowerId: leader.id,
        equipped: false,
      });
      expect(member.loaded.inventory.get(item.id)).toBeUndefined();
    }
  });

  it("kicking or leaving returns every borrowed item to the armory", async () => {
    const { leader, guildId, members } = await guildWith(2, [BorrowItems]);
    const [kicked, leaver] = members as [Player, Player];
    const a = await stocked(leader, 1);
    const b = await stocked(leader, 7);
    const c = await stocked(leader, 8);
    for (const [p, id] of [
      [kicked, a.id],
      [kicked, b.id],
      [leaver, c.id],
    ] as const) {
      expect(await toastFor(p, () => p.client.send("guildArmoryBorrow", { itemId: id }))).toMatch(
        /^You borrowed/,
      );
    }
    kicked.client.send("equipItem", { id: a.id });
    await waitFor(() => kicked.loaded.inventory.get(a.id)?.equipped === true);

    expect(
      await toastFor(leader, () => leader.client.send("guildKick", { playerId: kicked.id })),
    ).toBe(`You kicked ${kicked.name}.`);
    await backInArmory(a.id, kicked);
    await backInArmory(b.id, kicked);
    expect(kicked.loaded.inventory.equipped().some((i) => i.id === a.id)).toBe(false);

    const left = leaver.client.next("toast", (m) => m.text.startsWith("You left "), {
      since: mark(leaver),
    });
    leaver.client.send("guildLeave", {});
    await left;
    await backInArmory(c.id, leaver);
    const list = await armoryList(leader);
    expect(list.map((i) => [i.id, i.borrowerName ?? null]).sort()).toEqual(
      [a.id, b.id, c.id].map((id) => [id, null]).sort(),
    );
    const log = await guildLog(guildId);
    expect(log).toContain(`${a.name} went back to the armory: ${kicked.name} was kicked.`);
    expect(log).toContain(`${c.name} went back to the armory: ${leaver.name} left.`);
  });

  it("a revoke reaches a borrower who is offline", async () => {
    const { leader, members } = await guildWith(1, [BorrowItems]);
    const member = members[0]!;
    const item = await stocked(leader, 3);
    expect(
      await toastFor(member, () => member.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toMatch(/^You borrowed/);
    // The borrower leaves the game: saved and out of memory.
    await takeOffline(suite.server, member);

    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryRevoke", { itemId: item.id })),
    ).toBe(`${item.name} is going back to the guild armory.`);
    await waitForAsync(async () => (await itemRow(item.id)) === undefined);
    await waitForAsync(
      async () => (await q(sql`select 1 from credits where item_id = ${item.id}`)).length === 0,
    );
    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toMatch(/^You borrowed/);
  });
});
