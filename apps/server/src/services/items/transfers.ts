import { LogCategory, lootById } from "@manaspire/game";
import { count, eq, or } from "drizzle-orm";
import { items } from "../../db/schema";
import { GameError, type Handlers } from "../../socket/handlers";
import { CreditKind } from "../../world/credits";
import { isGuildLoan, type OwnedItem } from "../../world/inventory";
import { toWireItem } from "../../world/item-rows";
import type { LoadedPlayer } from "../../world/loaded-player";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import { findPlayerByName, type PlayerRef, playerNameById, shownName } from "../player-directory";
import {
  heldItem,
  INVENTORY_LIMIT,
  type ItemDeps,
  ownItem,
  positiveInteger,
  pushRemoval,
} from "./common";
import { moveItem, moveLoot } from "./moves";

/** An item the player may send or lend: their own, held, not equipped. */
function sendable(p: LoadedPlayer, id: number): OwnedItem {
  const owned = ownItem(p, id);
  if (owned.equipped) throw new GameError(`Unequip ${owned.item.name} before sending it.`);
  return owned;
}

/**
 * Transfers between players (spec: recipient by name; banned and guest accounts cannot
 * receive): `transferItem` (give or lend), `transferLoot`, `returnItem` (the borrower gives a
 * lent item back, or its owner takes it back). Each commits the sender's whole state with a
 * credit for the receiver in one transaction before anyone is told (see `moves.ts`); the
 * receiver's owner applies the credit. Both players get an activity log entry, written in that
 * transaction.
 */
export function transferHandlers(deps: ItemDeps): Handlers {
  const { db, store, sessions } = deps;

  /** The recipient, or a refusal. The recipient need not be loaded. */
  async function recipient(sender: LoadedPlayer, name: string): Promise<PlayerRef> {
    const wanted = name.trim();
    if (wanted === "") throw new GameError("Enter the name of the player to send to.");
    const ref = await findPlayerByName(db, wanted);
    if (!ref) throw new GameError(`Player ${shownName(wanted)} not found.`);
    if (ref.id === sender.id) throw new GameError("You cannot send something to yourself.");
    if (ref.guest) {
      throw new GameError(`${ref.name} uses a guest account and cannot receive transfers.`);
    }
    if (ref.banned) throw new GameError(`${ref.name} cannot receive transfers.`);
    return ref;
  }

  /** Items the recipient has (memory when loaded here, else its saved rows). */
  async function itemsOf(ref: PlayerRef): Promise<number> {
    const loaded = store.loaded.get(ref.id);
    if (loaded) return loaded.inventory.count;
    const [row] = await db
      .select({ n: count() })
      .from(items)
      .where(or(eq(items.ownerId, ref.id), eq(items.borrowerId, ref.id)));
    return Number(row?.n ?? 0);
  }

  return {
    async transferItem({ conn, player }, { id, to, borrow }) {
      sendable(player, id);
      const target = await recipient(player, to);
      const name = player.inventory.get(id)?.item.name ?? "";
      const verb = borrow ? "Lent" : "Sent";
      const moved = await moveItem(
        deps,
        player,
        id,
        (o) =>
          borrow
            ? { ...o, borrowerId: target.id, equipped: false }
            : { ...o, ownerId: target.id, borrowerId: null, equipped: false, favorite: false },
        {
          to: target.id,
          kind: CreditKind.Item,
          note: `${player.name} ${borrow ? "lent" : "sent"} you ${name}.`,
          log: [
            {
              playerId: player.id,
              category: LogCategory.Transfer,
              text: `${verb} ${name} to ${target.name}.`,
            },
            {
              playerId: target.id,
              category: LogCategory.Transfer,
              text: `${borrow ? "Borrowed" : "Received"} ${name} from ${player.name}.`,
            },
          ],
        },
        async () => {
          sendable(player, id); // again: the item may have changed while the name was looked up
          if ((await itemsOf(target)) >= INVENTORY_LIMIT) {
            throw new GameError(`${target.name}'s inventory is full.`);
          }
        },
      );
      if (borrow) {
        player.inventory.lentOut.set(id, { owned: { ...moved }, borrowerName: target.name });
        sessions.send(player.id, "item", { id, item: toWireItem(moved, target.name) });
      } else {
        pushRemoval(sessions, player.id, id);
      }
      conn.toast(`${verb} ${name} to ${target.name}.`);
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
      const what = `${quantity.toLocaleString("en")} ${def.name}`;
      await moveLoot(
        deps,
        player,
        lootId,
        quantity,
        {
          to: target.id,
          kind: CreditKind.Loot,
          note: `${player.name} sent you ${what}.`,
          log: [
            {
              playerId: player.id,
              category: LogCategory.Transfer,
              text: `Sent ${what} to ${target.name}.`,
            },
            {
              playerId: target.id,
              category: LogCategory.Transfer,
              text: `Received ${what} from ${player.name}.`,
            },
          ],
        },
        enough,
      );
      conn.send("playerUpdate", { patch: { loot: { [lootId]: player.loot[lootId] ?? 0 } } });
      conn.toast(`Sent ${what} to ${target.name}.`);
    },

    async returnItem({ player }, { id }) {
      const held = player.inventory.get(id);
      if (held && isGuildLoan(held)) {
        if (!deps.armoryReturn) throw new GameError("Item not found.");
        await deps.armoryReturn(player, id);
        return;
      }
      const lent = player.inventory.lentOut.get(id);
      let borrower: LoadedPlayer;
      if (held && held.borrowerId !== null) {
        borrower = player;
      } else if (lent && lent.owned.borrowerId !== null) {
        // The owner takes it back: the borrower's owner (this process) gives it up.
        const other = await store.get(lent.owned.borrowerId);
        if (!other) throw new GameError("Item not found.");
        borrower = other;
      } else {
        heldItem(player, id); // "Item not found." for items that are not the player's
        throw new GameError("That item is not lent to anyone.");
      }
      const byOwner = borrower !== player;
      let ownerId = 0;
      let text: [string, string] = ["", ""];
      let before: Record<number, number> = {};
      await moveItem(
        deps,
        borrower,
        id,
        (o) => ({ ...o, borrowerId: null, equipped: false }),
        () => ({
          to: ownerId,
          kind: CreditKind.Returned,
          note: text[1],
          log: [
            { playerId: borrower.id, category: LogCategory.Transfer, text: text[0] },
            { playerId: ownerId, category: LogCategory.Transfer, text: text[1] },
          ],
        }),
        async () => {
          const current = borrower.inventory.get(id);
          if (!current || current.borrowerId !== borrower.id) {
            throw new GameError("That item is not lent to anyone.");
          }
          if (byOwner && current.ownerId !== player.id) throw new GameError("Item not found.");
          ownerId = current.ownerId;
          const ownerName = byOwner ? player.name : await nameOf(current.ownerId);
          const itemName = current.item.name;
          before = totalsBefore(borrower);
          text = byOwner
            ? [
                `${ownerName} took back ${itemName}.`,
                `Took back ${itemName} from ${borrower.name}.`,
              ]
            : [`Returned ${itemName} to ${ownerName}.`, `${borrower.name} returned ${itemName}.`];
        },
      );
      sessions.send(borrower.id, "toast", { text: text[0] });
      pushRemoval(sessions, borrower.id, id);
      sessions.send(borrower.id, "playerUpdate", { patch: statsPatch(borrower, before) });
    },
  };

  async function nameOf(playerId: number): Promise<string> {
    return store.loaded.get(playerId)?.name ?? (await playerNameById(db, playerId)) ?? "its owner";
  }
}
