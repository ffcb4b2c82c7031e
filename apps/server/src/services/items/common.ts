import type { Item as WireItem } from "@manaspire/protocol";
import type { Db } from "../../db/client";
import { GameError } from "../../socket/handlers";
import type { Sessions } from "../../socket/sessions";
import type { CreditInbox } from "../../world/credit-inbox";
import { INVENTORY_LIMIT, type OwnedItem } from "../../world/inventory";
import { toWireItem } from "../../world/item-rows";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import type { PlayerStore } from "../../world/player-store";
import type { ActivityLog } from "../activity-log";
import type { HasQoL } from "../preferences";
import type { ItemDirectory } from "./directory";

/** What the item, research and sigil handlers work with. */
export interface ItemDeps {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  activityLog: ActivityLog;
  directory: ItemDirectory;
  /** Applies credits (value from other players) to the players held here. */
  inbox: CreditInbox;
  /** Gives a guild armory loan back (`returnItem` on one; services/guilds/guild-armory-*). */
  armoryReturn?: (p: LoadedPlayer, itemId: number) => Promise<void>;
  /** Whether a player has Quality of Life (the dungeon queue's size; preferences.ts). */
  hasQoL?: HasQoL;
}

/** The wire record of an item the player holds. */
export function wireOf(p: LoadedPlayer, owned: OwnedItem): WireItem {
  return toWireItem(owned, owned.borrowerId !== null ? p.name : undefined);
}

/** The player's whole inventory: what they hold, then what they lent out (shown unequipped). */
export function inventoryOf(p: LoadedPlayer): WireItem[] {
  const out: WireItem[] = [];
  for (const owned of p.inventory.items.values()) out.push(wireOf(p, owned));
  for (const lent of p.inventory.lentOut.values()) {
    out.push(toWireItem({ ...lent.owned, equipped: false }, lent.borrowerName));
  }
  return out;
}

export { INVENTORY_LIMIT };

/** Items counted against {@link INVENTORY_LIMIT}. */
export function itemCount(p: LoadedPlayer): number {
  return p.inventory.count;
}

/**
 * An item the player holds, or a refusal: not theirs ("Item not found."), or theirs but lent
 * to someone else.
 */
export function heldItem(p: LoadedPlayer, id: number): OwnedItem {
  const owned = p.inventory.get(id);
  if (owned) return owned;
  const lent = p.inventory.lentOut.get(id);
  if (lent) throw new GameError(`That item is lent to ${lent.borrowerName}.`);
  throw new GameError("Item not found.");
}

/** An item the player holds and owns (not borrowed from someone): upgrades, disenchant… */
export function ownItem(p: LoadedPlayer, id: number): OwnedItem {
  const owned = heldItem(p, id);
  if (owned.borrowerId !== null) {
    throw new GameError("That item is borrowed; only its owner can change it.");
  }
  return owned;
}

/** Sends the player's copy of an item to all their sockets. */
export function pushItem(sessions: Sessions, p: LoadedPlayer, owned: OwnedItem): void {
  sessions.send(p.id, "item", { id: owned.item.id, item: wireOf(p, owned) });
}

/** Tells all the player's sockets an item left the inventory. */
export function pushRemoval(sessions: Sessions, playerId: number, id: number): void {
  sessions.send(playerId, "item", { id });
}

/** Subtracts a cost from the player's loot; returns the loot ids that changed. */
export function debit(
  p: LoadedPlayer,
  cost: ReadonlyArray<{ lootId: number; amount: number }>,
): number[] {
  const ids: number[] = [];
  for (const c of cost) {
    if (!(c.amount > 0)) continue;
    p.loot[c.lootId] = (p.loot[c.lootId] ?? 0) - c.amount;
    ids.push(c.lootId);
  }
  if (ids.length > 0) markDirty(p, Col.loot);
  return ids;
}

/** Adds loot to the player; returns the loot ids that changed. */
export function addLoot(p: LoadedPlayer, loot: Readonly<Record<number, number>>): number[] {
  const ids: number[] = [];
  for (const key of Object.keys(loot)) {
    const id = Number(key);
    const amount = loot[id] ?? 0;
    if (amount === 0) continue;
    p.loot[id] = (p.loot[id] ?? 0) + amount;
    ids.push(id);
  }
  if (ids.length > 0) markDirty(p, Col.loot);
  return ids;
}

/** A whole number of at least 1 (spec: negative, zero and fractional amounts are refused). */
export function positiveInteger(value: number, what: string): number {
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new GameError(`${what} must be a whole number of at least 1.`);
  }
  return value;
}
