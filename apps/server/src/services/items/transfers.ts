import { LogCategory, lootById } from "@manaspire/game";
import { GameError, type Handlers } from "../../socket/handlers";
import type { OwnedItem } from "../../world/inventory";
import { toWireItem } from "../../world/item-rows";
import type { LoadedPlayer } from "../../world/loaded-player";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import { findPlayerByName, shownName } from "../player-directory";
import {
  heldItem,
  INVENTORY_LIMIT,
  type ItemDeps,
  itemCount,
  ownItem,
  positiveInteger,
  pushItem,
  pushRemoval,
} from "./common";
import { moveItem, moveLoot, pinned } from "./moves";

/** An item the player may send or lend: their own, held, not equipped. */
function sendable(p: LoadedPlayer, id: number): OwnedItem {
  const owned = ownItem(p, id);
  if (owned.equipped) throw new GameError(`Unequip ${owned.item.name} before sending it.`);
  return owned;
}

/**
 * Transfers between players (spec: recipient by name; banned and guest accounts cannot
 * receive): `transferItem` (give or lend), `transferLoot`, `returnItem` (the borrower gives a
 * lent item back, or its owner takes it back). Each commits in one database transaction before
 * anyone is told (see `moves.ts`); both players get an activity log entry.
 */
export function transferHandlers(deps: ItemDeps): Handlers {
  const { db, store, sessions, activityLog } = deps;

  /** The loaded recipient, or a refusal. */
  async function recipient(sender: LoadedPlayer, name: string): Promise<LoadedPlayer> {
    const wanted = name.trim();
    if (wanted === "") throw new GameError("Enter the name of the player to send to.");
    const ref = await findPlayerByName(db, wanted);
    if (!ref) throw new GameError(`Player ${shownName(wanted)} not found.`);
    if (ref.id === sender.id) throw new GameError("You cannot send something to yourself.");
    if (ref.guest) {
      throw new GameError(`${ref.name} uses a guest account and cannot receive transfers.`);
    }
    if (ref.banned) throw new GameError(`${ref.name} cannot receive transfers.`);
    const loaded = await store.get(ref.id);
    if (!loaded) throw new GameError(`Player ${shownName(wanted)} not found.`);
    return loaded;
  }

  function notify(to: LoadedPlayer, text: string): void {
    sessions.send(to.id, "toast", { text });
  }

  return {
    async transferItem({ conn, player }, { id, to, borrow }) {
      sendable(player, id);
      const target = await recipient(player, to);
      const moved = await pinned([player, target], () =>
        store.exclusive(async () => {
          sendable(player, id); // again: the item may have changed while the name was looked up
          if (itemCount(target) >= INVENTORY_LIMIT) {
            throw new GameError(`${target.name}'s inventory is full.`);
          }
          return moveItem(deps, player, target, id, (o) =>
            borrow
              ? { ...o, borrowerId: target.id, equipped: false }
              : { ...o, ownerId: target.id, borrowerId: null, equipped: false, favorite: false },
          );
        }),
      );
      const name = moved.item.name;
      if (borrow) {
        player.inventory.lentOut.set(id, { owned: { ...moved }, borrowerName: target.name });
        sessions.send(player.id, "item", { id, item: toWireItem(moved, target.name) });
      } else {
        pushRemoval(sessions, player.id, id);
      }
      pushItem(sessions, target, moved);
      const verb = borrow ? "Lent" : "Sent";
      conn.toast(`${verb} ${name} to ${target.name}.`);
      notify(target, `${player.name} ${borrow ? "lent" : "sent"} you ${name}.`);
      activityLog.record(player.id, LogCategory.Transfer, `${verb} ${name} to ${target.name}.`);
      activityLog.record(
        target.id,
        LogCategory.Transfer,
        `${borrow ? "Borrowed" : "Received"} ${name} from ${player.name}.`,
      );
    },

    async transferLoot({ conn, player }, { lootId, quantity, to }) {
      const def = lootById(lootId);
      if (!def) throw new GameError("Unknown loot.");
      if (!def.tradeable) throw new GameError(`${def.name} cannot be traded.`);
      positiveInteger(quantity, "Quantity");
      const enough = () => {
        const held = player.loot[lootId] ?? 0;
        if (held < quantity) {
          throw new GameError(`You only have ${Math.max(0, Math.floor(held))} ${def.name}.`);
        }
      };
      enough();
      const target = await recipient(player, to);
      await pinned([player, target], () =>
        store.exclusive(async () => {
          enough();
          await moveLoot(deps, player, target, lootId, quantity);
        }),
      );
      conn.send("playerUpdate", { patch: { loot: { [lootId]: player.loot[lootId] ?? 0 } } });
      sessions.send(target.id, "playerUpdate", {
        patch: { loot: { [lootId]: target.loot[lootId] ?? 0 } },
      });
      const what = `${quantity.toLocaleString("en")} ${def.name}`;
      conn.toast(`Sent ${what} to ${target.name}.`);
      notify(target, `${player.name} sent you ${what}.`);
      activityLog.record(player.id, LogCategory.Transfer, `Sent ${what} to ${target.name}.`);
      activityLog.record(target.id, LogCategory.Transfer, `Received ${what} from ${player.name}.`);
    },

    async returnItem({ player }, { id }) {
      const held = player.inventory.get(id);
      const lent = player.inventory.lentOut.get(id);
      let borrowerId: number;
      let ownerId: number;
      if (held && held.borrowerId !== null) {
        borrowerId = player.id;
        ownerId = held.ownerId;
      } else if (lent && lent.owned.borrowerId !== null) {
        borrowerId = lent.owned.borrowerId;
        ownerId = player.id;
      } else {
        heldItem(player, id); // "Item not found." for items that are not the player's
        throw new GameError("That item is not lent to anyone.");
      }
      const other = await store.get(borrowerId === player.id ? ownerId : borrowerId);
      if (!other) throw new GameError("Item not found.");
      const borrower = borrowerId === player.id ? player : other;
      const owner = ownerId === player.id ? player : other;
      const { back, before } = await pinned([player, other], () =>
        store.exclusive(async () => {
          const current = borrower.inventory.get(id);
          if (!current || current.borrowerId !== borrower.id || current.ownerId !== owner.id) {
            throw new GameError("That item is not lent to anyone.");
          }
          const before = totalsBefore(borrower);
          const back = await moveItem(deps, borrower, owner, id, (o) => ({
            ...o,
            borrowerId: null,
            equipped: false,
          }));
          return { back, before };
        }),
      );
      owner.inventory.lentOut.delete(id);
      pushRemoval(sessions, borrower.id, id);
      sessions.send(borrower.id, "playerUpdate", { patch: statsPatch(borrower, before) });
      pushItem(sessions, owner, back);
      const name = back.item.name;
      const text =
        player === borrower
          ? [`Returned ${name} to ${owner.name}.`, `${borrower.name} returned ${name}.`]
          : [`${owner.name} took back ${name}.`, `Took back ${name} from ${borrower.name}.`];
      notify(borrower, text[0]!);
      notify(owner, text[1]!);
      activityLog.record(borrower.id, LogCategory.Transfer, text[0]!);
      activityLog.record(owner.id, LogCategory.Transfer, text[1]!);
    },
  };
}
