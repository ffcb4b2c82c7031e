import type { Item } from "@manaspire/game";
import { compactItem } from "./compact-item";

/**
 * Most items one player may have, held plus lent out (design; the wire's inventory list holds
 * 5,000). Drops beyond it are disenchanted on the spot; transfers to a full inventory refused.
 */
export const INVENTORY_LIMIT = 2000;

/** An item as the server holds it: the rules' value plus ownership and the player's flags. */
export interface OwnedItem {
  /** The rules' immutable item value (with its id and rolls). */
  item: Item;
  /** The player it belongs to. */
  ownerId: number;
  /** While lent: the player holding it (who may equip it); null otherwise. */
  borrowerId: number | null;
  favorite: boolean;
  equipped: boolean;
}

/**
 * A loan from the guild armory: the holder's copy names the borrower as both owner and
 * borrower (the guild's ownership is the `guild_armory` row). Shown and used like an item lent
 * by a player: equipped, never changed, sold, sent or destroyed.
 */
export function isGuildLoan(o: Pick<OwnedItem, "ownerId" | "borrowerId">): boolean {
  return o.borrowerId !== null && o.borrowerId === o.ownerId;
}

/** An item this player owns but has lent to someone else (shown, not usable). */
export interface LentItem {
  owned: OwnedItem;
  borrowerName: string;
}

/** The changes of one inventory since the last flush, taken by the player store. */
export interface InventoryChanges {
  upserts: OwnedItem[];
  deletes: number[];
}

/**
 * The items one loaded player holds, with what changed since the last flush. Changed only on
 * the server's event loop (the world tick and the player's handlers): no locks.
 * `equipmentVersion` moves whenever what is equipped (or an equipped item) changes, and so does
 * the owner's `statsVersion` (see `bindTo`), so derived stats are recomputed lazily.
 */
export class PlayerInventory {
  /** Items the player holds: their own and the ones lent to them. */
  readonly items = new Map<number, OwnedItem>();
  equipmentVersion = 0;
  private owner: { statsVersion: number } | null = null;
  // Created when first needed: an empty Set or Map costs ~150 bytes, times every loaded player.
  private lent: Map<number, LentItem> | null = null;
  private changed: Set<number> | null = null;
  private removed: Set<number> | null = null;
  private equippedCache: Item[] | null = null;

  /** The player whose derived stats an equipment change makes stale. */
  bindTo(owner: { statsVersion: number }): this {
    this.owner = owner;
    return this;
  }

  /** The player's own items that another player holds. */
  get lentOut(): Map<number, LentItem> {
    this.lent ??= new Map();
    return this.lent;
  }

  /** Items equipped now (cached until the equipment changes). */
  equipped(): readonly Item[] {
    if (this.equippedCache === null) {
      const out: Item[] = [];
      for (const o of this.items.values()) if (o.equipped) out.push(o.item);
      this.equippedCache = out;
    }
    return this.equippedCache;
  }

  /** The item equipped in a slot, if any. */
  equippedIn(slot: number): OwnedItem | undefined {
    for (const o of this.items.values()) if (o.equipped && o.item.slot === slot) return o;
    return undefined;
  }

  get(id: number): OwnedItem | undefined {
    return this.items.get(id);
  }

  get size(): number {
    return this.items.size;
  }

  /** Items counted against {@link INVENTORY_LIMIT}: held plus lent out. */
  get count(): number {
    return this.items.size + (this.lent?.size ?? 0);
  }

  /** Adds an item; `persist` marks it for the next flush (false: the database has it already). */
  add(owned: OwnedItem, persist = true): void {
    owned.item = compactItem(owned.item);
    this.items.set(owned.item.id, owned);
    this.removed?.delete(owned.item.id);
    if (persist) this.markChanged(owned.item.id);
    if (owned.equipped) this.equipmentChanged();
  }

  /** Marks an item changed after its fields were replaced (upgrade, equip, favourite). */
  touch(owned: OwnedItem, equipmentAffected: boolean): void {
    this.markChanged(owned.item.id);
    if (equipmentAffected) this.equipmentChanged();
  }

  /**
   * Adds an item read by `loadItems`, which the database has already: `fromItemRow` made it
   * compact.
   */
  addStored(owned: OwnedItem): void {
    this.items.set(owned.item.id, owned);
    if (owned.equipped) this.equipmentChanged();
  }

  /** Replaces an item's value (an upgrade) and marks it changed. */
  replace(owned: OwnedItem, item: Item): void {
    owned.item = compactItem(item);
    this.touch(owned, owned.equipped);
  }

  setEquipped(owned: OwnedItem, equipped: boolean): void {
    if (owned.equipped === equipped) return;
    owned.equipped = equipped;
    this.touch(owned, true);
  }

  /** Destroys an item (disenchant): the flush deletes its row. */
  destroy(id: number): OwnedItem | undefined {
    const owned = this.items.get(id);
    if (!owned) return undefined;
    this.items.delete(id);
    this.changed?.delete(id);
    this.removed ??= new Set();
    this.removed.add(id);
    if (owned.equipped) this.equipmentChanged();
    return owned;
  }

  /**
   * Takes an item out without touching its row: a move between players writes the row in its
   * own transaction. `restore` puts it back if that transaction fails.
   */
  detach(id: number): OwnedItem | undefined {
    const owned = this.items.get(id);
    if (!owned) return undefined;
    this.items.delete(id);
    this.changed?.delete(id);
    if (owned.equipped) this.equipmentChanged();
    return owned;
  }

  /** Puts a detached item back (its row may be missing, so it is written at the next flush). */
  restore(owned: OwnedItem): void {
    this.add(owned, true);
  }

  /** Whether unsaved item changes exist. */
  get hasChanges(): boolean {
    return (this.changed?.size ?? 0) > 0 || (this.removed?.size ?? 0) > 0;
  }

  /** The changes since the last flush, as copies; the inventory starts a new change set. */
  takeChanges(): InventoryChanges {
    const upserts: OwnedItem[] = [];
    for (const id of this.changed ?? []) {
      const owned = this.items.get(id);
      if (owned) upserts.push({ ...owned });
    }
    const deletes = [...(this.removed ?? [])];
    this.changed = null;
    this.removed = null;
    return { upserts, deletes };
  }

  /** A flush failed: its changes are pending again (unless something newer replaced them). */
  restoreChanges(changes: InventoryChanges): void {
    for (const o of changes.upserts) if (this.items.has(o.item.id)) this.markChanged(o.item.id);
    for (const id of changes.deletes) {
      if (this.items.has(id)) continue;
      this.removed ??= new Set();
      this.removed.add(id);
    }
  }

  private markChanged(id: number): void {
    this.changed ??= new Set();
    this.changed.add(id);
  }

  private equipmentChanged(): void {
    this.equippedCache = null;
    this.equipmentVersion++;
    if (this.owner) this.owner.statsVersion++;
  }
}
