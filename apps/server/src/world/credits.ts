import { sql } from "drizzle-orm";
import { type Runner, resultRows } from "../db/runner";
import type { CreditRow } from "../db/schema";
import { isGuildLoan, type OwnedItem } from "./inventory";
import type { LoadedPlayer } from "./loaded-player";
import { Col, markDirty } from "./player-columns";
import { totalBoosts } from "./player-view";

/**
 * Credits: value on its way to a player (docs/architecture.md "Value between players"). The
 * sender's transaction writes the sender's whole unsaved state and inserts the credit; the
 * receiver's owner applies it to memory and deletes it in the transaction that next writes the
 * receiver. Applying is idempotent per credit id, so a credit seen twice counts once.
 */
export const CreditKind = {
  /** `loot` (loot id to amount) for the receiver. */
  Loot: 1,
  /** The item, whose row already names the receiver as its holder (given or lent). */
  Item: 2,
  /** A lent item back with its owner (its row no longer names a borrower). */
  Returned: 3,
  /**
   * A guild armory loan called back (revoked, or its borrower left the guild): the holder's
   * owner takes it out of the inventory, and the holder's next write deletes its `items` row
   * with this credit, which puts it back in the armory (guild-armory-store.ts).
   */
  Recalled: 4,
} as const;

export type CreditKindValue = (typeof CreditKind)[keyof typeof CreditKind];

export interface Credit {
  id: number;
  playerId: number;
  kind: CreditKindValue;
  loot: Record<number, number>;
  /** Boost id to points added (kind Loot only; a premium purchase's Ascension). */
  boosts?: Record<number, number>;
  itemId: number | null;
  /** The receiver's toast. */
  note: string;
  /** A market trade this credit pays for (told as `marketTrade`). */
  trade?: CreditTrade | null;
}

/** The receiver's side of a market trade. */
export interface CreditTrade {
  side: number;
  lootId: number;
  quantity: number;
  unitPrice: number;
  /** An equipment listing that sold (told as `itemOrder`, closed, instead of `marketTrade`). */
  itemOrderId?: number;
}

/** Inserts a credit inside the sender's transaction; returns it with its id. */
export async function insertCredit(tx: Runner, c: Omit<Credit, "id">): Promise<Credit> {
  const result = await tx.execute(sql`
    insert into credits (player_id, kind, loot, boosts, item_id, note, trade)
    values (${c.playerId}, ${c.kind}, ${JSON.stringify(c.loot)}::jsonb,
      ${JSON.stringify(c.boosts ?? {})}::jsonb, ${c.itemId}, ${c.note},
      ${c.trade ? JSON.stringify(c.trade) : null}::jsonb)
    returning id`);
  const [row] = resultRows<{ id: string | number }>(result);
  if (!row) throw new Error("credit insert returned nothing");
  return { ...c, id: Number(row.id) };
}

/**
 * Inserts several credits in one statement (a market batch's counterparties). Returns them
 * with their ids, in the order given. A receiver with several credits gets its ids in the
 * order the database returned them: which of its ids names which of its credits does not
 * matter, as all of them are applied and deleted together.
 */
export async function insertCredits(
  tx: Runner,
  list: ReadonlyArray<Omit<Credit, "id">>,
): Promise<Credit[]> {
  if (list.length === 0) return [];
  const result = await tx.execute(sql`
    insert into credits (player_id, kind, loot, item_id, note, trade)
    select player_id, kind, loot, item_id, note, trade
    from jsonb_to_recordset(${JSON.stringify(
      list.map((c) => ({
        player_id: c.playerId,
        kind: c.kind,
        loot: c.loot,
        item_id: c.itemId,
        note: c.note,
        trade: c.trade ?? null,
      })),
    )}::jsonb) as c(player_id int8, kind int2, loot jsonb, item_id int8, note text, trade jsonb)
    returning id, player_id`);
  const ids = new Map<number, number[]>();
  for (const r of resultRows<{ id: string | number; player_id: string | number }>(result)) {
    const list = ids.get(Number(r.player_id));
    if (list) list.push(Number(r.id));
    else ids.set(Number(r.player_id), [Number(r.id)]);
  }
  for (const list of ids.values()) list.sort((a, b) => a - b);
  return list.map((c) => {
    const id = ids.get(c.playerId)?.shift();
    if (id === undefined) throw new Error(`credit insert returned no id for ${c.playerId}`);
    return { ...c, id };
  });
}

