import type { LogCategory } from "@manaspire/game";
import { type Credit, type CreditKindValue, insertCredit } from "../../world/credits";
import type { OwnedItem } from "../../world/inventory";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { toItemRecord, upsertItems } from "../../world/player-writes";
import type { ItemDeps } from "./common";

/**
 * Moves of value between players (docs/architecture.md "Value between players"). Each runs
 * inside `PlayerStore.exclusive`: the sender's memory gives the thing up, one transaction
 * writes the sender's whole unsaved state (so the database never holds a mix of its states),
 * the moved item's row and a credit for the receiver, plus both activity log entries; only
 * after the commit does the receiver's owner apply the credit. A failed transaction puts
 * everything back. Nothing here writes the receiver's balance.
 */

/** What the receiver gets: its credit and both sides' log entries. */
export interface MoveRecord {
  to: number;
  kind: CreditKindValue;
  /** The receiver's toast. */
  note: string;
  log: ReadonlyArray<{ playerId: number; category: LogCategory; text: string }>;
}

/**
 * Moves an item out of `from`'s hands as `reshape` makes it (new owner or borrower): its row
 * and the receiver's credit commit with `from`'s state. Returns the moved item.
 */
export async function moveItem(
  deps: ItemDeps,
  from: LoadedPlayer,
  id: number,
  reshape: (owned: OwnedItem) => OwnedItem,
  record: MoveRecord,
): Promise<OwnedItem> {
  const held = from.inventory.detach(id);
  if (!held) throw new Error(`item ${id} is not held by player ${from.id}`);
  const moved = reshape({ ...held });
  let credit: Credit;
  try {
    ({ value: credit } = await deps.store.commit([from], async (tx) => {
      await upsertItems(tx, [JSON.stringify(toItemRecord(moved))]);
      await deps.activityLog.writeIn(tx, record.log);
      return insertCredit(tx, {
        playerId: record.to,
        kind: record.kind,
        loot: {},
        itemId: id,
        note: record.note,
      });
    }));
  } catch (err) {
    from.inventory.restore(held);
    throw err;
  }
  deps.store.newItems.delete(id);
  deps.inbox.deliver(credit, moved);
  return moved;
}

/** Moves `quantity` of a loot from `from` to the receiver of `record`. */
export async function moveLoot(
  deps: ItemDeps,
  from: LoadedPlayer,
  lootId: number,
  quantity: number,
  record: MoveRecord,
): Promise<void> {
  from.loot[lootId] = (from.loot[lootId] ?? 0) - quantity;
  markDirty(from, Col.loot);
  let credit: Credit;
  try {
    ({ value: credit } = await deps.store.commit([from], async (tx) => {
      await deps.activityLog.writeIn(tx, record.log);
      return insertCredit(tx, {
        playerId: record.to,
        kind: record.kind,
        loot: { [lootId]: quantity },
        itemId: null,
        note: record.note,
      });
    }));
  } catch (err) {
    from.loot[lootId] = (from.loot[lootId] ?? 0) + quantity;
    throw err;
  }
  deps.inbox.deliver(credit);
}

/** Runs `fn` with the players pinned in memory (not evicted while a move is in progress). */
export async function pinned<T>(
  players: readonly LoadedPlayer[],
  fn: () => Promise<T>,
): Promise<T> {
  for (const p of players) p.busy++;
  try {
    return await fn();
  } finally {
    for (const p of players) p.busy--;
  }
}
