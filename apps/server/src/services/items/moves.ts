import { eq } from "drizzle-orm";
import { players } from "../../db/schema";
import type { OwnedItem } from "../../world/inventory";
import { toItemRow } from "../../world/item-rows";
import { writeItemRow } from "../../world/item-store";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { ItemDeps } from "./common";

/**
 * Moves of value between two players. Each runs inside `PlayerStore.exclusive` (never
 * overlapping a flush), holds the moved thing in memory so no other handler can spend or
 * change it, commits one database transaction that writes the affected rows explicitly from
 * memory, and only then updates the receiving side in memory. A failed transaction puts
 * everything back. The caller has checked the move and pinned both players (`busy`).
 */

/**
 * Moves an item from `from` (who holds it) to `to`, as `moved` (the new owner, borrower and
 * flags). Returns false when the item is no longer held by `from`.
 */
export async function moveItem(
  deps: ItemDeps,
  from: LoadedPlayer,
  to: LoadedPlayer,
  id: number,
  reshape: (owned: OwnedItem) => OwnedItem,
): Promise<OwnedItem> {
  const held = from.inventory.detach(id);
  if (!held) throw new Error(`item ${id} is not held by player ${from.id}`);
  const moved = reshape({ ...held });
  try {
    await deps.db.transaction(async (tx) => {
      await writeItemRow(tx, toItemRow(moved));
    });
  } catch (err) {
    from.inventory.restore(held);
    from.dirty = true;
    throw err;
  }
  deps.store.newItems.delete(id);
  to.inventory.add(moved, false);
  return moved;
}

/** Moves `quantity` of a loot from one player to the other; both rows in one transaction. */
export async function moveLoot(
  deps: ItemDeps,
  from: LoadedPlayer,
  to: LoadedPlayer,
  lootId: number,
  quantity: number,
): Promise<void> {
  from.loot[lootId] = (from.loot[lootId] ?? 0) - quantity;
  const fromLoot = { ...from.loot };
  const toLoot = { ...to.loot, [lootId]: (to.loot[lootId] ?? 0) + quantity };
  try {
    await deps.db.transaction(async (tx) => {
      await tx.update(players).set({ loot: fromLoot }).where(eq(players.id, from.id));
      await tx.update(players).set({ loot: toLoot }).where(eq(players.id, to.id));
    });
  } catch (err) {
    from.loot[lootId] = (from.loot[lootId] ?? 0) + quantity;
    throw err;
  }
  to.loot[lootId] = (to.loot[lootId] ?? 0) + quantity;
  from.dirty = true;
  to.dirty = true;
}

/** Runs `fn` with both players pinned in memory (not evicted while a move is in progress). */
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
