import { disenchantYield, type NewItem, shouldAutoDisenchant } from "@manaspire/game";
import type { LootTrackerEntry, PlayerPatch, Item as WireItem } from "@manaspire/protocol";
import type { Sessions } from "../socket/sessions";
import { NO_ITEMS } from "./battle-action";
import { INVENTORY_LIMIT } from "./inventory";
import type { ItemIdSource } from "./item-ids";
import { toWireItem } from "./item-rows";
import type { LoadedPlayer } from "./loaded-player";
import { grantLoot } from "./loot";
import { trackLoot } from "./loot-tracker";
import { preferencesOf } from "./player-view";

/** What an action reports, which a drop adds to. */
export interface DropReport {
  tracker: LootTrackerEntry[];
  patch: PlayerPatch;
  /** Items kept this action: a shared empty array until the first one (see NO_ITEMS). */
  items: WireItem[];
  /** The detailed result, whose `items` must be the same list. */
  result: { items: WireItem[] } | undefined;
}

/** Where the store notes the ids of items not saved yet. */
export interface DropStore {
  readonly newItems: Map<number, number>;
}

/**
 * Applies item drops inside the tick, without a database round trip. A drop at or below the
 * player's auto-disenchant preference (or any drop while the inventory is full) becomes its
 * yield at once; any other takes an id from the reserved block, joins the inventory (written by
 * the next flush) and the loot tracker. If no id is reserved at that instant, the item waits for
 * the refill and is delivered then (as an `item` upsert and a loot tracker entry).
 */
export class ItemDrops {
  private awaiting: Array<{ p: LoadedPlayer; item: NewItem; now: number }> = [];
  private draining = false;

  constructor(
    private readonly store: DropStore,
    private readonly ids: ItemIdSource,
    private readonly sessions: Sessions,
  ) {}

  /** One dropped item of an action. */
  grant(p: LoadedPlayer, drop: NewItem, now: number, report: DropReport): void {
    const full = p.inventory.count >= INVENTORY_LIMIT;
    if (full || shouldAutoDisenchant(drop, preferencesOf(p).autoDisenchant)) {
      // The patch is sent only to a watched player (whose action has a result).
      const watched = report.result !== undefined;
      const yielded = disenchantYield({ ...drop, id: 0 });
      const totals = grantLoot(p, yielded, now, report.tracker, watched);
      if (watched) report.patch.loot = { ...report.patch.loot, ...totals };
      return;
    }
    const id = this.ids.take();
    if (id === undefined) {
      p.busy++; // not evicted while its item waits
      this.awaiting.push({ p, item: drop, now });
      void this.drain();
      return;
    }
    const wire = this.keep(p, id, drop, now, report.tracker);
    if (report.items === NO_ITEMS) {
      report.items = [];
      if (report.result) report.result.items = report.items;
    }
    report.items.push(wire);
  }

  /** Items waiting for an id (only while the id refill lags behind). */
  get waiting(): number {
    return this.awaiting.length;
  }

  private keep(
    p: LoadedPlayer,
    id: number,
    drop: NewItem,
    now: number,
    tracker: LootTrackerEntry[],
  ): WireItem {
    const owned = {
      item: { ...drop, id },
      ownerId: p.id,
      borrowerId: null,
      favorite: false,
      equipped: false,
    };
    p.inventory.add(owned);
    this.store.newItems.set(id, p.id);
    const wire = toWireItem(owned);
    const entry: LootTrackerEntry = { timestamp: now, item: wire };
    tracker.push(entry);
    trackLoot(p, entry);
    return wire;
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      while (this.awaiting.length > 0) {
        await this.ids.whenAvailable();
        while (this.awaiting.length > 0) {
          const id = this.ids.take();
          if (id === undefined) break;
          const { p, item, now } = this.awaiting.shift()!;
          p.busy--;
          const tracker: LootTrackerEntry[] = [];
          const wire = this.keep(p, id, item, now, tracker);
          this.sessions.send(p.id, "item", { id, item: wire });
          this.sessions.send(p.id, "lootTracker", { entries: tracker });
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
