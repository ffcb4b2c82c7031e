import type { LogCategory } from "@manaspire/game";
import type { CreditKindValue } from "../../world/credits";
import type { OwnedItem } from "../../world/inventory";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { toItemRecord, upsertItems } from "../../world/player-writes";
import type { ItemDeps } from "./common";

/**
 * Moves of value between players (docs/architecture.md "Value between players"), through
 * `PlayerStore.transact`: the sender's memory gives the thing up, one transaction writes the
 * sender's whole unsaved state, the moved item's row and a credit for the receiver, plus both
 * activity log entries; only after the commit does the receiver's owner apply the credit. A
 * failed transaction puts everything back. Nothing here writes the receiver's balance.
 */

/** What the receiver gets: its credit and both sides' log entries. */
export interface MoveRecord {
  to: number;
  kind: CreditKindValue;
  /** The receiver's toast. */
  note: string;
  log: ReadonlyArray<{ playerId: number; category: LogCategory; text: string }>;
}

/** A move's record, or one made once its checks have run (they find what it names). */
type RecordOf = MoveRecord | (() => MoveRecord);
const recordOf = (r: RecordOf): MoveRecord => (typeof r === "function" ? r() : r);

/**
 * Moves an item out of `from`'s hands as `reshape` makes it (new owner or borrower): its row
 * and the receiver's credit commit with `from`'s state. `check` runs first, after every
 * other write of the process, and may refuse. Returns the moved item.
 */
export async function moveItem(
  deps: ItemDeps,
  from: LoadedPlayer,
  id: number,
  reshape: (owned: OwnedItem) => OwnedItem,
  record: RecordOf,
  check?: () => Promise<void> | void,
): Promise<OwnedItem> {
  let held: OwnedItem | undefined;
  let moved!: OwnedItem;
  return deps.store.transact({
    players: [from],
    check,
    take: () => {
      held = from.inventory.detach(id);
      if (!held) throw new Error(`item ${id} is not held by player ${from.id}`);
      moved = reshape({ ...held });
    },
    undo: () => {
      if (held) from.inventory.restore(held);
    },
    work: async (tx, credit) => {
      const r = recordOf(record);
      await upsertItems(tx, [JSON.stringify(toItemRecord(moved))]);
      await deps.activityLog.writeIn(tx, r.log);
      await credit({ playerId: r.to, kind: r.kind, loot: {}, itemId: id, note: r.note }, moved);
      return moved;
    },
    committed: () => deps.store.newItems.delete(id),
  });
}

/** Moves `quantity` of a loot from `from` to the receiver of `record`, after `check`. */
export async function moveLoot(
  deps: ItemDeps,
  from: LoadedPlayer,
  lootId: number,
  quantity: number,
  record: MoveRecord,
  check?: () => void,
): Promise<void> {
  await deps.store.transact({
    players: [from],
    check,
    take: () => {
      from.loot[lootId] = (from.loot[lootId] ?? 0) - quantity;
      markDirty(from, Col.loot);
    },
    undo: () => {
      from.loot[lootId] = (from.loot[lootId] ?? 0) + quantity;
    },
    work: async (tx, credit) => {
      await deps.activityLog.writeIn(tx, record.log);
      await credit({
        playerId: record.to,
        kind: record.kind,
        loot: { [lootId]: quantity },
        itemId: null,
        note: record.note,
      });
    },
  });
}
