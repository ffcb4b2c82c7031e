import type { Item } from "@manaspire/game";
import { LogCategory } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../../db/runner";
import { GameError } from "../../socket/handlers";
import { type Credit, CreditKind } from "../../world/credits";
import type { OwnedItem } from "../../world/inventory";
import type { CreditWriter } from "../../world/transact";
import {
  heldItemFromRow,
  ITEM_FIELDS,
  itemFieldsOf,
  type RawHeldItem,
} from "../items/held-item-row";
import { logGuild } from "./guild-store";

/**
 * The guild armory in the database (`guild_armory`, see its schema). An item is in exactly one
 * place: a player's `items` (their own, or a guild loan held by the borrower) or the armory's
 * row without an `items` row (in the armory). A loan keeps the armory row and adds an `items`
 * row held by the borrower; it is out exactly while that row exists. Every function here runs
 * inside a transaction that holds the guild's row lock.
 */

/** Most items an armory can hold (200 + 50 × 20 Cloakroom levels); the wire's list holds 2,000. */
export const ARMORY_LIST_MAX = 2000;

/** An armory item with where it is. */
export interface ArmoryEntry {
  item: Item;
  guildId: number;
  /** The member holding it on loan (its `items` row exists), else null. */
  borrowerId: number | null;
  borrowerName: string | null;
  /** A recall credit waits for the borrower's owner. */
  recalled: boolean;
  /** A recall credit for it is still pending (after a return that raced a revoke). */
  recallPending: boolean;
}

interface RawEntry extends RawHeldItem {
  guild_id: string | number;
  borrower_id: string | number | null;
  borrower_name: string | null;
  recalled: boolean;
  out: boolean;
  recall_pending: boolean;
}

function toEntry(r: RawEntry): ArmoryEntry {
  const out = Boolean(r.out) && r.borrower_id !== null;
  return {
    guildId: Number(r.guild_id),
    borrowerId: out ? Number(r.borrower_id) : null,
    borrowerName: out ? r.borrower_name : null,
    recalled: out && Boolean(r.recalled),
    recallPending: Boolean(r.recall_pending),
    item: heldItemFromRow(r),
  };
}

const ENTRY_SELECT = sql.raw(`
  select a.item_id, a.guild_id, a.borrower_id, b.name as borrower_name, a.recalled,
    (i.id is not null) as out,
    exists (select 1 from credits c where c.item_id = a.item_id and c.kind = ${CreditKind.Recalled})
      as recall_pending,
    ${itemFieldsOf("a")}
  from guild_armory a
  left join items i on i.id = a.item_id
  left join players b on b.id = a.borrower_id`);

/** The guild's armory, newest deposits first. */
export async function armoryOf(db: Runner, guildId: number): Promise<ArmoryEntry[]> {
  const rows = await db.execute(
    sql`${ENTRY_SELECT} where a.guild_id = ${guildId} order by a.id desc limit ${ARMORY_LIST_MAX}`,
  );
  return resultRows<RawEntry>(rows).map(toEntry);
}

/** The armory items among `itemIds`, whichever guild holds them (item lookups, tooltips). */
export async function armoryItemsByIds(
  db: Runner,
  itemIds: readonly number[],
): Promise<ArmoryEntry[]> {
  if (itemIds.length === 0) return [];
  const rows = await db.execute(
    sql`${ENTRY_SELECT} where a.item_id = any(${`{${itemIds.join(",")}}`}::int8[])`,
  );
  return resultRows<RawEntry>(rows).map(toEntry);
}

/** One item of the guild's armory, or a refusal ("Item not found in the armory."). */
export async function armoryEntry(tx: Runner, guildId: number, itemId: number) {
  const rows = await tx.execute(
    sql`${ENTRY_SELECT} where a.item_id = ${itemId} and a.guild_id = ${guildId}`,
  );
  const [row] = resultRows<RawEntry>(rows);
  if (!row) throw new GameError("That item is not in your guild's armory.");
  return toEntry(row);
}

/** The guild whose armory holds the item (no lock), if any. */
export async function armoryGuildOf(db: Runner, itemId: number): Promise<number | undefined> {
  const [row] = resultRows<{ guild_id: string | number }>(
    await db.execute(sql`select guild_id from guild_armory where item_id = ${itemId}`),
  );
  return row ? Number(row.guild_id) : undefined;
}

/** Items the armory holds, lent ones included. */
export async function armoryCount(tx: Runner, guildId: number): Promise<number> {
  const [row] = resultRows<{ n: string | number }>(
    await tx.execute(sql`select count(*) as n from guild_armory where guild_id = ${guildId}`),
  );
  return Number(row?.n ?? 0);
}

/** Deposits an item from a member's memory: its `items` row (if saved) leaves, the armory's comes. */
export async function insertArmoryItem(
  tx: Runner,
  guildId: number,
  depositorId: number,
  item: Item,
): Promise<void> {
  await tx.execute(sql`delete from items where id = ${item.id}`);
  await tx.execute(sql`
    insert into guild_armory (item_id, guild_id, deposited_by, ${sql.raw(ITEM_FIELDS)})
    values (${item.id}, ${guildId}, ${depositorId}, ${item.name}, ${item.level}, ${item.rarity},
      ${item.slot}, ${JSON.stringify(item.boosts)}::jsonb, ${JSON.stringify(item.rolls)}::jsonb,
      ${item.infusions}, ${item.quality}, ${item.element ?? null}, ${item.skill ?? null})`);
}

/**
 * Lends the item to `borrowerId`: the armory row names them and an `items` row held by them
 * (a guild loan: owner and borrower both them) appears, with a credit their owner applies
 * (recorded through the move's `credit`).
 */
