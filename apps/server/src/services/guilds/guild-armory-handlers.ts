import {
  ARMORY_FULL_TEXT,
  armorySpaceLeft,
  depositRefusal,
  GuildPermission,
  LogCategory,
} from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { Runner } from "../../db/runner";
import { GameError, type Handlers } from "../../socket/handlers";
import type { Credit, CreditKindValue } from "../../world/credits";
import { CreditKind } from "../../world/credits";
import { INVENTORY_LIMIT, isGuildLoan, type OwnedItem } from "../../world/inventory";
import { toWireItem } from "../../world/item-rows";
import type { LoadedPlayer } from "../../world/loaded-player";
import { OwnedElsewhereError } from "../../world/player-store";
import { statsPatch, totalsBefore } from "../../world/stat-patch";
import type { CreditWriter } from "../../world/transact";
import {
  type ArmoryEntry,
  armoryCount,
  armoryEntry,
  armoryGuildOf,
  armoryOf,
  insertArmoryItem,
  lendArmoryItem,
  recallArmoryItem,
  retrieveArmoryItem,
  returnArmoryItem,
  tidyRecalled,
} from "./guild-armory-store";
import type { GuildDeps } from "./guild-change";
import { guildRow, lockActor, logGuild, requirePermission } from "./guild-store";

/**
 * The guild armory's calls (spec 001 sections 6 and 7; docs/features/guilds.md "Guild armory").
 * The armory is authoritative in the database; a member's items are their owner's memory. So:
 *
 * - deposit takes the item out of the member's memory in its move's `take` and writes the
 *   member's whole state with the armory row, in one transaction that holds the guild lock;
 * - borrow and retrieve add the `items` row and a credit for the member in one locked
 *   transaction; the member's owner applies the credit;
 * - a return is the borrower's own write (their whole state, the item's row gone, the armory
 *   row free); a revoke, a kick or a leave writes a recall credit that the holder's owner
 *   applies (wherever the holder is loaded), which takes the item out of their memory, and
 *   their next write deletes its row: only then is the item back in the armory.
 */