function amounts(map: Record<string, unknown> | null | undefined): Record<number, number> {
  const out: Record<number, number> = {};
  for (const [key, value] of Object.entries(map ?? {})) {
    const n = Number(value);
    if (Number.isFinite(n) && n !== 0) out[Number(key)] = n;
  }
  return out;
}

export function fromCreditRow(row: CreditRow): Credit {
  const boosts = amounts(row.boosts);
  return {
    id: row.id,
    playerId: row.playerId,
    kind: row.kind as CreditKindValue,
    loot: amounts(row.loot),
    ...(Object.keys(boosts).length > 0 ? { boosts } : {}),
    itemId: row.itemId,
    note: row.note,
    trade: row.trade ?? null,
  };
}

/** What applying a credit changed, for the receiver's sockets. */
export interface AppliedCredit {
  lootIds: number[];
  /** The boosts it raised (their new values are in the player's boosts). */
  boostIds?: number[];
  /** The total boosts before it raised boosts (for the stats patch). */
  boostsBefore?: Record<number, number>;
  /** The item that joined the inventory (kinds Item and Returned), if it did now. */
  item: OwnedItem | undefined;
  /** The guild loan that left the inventory (kind Recalled), if it did now. */
  removed?: OwnedItem;
  /** The total boosts before a recalled item left while equipped (for the stats patch). */
  totalsBefore?: Record<number, number>;
}

/**
 * How many applied credit ids a player remembers. A credit comes back only from its sender's
 * `deliver`, right after the commit that made it (the sweep or the load may have applied it in
 * between, and a save may have deleted it since): far fewer than this many credits later.
 */
export const CREDITS_SEEN = 256;

function remember(p: LoadedPlayer, id: number): void {
  const seen = p.creditsSeen ?? new Set<number>();
  p.creditsSeen = seen;
  seen.add(id);
  if (seen.size > CREDITS_SEEN) seen.delete(seen.values().next().value as number);
}

/**
 * Applies a credit to the receiver's memory (the caller owns the player). `item` is the
 * item's current state (from the sender's memory or its row); without it an item credit only
 * counts as applied, which is right when the item was loaded with the player. Returns null when
 * this credit was applied already.
 */
export function applyCredit(
  p: LoadedPlayer,
  c: Credit,
  item: OwnedItem | undefined,
): AppliedCredit | null {
  if (p.credits?.includes(c.id) || p.creditsSeen?.has(c.id)) return null;
  remember(p, c.id);
  const lootIds: number[] = [];
  let added: OwnedItem | undefined;
  let removed: OwnedItem | undefined;
  let before: Record<number, number> | undefined;
  const boostIds: number[] = [];
  let boostsBefore: Record<number, number> | undefined;
  if (c.kind === CreditKind.Recalled) {
    const held = c.itemId !== null ? p.inventory.get(c.itemId) : undefined;
    if (held && isGuildLoan(held) && held.borrowerId === p.id) {
      if (held.equipped) before = { ...totalBoosts(p) };
      removed = p.inventory.destroy(held.item.id);
    }
  } else if (c.kind === CreditKind.Loot) {
    for (const key of Object.keys(c.loot)) {
      const id = Number(key);
      p.loot[id] = (p.loot[id] ?? 0) + (c.loot[id] ?? 0);
      lootIds.push(id);
    }
    if (lootIds.length > 0) markDirty(p, Col.loot);
    for (const key of Object.keys(c.boosts ?? {})) boostIds.push(Number(key));
    if (boostIds.length > 0) {
      boostsBefore = { ...totalBoosts(p) };
      for (const id of boostIds) p.boosts[id] = (p.boosts[id] ?? 0) + (c.boosts?.[id] ?? 0);
      p.statsVersion++;
      markDirty(p, Col.boosts);
    }
  } else if (c.itemId !== null) {
    const holder = item ? (item.borrowerId ?? item.ownerId) : undefined;
    if (c.kind === CreditKind.Returned) p.inventory.lentOut.delete(c.itemId);
    if (item && holder === p.id && !p.inventory.get(c.itemId)) {
      added = { ...item };
      p.inventory.add(added, false);
    }
  }
  p.credits = p.credits ? [...p.credits, c.id] : [c.id];
  return {
    lootIds,
    item: added,
    ...(removed ? { removed } : {}),
    ...(before ? { totalsBefore: before } : {}),
    ...(boostsBefore ? { boostIds, boostsBefore } : {}),
  };
}
