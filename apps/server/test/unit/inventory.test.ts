import { createRng, generateItem, Rarity } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { INVENTORY_LIMIT, type OwnedItem, PlayerInventory } from "../../src/world/inventory";
import { fromItemRow, toItemRow, toWireItem } from "../../src/world/item-rows";
import { mapDiff } from "../../src/world/stat-patch";

function owned(id: number, slot: 1 | 2 | 3 = 1, equipped = false): OwnedItem {
  const item = generateItem({ slot, rarity: Rarity.Rare, level: 10, id }, createRng(id));
  return { item, ownerId: 7, borrowerId: null, favorite: false, equipped };
}

describe("PlayerInventory", () => {
  it("tracks what the next flush must write and delete", () => {
    const inv = new PlayerInventory();
    inv.add(owned(1), false); // loaded from the database: nothing to write
    expect(inv.hasChanges).toBe(false);
    inv.add(owned(2));
    const a = inv.get(1)!;
    a.favorite = true;
    inv.touch(a, false);
    inv.destroy(2); // created and destroyed before a flush: only the delete remains
    const changes = inv.takeChanges();
    expect(changes.upserts.map((o) => o.item.id)).toEqual([1]);
    expect(changes.deletes).toEqual([2]);
    expect(inv.hasChanges).toBe(false);
    inv.restoreChanges(changes); // a failed flush: pending again
    expect(inv.takeChanges()).toEqual(changes);
  });

  it("moves the equipment version only when what is worn changes", () => {
    const owner = { statsVersion: 0 };
    const inv = new PlayerInventory().bindTo(owner);
    const a = owned(1, 1);
    const b = owned(2, 2);
    inv.add(a);
    inv.add(b);
    const v = inv.equipmentVersion;
    inv.touch(a, false);
    expect(inv.equipmentVersion).toBe(v);
    inv.setEquipped(a, true);
    expect(inv.equipmentVersion).toBe(v + 1);
    expect(owner.statsVersion).toBe(1); // derived stats of the player are stale
    expect(inv.equipped().map((i) => i.id)).toEqual([1]);
    expect(inv.equippedIn(1)).toBe(a);
    inv.replace(a, { ...a.item, infusions: 2 });
    expect(inv.equipmentVersion).toBe(v + 2);
    expect(inv.equipped()[0]?.infusions).toBe(2);
    const detached = inv.detach(1);
    expect(inv.equipped()).toEqual([]);
    inv.restore(detached!);
    expect(inv.equippedIn(1)?.item.id).toBe(1);
  });

  it("stores boost and roll maps compactly without changing them", () => {
    const inv = new PlayerInventory();
    const a = owned(3);
    const boosts = { ...a.item.boosts };
    inv.add(a);
    expect(inv.get(3)?.item.boosts).toEqual(boosts);
    expect(inv.get(3)?.item.boosts).not.toBe(boosts);
    expect(INVENTORY_LIMIT).toBeLessThanOrEqual(5000);
  });
});

describe("item rows and wire records", () => {
  it("round-trips a row (jsonb keys come back as strings)", () => {
    const a = owned(4, 3, true);
    const row = toItemRow(a);
    const back = fromItemRow({
      ...row,
      boosts: JSON.parse(JSON.stringify(row.boosts)),
      rolls: JSON.parse(JSON.stringify(row.rolls)),
      borrowerId: null,
      favorite: false,
      equipped: true,
      infusions: 0,
      element: null,
      skill: null,
    });
    expect(back.item).toEqual(a.item);
    expect(back.equipped).toBe(true);
  });

  it("puts upgradeChance and the borrower on the wire, never the rolls", () => {
    const a = owned(5);
    const wire = toWireItem(a, "Bob");
    expect(wire).not.toHaveProperty("rolls");
    expect(wire.borrowerName).toBe("Bob");
    expect(wire.upgradeChance).toBeGreaterThan(0);
    expect(wire.element).toBe(a.item.element);
  });
});

describe("mapDiff", () => {
  it("sends changed entries and removed ones as 0 (patches merge)", () => {
    expect(mapDiff({ 1: 2, 3: 4, 5: 6 }, { 1: 2, 3: 5, 7: 1 })).toEqual({ 3: 5, 5: 0, 7: 1 });
  });
});