export function guildArmoryHandlers(deps: GuildDeps): Handlers {
  const { db, store, guilds } = deps;

  /** The armory list to the player's sockets. */
  async function sendArmory(p: LoadedPlayer, guildId?: number): Promise<void> {
    const id = guildId ?? guilds.guildOf(p.id);
    if (id === undefined) throw new GameError("You are not in a guild.");
    guilds.sessions.send(p.id, "guildArmory", { items: (await armoryOf(db, id)).map(wireEntry) });
  }

  /** The cheap refusals (membership and permission) before memory is touched. */
  async function precheck(p: LoadedPlayer, bit: GuildPermission): Promise<void> {
    await db.transaction(async (tx) => requirePermission(await lockActor(tx, p.id), bit));
  }

  /** Borrow or retrieve: an item out of the armory to the caller, by a credit. */
  async function takeOut(
    player: LoadedPlayer,
    itemId: number,
    bit: GuildPermission,
    move: (
      tx: Runner,
      credit: CreditWriter,
      entry: ArmoryEntry,
    ) => Promise<{ owned: OwnedItem; log: string; toast: string }>,
  ): Promise<string> {
    await precheck(player, bit);
    let guildId = 0;
    const toast = await store.transact({
      players: [player],
      order: "alone",
      work: async (tx, credit) => {
        const actor = await lockActor(tx, player.id);
        guildId = actor.guildId;
        requirePermission(actor, bit);
        if (player.inventory.count >= INVENTORY_LIMIT) {
          throw new GameError("Your inventory is full.");
        }
        const entry = await armoryEntry(tx, actor.guildId, itemId);
        if (entry.borrowerId !== null) {
          throw new GameError(
            entry.borrowerId === player.id
              ? `You have borrowed ${entry.item.name} already.`
              : `${entry.borrowerName ?? "Someone"} has borrowed ${entry.item.name}.`,
          );
        }
        if (entry.recallPending) {
          throw new GameError(
            `${entry.item.name} is on its way back to the armory; try again in a moment.`,
          );
        }
        const moved = await move(tx, credit, entry);
        await logGuild(tx, actor.guildId, LogCategory.GuildArmory, moved.log);
        return moved.toast;
      },
    });
    await sendArmory(player, guildId);
    guilds.changed(guildId);
    return toast;
  }

  return {
    async refreshGuildArmory({ player }) {
      await sendArmory(player);
    },

    async guildArmoryDeposit({ conn, player }, { itemId }) {
      const check = (): OwnedItem => {
        const lent = player.inventory.lentOut.get(itemId);
        const held = player.inventory.get(itemId);
        if (!held && !lent) throw new GameError("Item not found.");
        const o = held ?? lent!.owned;
        const refusal = depositRefusal({
          name: o.item.name,
          equipped: o.equipped,
          borrowed: held !== undefined && held.borrowerId !== null,
          lentOut: !held,
        });
        if (refusal) throw new GameError(refusal);
        return held!;
      };
      check();
      await precheck(player, GuildPermission.DonateItems);
      let detached: OwnedItem | undefined;
      let guildId = 0;
      await store.transact({
        players: [player],
        order: "alone",
        // Again, now that no other write of the player runs: a second tab may have equipped,
        // sent or destroyed it meanwhile.
        take: () => {
          check();
          detached = player.inventory.detach(itemId);
        },
        undo: () => {
          if (detached) player.inventory.restore(detached);
        },
        work: async (tx) => {
          const actor = await lockActor(tx, player.id);
          guildId = actor.guildId;
          requirePermission(actor, GuildPermission.DonateItems);
          const g = await guildRow(tx, actor.guildId);
          if (armorySpaceLeft(await armoryCount(tx, actor.guildId), g?.upgrades ?? {}) <= 0) {
            throw new GameError(ARMORY_FULL_TEXT);
          }
          const item = detached!.item;
          await insertArmoryItem(tx, actor.guildId, player.id, item);
          await logGuild(
            tx,
            actor.guildId,
            LogCategory.GuildArmory,
            `${player.name} deposited ${item.name}.`,
          );
        },
      });
      store.newItems.delete(itemId);
      conn.send("item", { id: itemId });
      conn.toast(`You deposited ${detached?.item.name ?? "the item"} in the guild armory.`);
      await sendArmory(player, guildId);
      guilds.changed(guildId);
    },

    async guildArmoryBorrow({ conn, player }, { itemId }) {
      const toast = await takeOut(
        player,
        itemId,
        GuildPermission.BorrowItems,
        async (tx, credit, e) => ({
          ...(await lendArmoryItem(tx, credit, e, player.id, "")),
          log: `${player.name} borrowed ${e.item.name}.`,
          toast: `You borrowed ${e.item.name} from the guild armory.`,
        }),
      );
      conn.toast(toast);
    },

    async guildArmoryWithdraw({ conn, player }, { itemId }) {
      const toast = await takeOut(
        player,
        itemId,
        GuildPermission.RetrieveItems,
        async (tx, credit, e) => ({
          ...(await retrieveArmoryItem(tx, credit, e, player.id)),
          log: `${player.name} retrieved ${e.item.name}.`,
          toast: `You took ${e.item.name} out of the guild armory.`,
        }),
      );
      conn.toast(toast);
    },

    async guildArmoryRevoke({ conn, player }, { itemId }) {
      const held = player.inventory.get(itemId);
      if (held && isGuildLoan(held)) {
        // Revoking one's own loan is giving it back.
        await returnArmoryLoan(deps, player, itemId);
        return;
      }
      await precheck(player, GuildPermission.RevokeItems);
      // No player's state moves: the recall credit comes from the armory's record.
      const { recall, guildId, text } = await store.transact({
        players: [],
        order: "alone",
        work: async (tx, credit) => {
          const actor = await lockActor(tx, player.id);
          requirePermission(actor, GuildPermission.RevokeItems);
          const entry = await armoryEntry(tx, actor.guildId, itemId);
          if (entry.borrowerId === null) {
            throw new GameError(`Nobody has borrowed ${entry.item.name}.`);
          }
          if (entry.recalled) {
            throw new GameError(`${entry.item.name} is on its way back to the armory already.`);
          }
          const recall = await recallArmoryItem(
            tx,
            credit,
            entry,
            `${player.name} took ${entry.item.name} back to the guild armory.`,
          );
          const text = `${player.name} revoked ${entry.item.name} from ${entry.borrowerName ?? "a member"}.`;
          await logGuild(tx, actor.guildId, LogCategory.GuildArmory, text);
          return { recall, guildId: actor.guildId, text: entry.item.name };
        },
      });
      await settleRecalls(deps, [recall]);
      conn.toast(`${text} is going back to the guild armory.`);
      await sendArmory(player, guildId);
      guilds.changed(guildId);
    },
  };
}

/** An armory item as the members see it: who holds it, never equipped or a favourite. */
function wireEntry(e: ArmoryEntry) {
  return toWireItem(
    { item: e.item, ownerId: 0, borrowerId: e.borrowerId, favorite: false, equipped: false },
    e.borrowerName ?? undefined,
  );
}

