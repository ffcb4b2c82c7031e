import { GuildPermission, GuildUpgrade, LogCategory } from "@manaspire/game";
import type { Item as WireItem } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { GameServer } from "../../src/server";
import { isGuildLoan } from "../../src/world/inventory";
import { resultRows } from "../../src/world/player-writes";
import { foundGuild, giveRank, joinGuild } from "../support/guilds";
import {
  giveItem,
  mark,
  namedPlayer,
  type Player,
  stateOf,
  takeOffline,
  toastFor,
} from "../support/players";
import { startTestServer } from "../support/server";
import { type TestStore, testStores } from "../support/stores";
import { waitFor } from "../support/wait";

const NO_PERMISSION = "Your rank does not allow that.";
const { DonateItems, BorrowItems, RetrieveItems, RevokeItems } = GuildPermission;

/** Polls an async condition (a database read) until it holds. */
async function eventually(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe.each(testStores())("guild armory on $kind", (factory) => {
  let store: TestStore;
  let server: GameServer;

  beforeAll(async () => {
    store = await factory.create();
    server = await startTestServer(store, { TICK_MS: "60000" });
  });

  afterAll(async () => {
    await server?.stop();
    await store?.dispose();
  });

  const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) =>
    resultRows<T>(await server.database.db.execute(s));

  /** The armory's rows, the `items` rows of its items and its log lines (refusals keep it). */
  async function armorySnapshot(guildId: number): Promise<string> {
    return JSON.stringify([
      await q(sql`select item_id, borrower_id, recalled, name from guild_armory
        where guild_id = ${guildId} order by item_id`),
      await q(sql`select i.id, i.owner_id, i.borrower_id, i.equipped from items i
        join guild_armory a on a.item_id = i.id where a.guild_id = ${guildId} order by i.id`),
      await q(sql`select count(*)::int as n from activity_log where guild_id = ${guildId}
        and category = ${LogCategory.GuildArmory}`),
    ]);
  }

  async function itemRow(id: number) {
    const [row] = await q<{ owner_id: string; borrower_id: string | null; equipped: boolean }>(
      sql`select owner_id, borrower_id, equipped from items where id = ${id}`,
    );
    return row
      ? {
          ownerId: Number(row.owner_id),
          borrowerId: row.borrower_id === null ? null : Number(row.borrower_id),
          equipped: row.equipped,
        }
      : undefined;
  }

  async function armoryRow(id: number) {
    const [row] = await q<{ guild_id: string; borrower_id: string | null; recalled: boolean }>(
      sql`select guild_id, borrower_id, recalled from guild_armory where item_id = ${id}`,
    );
    return row
      ? {
          guildId: Number(row.guild_id),
          borrowerId: row.borrower_id === null ? null : Number(row.borrower_id),
          recalled: row.recalled,
        }
      : undefined;
  }

  /** The armory list as the player's screen gets it. */
  async function armoryList(p: Player): Promise<WireItem[]> {
    const since = mark(p);
    p.client.send("refreshGuildArmory", {});
    return (await p.client.next("guildArmory", () => true, { since })).items;
  }

  /** Back in the armory: no `items` row, the holder's memory without it, no recall pending. */
  async function backInArmory(itemId: number, holder: Player): Promise<void> {
    await eventually(async () => {
      const pending = await q(sql`select 1 from credits where item_id = ${itemId}`);
      return (
        (await itemRow(itemId)) === undefined &&
        pending.length === 0 &&
        !holder.loaded.inventory.get(itemId) &&
        (await armoryRow(itemId))?.borrowerId === null
      );
    });
    expect((await armoryRow(itemId))?.recalled).toBe(false);
  }

  async function guildLog(guildId: number): Promise<string[]> {
    return (
      await q<{ text: string }>(sql`select text from activity_log where guild_id = ${guildId}
        and category = ${LogCategory.GuildArmory} order by id`)
    ).map((r) => r.text);
  }

  async function deposit(p: Player, itemId: number): Promise<string> {
    return toastFor(p, () => p.client.send("guildArmoryDeposit", { itemId }));
  }

  /** A guild with a leader and members, the members at a rank with these permissions. */
  async function guildWith(members: number, bits: readonly number[]) {
    const leader = await namedPlayer(server);
    const guildId = await foundGuild(leader);
    const list: Player[] = [];
    for (let i = 0; i < members; i++) {
      const m = await namedPlayer(server);
      await joinGuild(leader, m, guildId);
      list.push(m);
    }
    if (bits.length > 0 && list.length > 0) await giveRank(leader, list, 5, bits);
    return { leader, guildId, members: list };
  }

  /** The leader deposits a fresh item; returns its id and name. */
  async function stocked(leader: Player, slot: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 = 3) {
    const { item } = giveItem(server, leader.loaded, { slot });
    expect(await deposit(leader, item.id)).toBe(`You deposited ${item.name} in the guild armory.`);
    return item;
  }

  it("deposits an unequipped item of one's own with Donate Items; every refusal changes nothing", async () => {
    const { leader, guildId, members } = await guildWith(1, []);
    const member = members[0]!;
    const outsider = await namedPlayer(server);
    const item = giveItem(server, member.loaded, { slot: 3 }).item;
    const worn = giveItem(server, member.loaded, { slot: 4, equipped: true }).item;

    const before = await armorySnapshot(guildId);
    const memberBefore = stateOf(member.loaded);
    const leaderBefore = stateOf(leader.loaded);
    expect(await deposit(member, item.id)).toBe(NO_PERMISSION);
    expect(await deposit(leader, item.id)).toBe("Item not found."); // someone else's item
    expect(await deposit(leader, 987_654_321)).toBe("Item not found.");
    const outsiderItem = giveItem(server, outsider.loaded).item;
    const outsiderBefore = stateOf(outsider.loaded);
    expect(await deposit(outsider, outsiderItem.id)).toBe("You are not in a guild.");
    expect(stateOf(outsider.loaded)).toBe(outsiderBefore);
    expect(await armorySnapshot(guildId)).toBe(before);
    expect(stateOf(member.loaded)).toBe(memberBefore);
    expect(stateOf(leader.loaded)).toBe(leaderBefore);

    await giveRank(leader, [member], 5, [DonateItems]);
    expect(await deposit(member, worn.id)).toBe(`Unequip ${worn.name} before depositing it.`);
    expect(stateOf(member.loaded)).toBe(memberBefore);
    expect(await armorySnapshot(guildId)).toBe(before);

    const since = mark(member);
    expect(await deposit(member, item.id)).toBe(`You deposited ${item.name} in the guild armory.`);
    await member.client.next("item", (m) => m.id === item.id && m.item === undefined, { since });
    expect(member.loaded.inventory.get(item.id)).toBeUndefined();
    expect(await itemRow(item.id)).toBeUndefined();
    expect(await armoryRow(item.id)).toEqual({ guildId, borrowerId: null, recalled: false });
    const list = await armoryList(member);
    expect(list.map((i) => i.id)).toEqual([item.id]);
    expect(list[0]?.borrowerName).toBeUndefined();
    expect(list[0]?.name).toBe(item.name);
    expect(await guildLog(guildId)).toEqual([`${member.name} deposited ${item.name}.`]);
    // It is the guild's now: depositing it again finds nothing; a flush cannot bring it back.
    expect(await deposit(member, item.id)).toBe("Item not found.");
    await server.store.flush();
    expect(await itemRow(item.id)).toBeUndefined();
    // An outsider sees no armory.
    expect(await toastFor(outsider, () => outsider.client.send("refreshGuildArmory", {}))).toBe(
      "You are not in a guild.",
    );
    // Its tooltip (a chat link, say) still finds it.
    const seen = mark(outsider);
    outsider.client.send("getItem", { id: item.id });
    const found = await outsider.client.next("item", (m) => m.id === item.id, { since: seen });
    expect(found.item?.name).toBe(item.name);
    expect(found.item?.borrowerName).toBeUndefined();
  });

  it("borrows with Borrow Items: held and equippable, never sold, sent, destroyed or deposited; returned", async () => {
    const { leader, guildId, members } = await guildWith(2, [BorrowItems]);
    const [member, other] = members as [Player, Player];
    const item = await stocked(leader, 3);

    const noRank = await namedPlayer(server);
    await joinGuild(leader, noRank, guildId);
    const before = await armorySnapshot(guildId);
    const noRankBefore = stateOf(noRank.loaded);
    expect(
      await toastFor(noRank, () => noRank.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toBe(NO_PERMISSION);
    expect(stateOf(noRank.loaded)).toBe(noRankBefore);
    expect(await armorySnapshot(guildId)).toBe(before);

    const since = mark(member);
    expect(
      await toastFor(member, () => member.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toBe(`You borrowed ${item.name} from the guild armory.`);
    const got = await member.client.next("item", (m) => m.id === item.id && !!m.item, { since });
    expect(got.item?.borrowerName).toBe(member.name);
    const held = member.loaded.inventory.get(item.id);
    expect(held && isGuildLoan(held)).toBe(true);
    expect(await itemRow(item.id)).toEqual({
      ownerId: member.id,
      borrowerId: member.id,
      equipped: false,
    });
    expect((await armoryList(leader)).find((i) => i.id === item.id)?.borrowerName).toBe(
      member.name,
    );

    // Equipped and used; nothing that would give it away or destroy it.
    member.client.send("equipItem", { id: item.id });
    await waitFor(() => member.loaded.inventory.get(item.id)?.equipped === true);
    const worn = stateOf(member.loaded);
    const refusals: Array<[() => void, RegExp]> = [
      [
        () => member.client.send("transferItem", { id: item.id, to: leader.name, borrow: false }),
        /borrowed/,
      ],
      [() => member.client.send("favoriteItem", { id: item.id, favorite: true }), /borrowed/],
      [() => member.client.send("createItemOrder", { itemId: item.id, price: 100 }), /borrowed/],
      [() => member.client.send("guildArmoryDeposit", { itemId: item.id }), /borrowed/],
      [
        () =>
          member.client.send("disenchant", {
            target: item.id,
            rarity: 1,
            itemIds: [],
            confirmed: true,
          }),
        /borrowed/,
      ],
    ];
    for (const [act, text] of refusals) expect(await toastFor(member, act)).toMatch(text);
    expect(stateOf(member.loaded)).toBe(worn);

    // Nobody else can have it meanwhile.
    const taken = `${member.name} has borrowed ${item.name}.`;
    expect(
      await toastFor(other, () => other.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toBe(taken);
    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryWithdraw", { itemId: item.id })),
    ).toBe(taken);

    // Returned (unequipped when back): out of memory and `items`, free in the armory.
    const back = mark(member);
    expect(await toastFor(member, () => member.client.send("returnItem", { id: item.id }))).toBe(
      `You returned ${item.name} to the guild armory.`,
    );
    await member.client.next("item", (m) => m.id === item.id && m.item === undefined, {
      since: back,
    });
    expect(member.loaded.inventory.get(item.id)).toBeUndefined();
    expect(member.loaded.inventory.equipped().some((i) => i.id === item.id)).toBe(false);
    await backInArmory(item.id, member);
    expect(await armoryRow(item.id)).toEqual({ guildId, borrowerId: null, recalled: false });
    expect((await armoryList(other)).find((i) => i.id === item.id)?.borrowerName).toBeUndefined();
    // Free again: the other member borrows it, unequipped.
    expect(
      await toastFor(other, () => other.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toBe(`You borrowed ${item.name} from the guild armory.`);
    expect(other.loaded.inventory.get(item.id)?.equipped).toBe(false);
    expect(await guildLog(guildId)).toEqual([
      `${leader.name} deposited ${item.name}.`,
      `${member.name} borrowed ${item.name}.`,
      `${member.name} returned ${item.name}.`,
      `${other.name} borrowed ${item.name}.`,
    ]);
  });

  it("revokes with Revoke Items: the equipped loan leaves its holder and is back, once", async () => {
    const { leader, guildId, members } = await guildWith(2, [BorrowItems]);
    const [member, other] = members as [Player, Player];
    const item = await stocked(leader, 4);
    expect(
      await toastFor(member, () => member.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toMatch(/^You borrowed/);
    member.client.send("equipItem", { id: item.id });
    await waitFor(() => member.loaded.inventory.get(item.id)?.equipped === true);
    await server.store.flush(); // the equip is saved: the snapshot below is what stays

    const before = await armorySnapshot(guildId);
    const otherBefore = stateOf(other.loaded);
    expect(
      await toastFor(other, () => other.client.send("guildArmoryRevoke", { itemId: item.id })),
    ).toBe(NO_PERMISSION);
    expect(await armorySnapshot(guildId)).toBe(before);
    expect(stateOf(other.loaded)).toBe(otherBefore);
    expect(member.loaded.inventory.get(item.id)?.equipped).toBe(true);

    // An officer with Revoke Items (only) takes it back.
    await giveRank(leader, [other], 6, [RevokeItems]);
    const told = member.client.next("toast", (m) => m.text.includes("took"), {
      since: mark(member),
    });
    const stats = member.client.next("playerUpdate", (m) => m.patch.totalBoosts !== undefined, {
      since: mark(member),
    });
    expect(
      await toastFor(other, () => other.client.send("guildArmoryRevoke", { itemId: item.id })),
    ).toBe(`${item.name} is going back to the guild armory.`);
    expect((await told).text).toBe(`${other.name} took ${item.name} back to the guild armory.`);
    await stats;
    await backInArmory(item.id, member);
    expect(member.loaded.inventory.equipped().some((i) => i.id === item.id)).toBe(false);
    expect((await armoryList(leader)).find((i) => i.id === item.id)?.borrowerName).toBeUndefined();
    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryRevoke", { itemId: item.id })),
    ).toBe(`Nobody has borrowed ${item.name}.`);
    expect(await guildLog(guildId)).toContain(
      `${other.name} revoked ${item.name} from ${member.name}.`,
    );
    // A flush of the former holder cannot bring it back.
    await server.store.flush();
    expect(await itemRow(item.id)).toBeUndefined();
    // Another guild cannot reach it.
    const rival = await namedPlayer(server);
    await foundGuild(rival);
    for (const type of ["guildArmoryBorrow", "guildArmoryWithdraw", "guildArmoryRevoke"] as const) {
      expect(await toastFor(rival, () => rival.client.send(type, { itemId: item.id }))).toBe(
        "That item is not in your guild's armory.",
      );
    }
    expect(await armoryRow(item.id)).toEqual({ guildId, borrowerId: null, recalled: false });
  });

  it("retrieves with Retrieve Items: out of the armory for good, never while lent", async () => {
    const { leader, guildId, members } = await guildWith(1, [BorrowItems]);
    const member = members[0]!;
    const item = await stocked(leader, 5);
    const before = await armorySnapshot(guildId);
    expect(
      await toastFor(member, () => member.client.send("guildArmoryWithdraw", { itemId: item.id })),
    ).toBe(NO_PERMISSION);
    expect(await armorySnapshot(guildId)).toBe(before);

    await giveRank(leader, [member], 5, [BorrowItems, RetrieveItems]);
    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toMatch(/^You borrowed/);
    expect(
      await toastFor(member, () => member.client.send("guildArmoryWithdraw", { itemId: item.id })),
    ).toBe(`${leader.name} has borrowed ${item.name}.`);
    expect(await toastFor(leader, () => leader.client.send("returnItem", { id: item.id }))).toMatch(
      /^You returned/,
    );

    expect(
      await toastFor(member, () => member.client.send("guildArmoryWithdraw", { itemId: item.id })),
    ).toBe(`You took ${item.name} out of the guild armory.`);
    const mine = member.loaded.inventory.get(item.id);
    expect(mine?.ownerId).toBe(member.id);
    expect(mine?.borrowerId).toBeNull();
    expect(await armoryRow(item.id)).toBeUndefined();
    expect(await itemRow(item.id)).toEqual({
      ownerId: member.id,
      borrowerId: null,
      equipped: false,
    });
    expect(await armoryList(member)).toEqual([]);
    expect(await guildLog(guildId)).toContain(`${member.name} retrieved ${item.name}.`);
  });

  it("refuses deposits into a full armory (200 + 50 per Cloakroom level)", async () => {
    const { leader, guildId } = await guildWith(0, []);
    await server.database.db.execute(sql`
      insert into guild_armory (item_id, guild_id, name, level, rarity, slot, boosts, rolls, quality)
      select 9000000000 + ${guildId} * 1000 + g, ${guildId}, 'Filler', 1, 1, 1, '{}', '{}', 0.5
      from generate_series(1, 200) g`);
    const item = giveItem(server, leader.loaded, { slot: 6 }).item;
    const before = await armorySnapshot(guildId);
    const leaderBefore = stateOf(leader.loaded);
    expect(await deposit(leader, item.id)).toBe("The guild armory is full.");
    expect(await armorySnapshot(guildId)).toBe(before);
    expect(stateOf(leader.loaded)).toBe(leaderBefore);
    expect((await armoryList(leader)).length).toBe(200);

    await server.database.db.execute(sql`
      update guilds set upgrades = ${JSON.stringify({ [GuildUpgrade.Cloakroom]: 1 })}::jsonb
      where id = ${guildId}`);
    expect(await deposit(leader, item.id)).toBe(`You deposited ${item.name} in the guild armory.`);
    // The leader cannot end a guild whose armory holds items.
    expect(await toastFor(leader, () => leader.client.send("guildLeave", {}))).toBe(
      "Retrieve the armory's items first: the guild ends when its last member leaves.",
    );
    expect(server.guilds.guildOf(leader.id)).toBe(guildId);
  });

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
    await takeOffline(server, member);

    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryRevoke", { itemId: item.id })),
    ).toBe(`${item.name} is going back to the guild armory.`);
    await eventually(async () => (await itemRow(item.id)) === undefined);
    await eventually(
      async () => (await q(sql`select 1 from credits where item_id = ${item.id}`)).length === 0,
    );
    expect(
      await toastFor(leader, () => leader.client.send("guildArmoryBorrow", { itemId: item.id })),
    ).toMatch(/^You borrowed/);
  });
});
