import { createRng, generateItem, LootId, type NewItem, Rarity } from "@manaspire/game";
import type { LootTrackerEntry, PlayerPatch, Item as WireItem } from "@manaspire/protocol";
import { describe, expect, it } from "vitest";
import { Sessions } from "../../src/socket/sessions";
import { NO_ITEMS } from "../../src/world/battle-action";
import { ItemDrops } from "../../src/world/item-drops";
import { ItemIdPool } from "../../src/world/item-ids";
import { benchPlayer } from "../support/world-fixtures";

function drop(rarity: Rarity): NewItem {
  const { id: _id, ...item } = generateItem({ slot: 2, rarity, level: 20 }, createRng(rarity));
  return item;
}

function report() {
  const r = {
    tracker: [] as LootTrackerEntry[],
    patch: {} as PlayerPatch,
    items: NO_ITEMS,
    result: { items: NO_ITEMS as WireItem[] },
  };
  return r;
}

describe("ItemIdPool", () => {
  it("hands out reserved ids and refills below the low-water mark", async () => {
    let next = 100;
    const calls: number[] = [];
    const pool = new ItemIdPool(
      async (n) => {
        calls.push(n);
        return Array.from({ length: n }, () => next++);
      },
      { block: 4, lowWater: 2 },
    );
    expect(pool.take()).toBeUndefined(); // nothing reserved yet; a refill starts
    await pool.whenAvailable();
    expect([pool.take(), pool.take()]).toEqual([100, 101]);
    expect([pool.take(), pool.take()]).toEqual([102, 103]); // at the low-water mark: refilling
    expect(pool.take()).toBeUndefined(); // the refill has not answered yet
    await pool.whenAvailable();
    expect(pool.take()).toBe(104);
    expect(calls).toEqual([4, 4]);
  });
});

describe("ItemDrops", () => {
  it("keeps a drop in the inventory, the result and the loot tracker", () => {
    const p = benchPlayer(1);
    const store = { newItems: new Map<number, number>() };
    const drops = new ItemDrops(
      store,
      { take: () => 77, whenAvailable: async () => {} },
      new Sessions(),
    );
    const r = report();
    drops.grant(p, drop(Rarity.Rare), 5, r);
    expect(r.items.map((i) => i.id)).toEqual([77]);
    expect(r.result.items).toBe(r.items);
    expect(NO_ITEMS).toHaveLength(0);
    expect(p.inventory.get(77)?.item.rarity).toBe(Rarity.Rare);
    expect(p.tracker.added.at(-1)?.item?.id).toBe(77); // unsaved until the next write
    expect(store.newItems.get(77)).toBe(1);
  });

  it("turns a drop at or below the preference into its yield", () => {
    const p = benchPlayer(2);
    p.preferences = { autoDisenchant: 2 };
    const dust = p.loot[LootId.ManaDust] ?? 0;
    const count = p.inventory.count;
    const drops = new ItemDrops(
      { newItems: new Map() },
      { take: () => 1, whenAvailable: async () => {} },
      new Sessions(),
    );
    const r = report();
    drops.grant(p, drop(Rarity.Uncommon), 5, r);
    expect(r.items).toBe(NO_ITEMS);
    expect(p.inventory.count).toBe(count);
    expect(r.patch.loot?.[LootId.ManaDust]).toBeGreaterThan(dust);
  });

  it("delivers a drop later when no id is reserved at that instant", async () => {
    const p = benchPlayer(3);
    let ready = false;
    const drops = new ItemDrops(
      { newItems: new Map() },
      {
        take: () => (ready ? 500 : undefined),
        whenAvailable: async () => {
          ready = true;
        },
      },
      new Sessions(),
    );
    const r = report();
    drops.grant(p, drop(Rarity.Epic), 5, r);
    expect(r.items).toBe(NO_ITEMS);
    expect(p.busy).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(p.inventory.get(500)?.item.rarity).toBe(Rarity.Epic);
    expect(p.busy).toBe(0);
    expect(drops.waiting).toBe(0);
  });
});