/**
 * The borrower gives a guild loan back (`returnItem` on a guild loan, or revoking one's own):
 * their own write, in one transaction with the guild's lock, whether or not they are still a
 * member (a kicked member's loans are recalled anyway).
 */
export async function returnArmoryLoan(
  deps: GuildDeps,
  player: LoadedPlayer,
  itemId: number,
): Promise<void> {
  const { store, guilds } = deps;
  const loan = (): OwnedItem => {
    const held = player.inventory.get(itemId);
    if (!held || !isGuildLoan(held) || held.borrowerId !== player.id) {
      throw new GameError("Item not found.");
    }
    return held;
  };
  loan();
  const guildId = await armoryGuildOf(deps.db, itemId);
  if (guildId === undefined) throw new GameError("Item not found.");
  let detached: OwnedItem | undefined;
  let before: Record<number, number> = {};
  await store.transact({
    players: [player],
    order: "alone",
    take: () => {
      loan();
      before = totalsBefore(player);
      detached = player.inventory.detach(itemId);
    },
    undo: () => {
      if (detached) player.inventory.restore(detached);
    },
    work: async (tx) => {
      await tx.execute(sql`select id from guilds where id = ${guildId} for update`);
      const entry = await armoryEntry(tx, guildId, itemId);
      if (entry.borrowerId !== player.id) throw new GameError("Item not found.");
      const item = detached!.item;
      await returnArmoryItem(tx, item, player.id);
      await logGuild(tx, guildId, LogCategory.GuildArmory, `${player.name} returned ${item.name}.`);
    },
  });
  const { sessions } = guilds;
  sessions.send(player.id, "item", { id: itemId });
  if (detached?.equipped) {
    sessions.send(player.id, "playerUpdate", { patch: statsPatch(player, before) });
  }
  sessions.send(player.id, "toast", {
    text: `You returned ${detached?.item.name ?? "the item"} to the guild armory.`,
  });
  if (guilds.guildOf(player.id) === guildId) {
    sessions.send(player.id, "guildArmory", {
      items: (await armoryOf(deps.db, guildId)).map(wireEntry),
    });
  }
  guilds.changed(guildId);
}

/**
 * Recall credits a move just committed (and delivered: applied at once to a holder loaded
 * here, announced on the bus to the process that holds one elsewhere). A holder loaded nowhere
 * is loaded here (its owner from now on) and applies them as it loads. Each holder here is
 * then written (`writeRecalls`), which puts the items back in the armory.
 */
export async function settleRecalls(deps: GuildDeps, credits: readonly Credit[]): Promise<void> {
  for (const credit of credits) {
    if (deps.store.loaded.has(credit.playerId)) continue; // the credit hook writes them
    try {
      const holder = await deps.store.get(credit.playerId);
      if (holder) writeRecalls(deps, holder, [credit.itemId ?? 0]);
    } catch (err) {
      if (!(err instanceof OwnedElsewhereError)) throw err;
    }
  }
}

/**
 * The hook for `CreditInbox.onApplied`: when a recall was applied here, the holder is written
 * at once (not at the next flush), so the item is back in the armory for the guild to see.
 */
export function armoryCreditHook(deps: GuildDeps) {
  return (p: LoadedPlayer, credit: { kind: CreditKindValue; itemId: number | null }) => {
    if (credit.kind !== CreditKind.Recalled || credit.itemId === null) return;
    writeRecalls(deps, p, [credit.itemId]);
  };
}

/**
 * Writes the holder now (their recall credits and deleted item rows: a move with nothing in it
 * but their state), then tells the guild.
 */
function writeRecalls(deps: GuildDeps, holder: LoadedPlayer, itemIds: number[]): void {
  const { store } = deps;
  // Not awaited by the caller: the sweep calls the hook while it holds the store.
  void store
    .transact({
      players: [holder],
      check: () => {
        if (store.loaded.get(holder.id) !== holder) throw new Error("no longer loaded here");
      },
      work: async () => undefined,
    })
    .then(async () => {
      await tidyRecalled(deps.db, itemIds);
      const guildIds = new Set<number>();
      for (const id of itemIds) {
        const g = await armoryGuildOf(deps.db, id);
        if (g !== undefined) guildIds.add(g);
      }
      for (const g of guildIds) deps.guilds.changed(g);
    })
    .catch(() => {
      // The next flush writes the holder; the armory shows the item once it has.
    });
}
