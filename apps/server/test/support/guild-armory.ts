import { GuildPermission, LogCategory } from "@manaspire/game";
import type { Item as WireItem } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import { expect } from "vitest";
import { resultRows } from "../../src/db/runner";
import type { GameServer } from "../../src/server";
import { foundGuild, giveRank, joinGuild } from "./guilds";
import { giveItem, mark, namedPlayer, type Player, toastFor } from "./players";
import { waitForAsync } from "./wait";

export const NO_PERMISSION = "Your rank does not allow that.";
export const { DonateItems, BorrowItems, RetrieveItems, RevokeItems } = GuildPermission;

/**
 * The guild armory tests' reads and steps (guild-armory*.test.ts), on the server `serverOf`
 * returns (started in the test file's beforeAll, after the kit is made).
 */
export function armoryKit(serverOf: () => GameServer) {
  const q = async <T = Record<string, unknown>>(s: ReturnType<typeof sql>) =>
    resultRows<T>(await serverOf().database.db.execute(s));

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
    await waitForAsync(async () => {
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
    const leader = await namedPlayer(serverOf());
    const guildId = await foundGuild(leader);
    const list: Player[] = [];
    for (let i = 0; i < members; i++) {
      const m = await namedPlayer(serverOf());
      await joinGuild(leader, m, guildId);
      list.push(m);
    }
    if (bits.length > 0 && list.length > 0) await giveRank(leader, list, 5, bits);
    return { leader, guildId, members: list };
  }

  /** The leader deposits a fresh item; returns its id and name. */
  async function stocked(leader: Player, slot: 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 = 3) {
    const { item } = giveItem(serverOf(), leader.loaded, { slot });
    expect(await deposit(leader, item.id)).toBe(`You deposited ${item.name} in the guild armory.`);
    return item;
  }

  return {
    q,
    armorySnapshot,
    itemRow,
    armoryRow,
    armoryList,
    backInArmory,
    guildLog,
    deposit,
    guildWith,
    stocked,
  };
}
