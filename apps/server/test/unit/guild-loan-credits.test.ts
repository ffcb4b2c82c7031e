import { createRng, generateItem, Rarity } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { applyCredit, type Credit, CreditKind } from "../../src/world/credits";
import { isGuildLoan, type OwnedItem } from "../../src/world/inventory";
import { totalBoosts } from "../../src/world/player-view";
import { benchPlayer } from "../support/world-fixtures";

/** The holder's side of a guild armory recall (credits.ts, CreditKind.Recalled). */

function item(id: number, ownerId: number, borrowerId: number | null, equipped = false) {
  return {
    item: generateItem({ slot: 3, rarity: Rarity.Epic, level: 1, id }, createRng(id)),
    ownerId,
    borrowerId,
    favorite: false,
    equipped,
  } satisfies OwnedItem;
}

const recall = (id: number, itemId: number, playerId = 1): Credit => ({
  id,
  playerId,
  kind: CreditKind.Recalled,
  loot: {},
  itemId,
  note: "",
});

describe("guild loans", () => {
  it("are items whose owner is their borrower", () => {
    expect(isGuildLoan(item(1, 5, 5))).toBe(true);
    expect(isGuildLoan(item(1, 5, null))).toBe(false);
    expect(isGuildLoan(item(1, 5, 6))).toBe(false); // lent by a player
  });

  it("a recall takes the loan out of memory once; the next write deletes its row", () => {
    const p = benchPlayer(1, { gear: false });
    p.inventory.add(item(10, 1, 1, true), false);
    const before = { ...totalBoosts(p) };
    const applied = applyCredit(p, recall(100, 10), undefined);
    expect(applied?.removed?.item.id).toBe(10);
    expect(applied?.totalsBefore).toEqual(before);
    expect(p.inventory.get(10)).toBeUndefined();
    expect(p.inventory.equipped()).toHaveLength(0);
    expect(p.inventory.takeChanges().deletes).toEqual([10]);
    expect(p.credits).toEqual([100]);
    // Seen again (the sweep after `deliver`): nothing more happens.
    expect(applyCredit(p, recall(100, 10), undefined)).toBeNull();
  });

  it("a recall never touches the player's own items or items a player lent them", () => {
    const p = benchPlayer(1, { gear: false });
    p.inventory.add(item(11, 1, null), false);
    p.inventory.add(item(12, 2, 1), false);
    for (const [creditId, itemId] of [
      [101, 11],
      [102, 12],
      [103, 99],
    ] as const) {
      const applied = applyCredit(p, recall(creditId, itemId), undefined);
      expect(applied?.removed).toBeUndefined();
    }
    expect(p.inventory.get(11)).toBeDefined();
    expect(p.inventory.get(12)).toBeDefined();
    expect(p.inventory.hasChanges).toBe(false);
    expect(p.credits).toEqual([101, 102, 103]);
  });
});
