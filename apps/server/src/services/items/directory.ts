import type { Rarity } from "@manaspire/game";
import type { Item as WireItem } from "@manaspire/protocol";
import { eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { items, players } from "../../db/schema";
import type { OwnedItem } from "../../world/inventory";
import { fromItemRow, toWireItem } from "../../world/item-rows";
import type { LoadedPlayer } from "../../world/loaded-player";
import type { PlayerStore } from "../../world/player-store";
import { armoryItemsByIds } from "../guilds/guild-armory-store";
import { listingsOfItems, ownedFrom } from "../market/item-order-store";

/** An item found by id, as public data: the item and, while lent, who holds it. */
export interface FoundItem {
  owned: OwnedItem;
  borrowerName: string | undefined;
}

/** At most this many ids per lookup (the protocol's `getItems` limit). */
const MAX_IDS = 100;

/**
 * Finds any item by id, for tooltips of chat links and profiles (`getItem`, `getItems`) and for
 * chat's item links. Memory is the truth for loaded players (their newest state, including
 * items not saved yet); the database answers for everyone else. An item held in memory by a
 * loaded player but gone from it (disenchanted, being moved) is not found.
 */
export class ItemDirectory {
  constructor(
    private readonly db: Db,
    private readonly store: PlayerStore,
  ) {}

  /** The items among `ids` that exist (unknown ids are left out). */
  async find(ids: readonly number[], viewer?: LoadedPlayer): Promise<Map<number, FoundItem>> {
    const found = new Map<number, FoundItem>();
    const rest: number[] = [];
    for (const id of new Set(ids.slice(0, MAX_IDS))) {
      const hit = this.fromMemory(id, viewer);
      if (hit) found.set(id, hit);
      else rest.push(id);
    }
    if (rest.length === 0) return found;
    const rows = await this.db
      .select({ item: items, borrowerName: players.name })
      .from(items)
      .leftJoin(players, eq(players.id, items.borrowerId))
      .where(inArray(items.id, rest));
    for (const row of rows) {
      const holderId = row.item.borrowerId ?? row.item.ownerId;
      const holder = this.store.loaded.get(holderId);
      if (holder) {
        // A loaded holder's memory is newer than the row (or the item is gone from it).
        const owned = holder.inventory.get(row.item.id);
        if (owned)
          found.set(row.item.id, { owned, borrowerName: this.borrowerName(holder, owned) });
        continue;
      }
      found.set(row.item.id, {
        owned: fromItemRow(row.item),
        borrowerName: row.borrowerName ?? undefined,
      });
    }
    // Items listed on the equipment market live in its table meanwhile.
    const listed = rest.filter((id) => !found.has(id));
    if (listed.length > 0) {
      for (const l of await listingsOfItems(this.db, listed)) {
        found.set(l.item.id, { owned: ownedFrom(l, l.sellerId), borrowerName: undefined });
      }
    }
    // Items in a guild armory (not on loan: a loan has its row in `items`) live in its table.
    const stored = rest.filter((id) => !found.has(id));
    if (stored.length > 0) {
      for (const e of await armoryItemsByIds(this.db, stored)) {
        if (e.borrowerId !== null) continue;
        const owned = {
          item: e.item,
          ownerId: 0,
          borrowerId: null,
          favorite: false,
          equipped: false,
        };
        found.set(e.item.id, { owned, borrowerName: undefined });
      }
    }
    return found;
  }

  /** One item as its public wire record, or undefined. */
  async wire(id: number, viewer?: LoadedPlayer): Promise<WireItem | undefined> {
    const hit = (await this.find([id], viewer)).get(id);
    return hit ? toWireItem(hit.owned, hit.borrowerName) : undefined;
  }

  /** Names and rarities of items, for chat's item links. */
  async names(
    ids: readonly number[],
    viewer?: LoadedPlayer,
  ): Promise<Map<number, { name: string; rarity: Rarity }>> {
    const out = new Map<number, { name: string; rarity: Rarity }>();
    for (const [id, hit] of await this.find(ids, viewer)) {
      out.set(id, { name: hit.owned.item.name, rarity: hit.owned.item.rarity });
    }
    return out;
  }

  private fromMemory(id: number, viewer: LoadedPlayer | undefined): FoundItem | undefined {
    if (viewer) {
      const own = viewer.inventory.get(id);
      if (own) return { owned: own, borrowerName: this.borrowerName(viewer, own) };
      const lent = viewer.inventory.lentOut.get(id);
      if (lent)
        return { owned: { ...lent.owned, equipped: false }, borrowerName: lent.borrowerName };
    }
    const holderId = this.store.newItems.get(id);
    if (holderId === undefined) return undefined;
    const holder = this.store.loaded.get(holderId);
    const owned = holder?.inventory.get(id);
    return holder && owned ? { owned, borrowerName: this.borrowerName(holder, owned) } : undefined;
  }

  private borrowerName(holder: LoadedPlayer, owned: OwnedItem): string | undefined {
    return owned.borrowerId !== null ? holder.name : undefined;
  }
}