export async function lendArmoryItem(
  tx: Runner,
  credit: CreditWriter,
  entry: ArmoryEntry,
  borrowerId: number,
  note: string,
): Promise<{ owned: OwnedItem }> {
  const itemId = entry.item.id;
  await tx.execute(sql`
    update guild_armory set borrower_id = ${borrowerId}, recalled = false
    where item_id = ${itemId}`);
  await tx.execute(sql`
    insert into items (id, owner_id, borrower_id, ${sql.raw(ITEM_FIELDS)}, favorite, equipped)
    select item_id, ${borrowerId}, ${borrowerId}, ${sql.raw(ITEM_FIELDS)}, false, false
    from guild_armory where item_id = ${itemId}`);
  const owned: OwnedItem = {
    item: entry.item,
    ownerId: borrowerId,
    borrowerId,
    favorite: false,
    equipped: false,
  };
  await credit({ playerId: borrowerId, kind: CreditKind.Item, loot: {}, itemId, note }, owned);
  return { owned };
}

/** Takes the item out of the armory for good, as `playerId`'s own, with their credit. */
export async function retrieveArmoryItem(
  tx: Runner,
  credit: CreditWriter,
  entry: ArmoryEntry,
  playerId: number,
): Promise<{ owned: OwnedItem }> {
  const itemId = entry.item.id;
  await tx.execute(sql`
    with a as (delete from guild_armory where item_id = ${itemId} returning *)
    insert into items (id, owner_id, borrower_id, ${sql.raw(ITEM_FIELDS)}, favorite, equipped)
    select item_id, ${playerId}, null, ${sql.raw(ITEM_FIELDS)}, false, false from a`);
  const owned: OwnedItem = {
    item: entry.item,
    ownerId: playerId,
    borrowerId: null,
    favorite: false,
    equipped: false,
  };
  await credit({ playerId, kind: CreditKind.Item, loot: {}, itemId, note: "" }, owned);
  return { owned };
}

/**
 * The borrower gives a loan back from their own write: the armory row takes the item's newest
 * state from their memory and names no one, the `items` row goes, and a recall credit that
 * raced this return is void.
 */
export async function returnArmoryItem(tx: Runner, item: Item, borrowerId: number): Promise<void> {
  await tx.execute(sql`
    update guild_armory set borrower_id = null, recalled = false, name = ${item.name},
      level = ${item.level}, rarity = ${item.rarity}, slot = ${item.slot},
      boosts = ${JSON.stringify(item.boosts)}::jsonb, rolls = ${JSON.stringify(item.rolls)}::jsonb,
      infusions = ${item.infusions}, quality = ${item.quality}
    where item_id = ${item.id}`);
  await tx.execute(sql`delete from items where id = ${item.id} and borrower_id = ${borrowerId}`);
  await tx.execute(sql`
    delete from credits
    where player_id = ${borrowerId} and item_id = ${item.id} and kind = ${CreditKind.Recalled}`);
}

/**
 * Tidies recalled rows whose holder has written the recall (the `items` row and the credit are
 * gone): they name nobody again. Only a reading aid: such an item already counts as in the
 * armory. Safe without the guild's lock, as a borrow clears `recalled` in the same row first.
 */
export async function tidyRecalled(db: Runner, itemIds: readonly number[]): Promise<void> {
  if (itemIds.length === 0) return;
  await db.execute(sql`
    update guild_armory a set borrower_id = null, recalled = false
    where a.item_id = any(${`{${itemIds.join(",")}}`}::int8[]) and a.recalled
      and not exists (select 1 from items i where i.id = a.item_id)
      and not exists (select 1 from credits c where c.item_id = a.item_id
        and c.kind = ${CreditKind.Recalled})`);
}

/** Marks a loan recalled and writes the recall credit its holder's owner applies. */
export async function recallArmoryItem(
  tx: Runner,
  credit: CreditWriter,
  entry: ArmoryEntry,
  note: string,
): Promise<Credit> {
  if (entry.borrowerId === null) throw new Error("recalling an item nobody holds");
  await tx.execute(sql`update guild_armory set recalled = true where item_id = ${entry.item.id}`);
  return credit({
    playerId: entry.borrowerId,
    kind: CreditKind.Recalled,
    loot: {},
    itemId: entry.item.id,
    note,
  });
}

/**
 * A member leaves or is kicked (inside that change's transaction): every loan they hold goes
 * back, each by a recall credit their owner applies (the move delivers it after the commit).
 * Returns the credits.
 */
export async function recallLoansOf(
  tx: Runner,
  credit: CreditWriter,
  guildId: number,
  playerId: number,
  playerName: string,
  reason: "left" | "was kicked",
): Promise<Credit[]> {
  const held = (await armoryOf(tx, guildId)).filter(
    (e) => e.borrowerId === playerId && !e.recalled,
  );
  const credits: Credit[] = [];
  for (const entry of held) {
    credits.push(
      await recallArmoryItem(
        tx,
        credit,
        entry,
        `${entry.item.name} went back to the guild armory (you ${reason === "left" ? "left the guild" : "were removed from the guild"}).`,
      ),
    );
    await logGuild(
      tx,
      guildId,
      LogCategory.GuildArmory,
      `${entry.item.name} went back to the armory: ${playerName} ${reason}.`,
    );
  }
  return credits;
}

/** The last member cannot end a guild whose armory still holds items (they would be lost). */
export async function refuseEndingWithArmory(tx: Runner, guildId: number): Promise<void> {
  if ((await armoryCount(tx, guildId)) > 0) {
    throw new GameError(
      "Retrieve the armory's items first: the guild ends when its last member leaves.",
    );
  }
}
