import { LootId } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { applyCredit, CREDITS_SEEN, type Credit, CreditKind } from "../../src/world/credits";
import { restoreWrite, takeWrite } from "../../src/world/player-writes";
import { benchPlayer } from "../support/world-fixtures";

/**
 * A credit counts once per loaded player, whoever applies it first. The race this guards
 * (seen once in CI, market-crash.test.ts, 100 Mana Dust created): the seller's sweep applied
 * a sale's credit the moment it committed, the seller's next save took it (and deleted its
 * row), and only then did the buyer's `committed` deliver the same credit.
 */

const DUST = LootId.ManaDust;
const sale = (id: number): Credit => ({
  id,
  playerId: 1,
  kind: CreditKind.Loot,
  loot: { [DUST]: 100 },
  itemId: null,
  note: "",
});

describe("a credit", () => {
  it("is applied once even when a save took it before its sender delivered it", () => {
    const p = benchPlayer(1, { gear: false });
    p.loot[DUST] = 1000;
    expect(applyCredit(p, sale(7), undefined)).not.toBeNull(); // the sweep
    const write = takeWrite(p); // the seller's save: deletes credit 7 with the +100
    expect(write.credits).toEqual([7]);
    expect(p.credits).toBeNull();
    expect(applyCredit(p, sale(7), undefined)).toBeNull(); // the buyer's late deliver
    expect(p.loot[DUST]).toBe(1100);
    expect(p.credits).toBeNull();
  });

  it("is applied once when the save that took it failed and gave it back", () => {
    const p = benchPlayer(1, { gear: false });
    p.loot[DUST] = 0;
    applyCredit(p, sale(8), undefined);
    restoreWrite(takeWrite(p));
    expect(p.credits).toEqual([8]);
    expect(applyCredit(p, sale(8), undefined)).toBeNull();
    expect(p.loot[DUST]).toBe(100);
  });

  it("is remembered among the last CREDITS_SEEN applied; other credits still apply", () => {
    const p = benchPlayer(1, { gear: false });
    p.loot[DUST] = 0;
    for (let id = 1; id <= CREDITS_SEEN + 10; id++) {
      expect(applyCredit(p, sale(id), undefined)).not.toBeNull();
      takeWrite(p);
    }
    expect(p.loot[DUST]).toBe((CREDITS_SEEN + 10) * 100);
    expect(p.creditsSeen?.size).toBe(CREDITS_SEEN);
    expect(applyCredit(p, sale(CREDITS_SEEN + 10), undefined)).toBeNull();
  });
});
