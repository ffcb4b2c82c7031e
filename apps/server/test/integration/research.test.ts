import { LootId, researchCost, sigilBoost, sigilLevelCost } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { combatStats } from "../../src/world/player-view";
import { mark, namedPlayer, setLoot, stateOf, toastFor } from "../support/players";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

describe.each(testStores())("research and sigils on $kind", (factory) => {
  const suite = serverSuite(factory, { TICK_MS: "60000" });

  it("buys Base Spellpower levels with mana dust and raises total spellpower", async () => {
    const p = await namedPlayer(suite.server);
    setLoot(p.loaded, LootId.ManaDust, 100_000);
    const before = combatStats(p.loaded).totalSpellpower;
    const cost = researchCost(1, 0, 3)[0]!.cost;
    const since = mark(p);
    p.client.send("purchaseBoost", { boost: 1, amount: 3 });
    const up = await p.client.next("playerUpdate", (m) => m.patch.boosts !== undefined, { since });
    expect(up.patch.boosts).toEqual({ 1: 3 });
    expect(up.patch.totalBoosts?.[1]).toBe(3);
    expect(up.patch.loot?.[LootId.ManaDust]).toBe(100_000 - cost);
    expect(up.patch.totalSpellpower).toBeGreaterThan(before);
  });

  it("refuses amounts below 1, beyond the cap or beyond the purse, changing nothing", async () => {
    const p = await namedPlayer(suite.server);
    setLoot(p.loaded, LootId.ManaDust, 3_000);
    setLoot(p.loaded, LootId.TomeOfManaShield, 1e9);
    p.loaded.boosts[24] = 100;
    const before = stateOf(p.loaded);
    const buy = (boost: number, amount: number) =>
      toastFor(p, () => p.client.send("purchaseBoost", { boost, amount }));
    expect(await buy(1, 0)).toBe("Amount must be at least 1.");
    expect(await buy(24, 1)).toBe("Mana Shield Rank is at its maximum level (100).");
    expect(await buy(1, 10)).toBe("You can only afford 1 level of Base Spellpower.");
    setLoot(p.loaded, LootId.ManaDust, 10);
    const poor = stateOf(p.loaded);
    expect(await buy(1, 1)).toBe("Not enough Mana Dust.");
    expect(await buy(200, 1)).toBe("This boost cannot be researched.");
    expect(stateOf(p.loaded)).toBe(poor);
    expect(before).not.toBe(poor);
  });

  it("previews a codex reset, then refunds the codex as Bound Codex", async () => {
    const p = await namedPlayer(suite.server);
    let since = mark(p);
    p.client.send("codexReset", { confirmed: false });
    const none = await p.client.next("codexResetPreview", () => true, { since });
    expect(none.refund).toBe(0);
    const empty = await toastFor(p, () => p.client.send("codexReset", { confirmed: true }));
    expect(empty).toBe("You have no Codex research to reset.");
    setLoot(p.loaded, LootId.Codex, 10);
    since = mark(p);
    p.client.send("purchaseBoost", { boost: 100, amount: 4 }); // 1+2+3+4 = 10 codex
    await p.client.next("playerUpdate", (m) => m.patch.boosts?.[100] === 4, { since });
    expect(p.loaded.loot[LootId.Codex]).toBe(0);
    const before = stateOf(p.loaded);
    since = mark(p);
    p.client.send("codexReset", { confirmed: false });
    const preview = await p.client.next("codexResetPreview", () => true, { since });
    expect(preview.refund).toBe(10);
    expect(preview.boosts[100]).toBeUndefined();
    expect(stateOf(p.loaded)).toBe(before);
    since = mark(p);
    p.client.send("codexReset", { confirmed: true });
    const up = await p.client.next("playerUpdate", (m) => m.patch.boosts !== undefined, { since });
    expect(up.patch.boosts).toEqual({ 100: 0 });
    expect(up.patch.totalBoosts?.[100]).toBe(0);
    expect(up.patch.loot?.[LootId.BoundCodex]).toBe(10);
    expect(p.loaded.boosts[100]).toBeUndefined();
  });

  it("buys a sigil level with event points and counts the active sigil's boost", async () => {
    const p = await namedPlayer(suite.server);
    const buy = () => toastFor(p, () => p.client.send("purchaseSigil", { boost: 103 }));
    const before = stateOf(p.loaded);
    expect(await buy()).toBe("Not enough Event Points.");
    expect(await toastFor(p, () => p.client.send("purchaseSigil", { boost: 5 }))).toBe(
      "Unknown sigil.",
    );
    expect(stateOf(p.loaded)).toBe(before);
    const cost = sigilLevelCost(0) + sigilLevelCost(1);
    setLoot(p.loaded, LootId.EventPoints, cost);
    let since = mark(p);
    p.client.send("purchaseSigil", { boost: 103 });
    let up = await p.client.next("playerUpdate", (m) => m.patch.sigilBoost !== undefined, {
      since,
    });
    expect(up.patch.sigilBoost).toBe(sigilLevelCost(0));
    expect(up.patch.activeSigil).toBe(103);
    expect(up.patch.totalBoosts?.[103]).toBe(sigilBoost(103, 1));
    since = mark(p);
    p.client.send("purchaseSigil", { boost: 107 }); // level 2, now the Purpose sigil is active
    up = await p.client.next("playerUpdate", (m) => m.patch.sigilBoost !== undefined, { since });
    expect(up.patch.sigilBoost).toBe(cost);
    expect(up.patch.activeSigil).toBe(107);
    expect(up.patch.loot?.[LootId.EventPoints]).toBe(0);
    expect(up.patch.totalBoosts).toMatchObject({ 103: 0, 107: sigilBoost(107, 2) });
    expect(p.loaded.sigil).toEqual({ points: cost, active: 107 });
  });
});
