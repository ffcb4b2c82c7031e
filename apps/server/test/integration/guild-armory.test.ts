import { GuildUpgrade } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { isGuildLoan } from "../../src/world/inventory";
import {
  armoryKit,
  BorrowItems,
  DonateItems,
  NO_PERMISSION,
  RetrieveItems,
  RevokeItems,
} from "../support/guild-armory";
import { foundGuild, giveRank, joinGuild } from "../support/guilds";
import { giveItem, mark, namedPlayer, type Player, stateOf, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";
import { waitFor } from "../support/wait";

/** Deposit, borrow, revoke, retrieve and the armory's capacity (spec 001 guild permissions 5-8). */
describe.each(testStores())("guild armory on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  const {
    armorySnapshot,
    itemRow,
    armoryRow,
    armoryList,
    backInArmory,
    guildLog,
    deposit,
    guildWith,
    stocked,
  } = armoryKit(() => suite.server);

  it("deposits an unequipped item of one's own with Donate Items; every refusal changes nothing", async () => {
    const { leader, guildId, members } = await guildWith(1, []);
    const member = members[0]!;
    const outsider = await namedPlayer(suite.server);
    const item = giveItem(suite.server, member.loaded, { slot: 3 }).item;
    const worn = giveItem(suite.server, member.loaded, { slot: 4, equipped: true }).item;

    const before = await armorySnapshot(guildId);
    const memberBefore = stateOf(member.loaded);
    const leaderBefore = stateOf(leader.loaded);
    expect(await deposit(member, item.id)).toBe(NO_PERMISSION);
    expect(await deposit(leader, item.id)).toBe("Item not found."); // someone else's item
    expect(await deposit(leader, 987_654_321)).toBe("Item not found.");
    const outsiderItem = giveItem(suite.server, outsider.loaded).item;
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
    await suite.server.store.flush();
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

    const noRank = await namedPlayer(suite.server);
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
    await suite.server.store.flush(); // the equip is saved: the snapshot below is what stays

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
    await suite.server.store.flush();
    expect(await itemRow(item.id)).toBeUndefined();
    // Another guild cannot reach it.
    const rival = await namedPlayer(suite.server);
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
    await suite.server.database.db.execute(sql`
      insert into guild_armory (item_id, guild_id, name, level, rarity, slot, boosts, rolls, quality)
      select 9000000000 + ${guildId} * 1000 + g, ${guildId}, 'Filler', 1, 1, 1, '{}', '{}', 0.5
      from generate_series(1, 200) g`);
    const item = giveItem(suite.server, leader.loaded, { slot: 6 }).item;
    const before = await armorySnapshot(guildId);
    const leaderBefore = stateOf(leader.loaded);
    expect(await deposit(leader, item.id)).toBe("The guild armory is full.");
    expect(await armorySnapshot(guildId)).toBe(before);
    expect(stateOf(leader.loaded)).toBe(leaderBefore);
    expect((await armoryList(leader)).length).toBe(200);

    await suite.server.database.db.execute(sql`
      update guilds set upgrades = ${JSON.stringify({ [GuildUpgrade.Cloakroom]: 1 })}::jsonb
      where id = ${guildId}`);
    expect(await deposit(leader, item.id)).toBe(`You deposited ${item.name} in the guild armory.`);
    // The leader cannot end a guild whose armory holds items.
    expect(await toastFor(leader, () => leader.client.send("guildLeave", {}))).toBe(
      "Retrieve the armory's items first: the guild ends when its last member leaves.",
    );
    expect(suite.server.guilds.guildOf(leader.id)).toBe(guildId);
  });
});
