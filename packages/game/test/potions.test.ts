import { describe, expect, it } from "vitest";
import {
  ActionType,
  applyRenewal,
  autoRenewal,
  beltCapacity,
  brewCost,
  brewPotion,
  discardPotion,
  drinkPotion,
  emptyPotions,
  POTION_DURATION_TICKS,
  type PotionState,
  potionBoosts,
  potionEffect,
  potionMismatch,
  potionPulses,
  potionRunningOut,
  quickBrewEntries,
  setAutoConsume,
  sigilBoosts,
  tickPotions,
  totalBoosts,
  upgradeBeltPotion,
} from "../src/index";

const herbs = { 39: 1000, 40: 1000, 41: 1000 };

function brewed(boost: number, tier: number, amount: number, autoConsume = true): PotionState {
  const r = brewPotion(emptyPotions(), { boost, tier, amount, autoConsume }, herbs, {});
  if (!r.ok) throw new Error(r.error);
  return r.state;
}

describe("potion effects (spec section 9, scaled by 1 + potion boost/100)", () => {
  it("Renewal restores 200 × tier actions", () => {
    expect(potionEffect(105, 1, {})).toBe(200);
    expect(potionEffect(105, 10, {})).toBe(2000);
    expect(potionEffect(105, 3, { 108: 50 })).toBe(900);
    expect(applyRenewal(0, 5000, 3, { 108: 50 })).toBe(900);
  });
  it("Wisdom +5% battle experience per tier", () => {
    expect(potionEffect(120, 1, {})).toBe(5);
    expect(potionEffect(120, 4, { 108: 25 })).toBe(25);
  });
  it("Harvesting +0.1 base resource amount per tier", () => {
    expect(potionEffect(124, 1, {})).toBeCloseTo(0.1, 12);
    expect(potionEffect(124, 10, { 108: 100 })).toBeCloseTo(2, 12);
  });
  it("Resonance +5% elemental shards per tier", () => {
    expect(potionEffect(122, 2, {})).toBe(10);
    expect(potionEffect(122, 2, { 108: 10 })).toBeCloseTo(11, 12);
  });
  it("the Distillation sigil's potion boost counts like research", () => {
    const sigil = sigilBoosts(108, 5); // +2 per level
    const totals = totalBoosts({ 108: 10 }, {}, {}, sigil);
    expect(totals[108]).toBe(20);
    expect(potionEffect(120, 2, totals)).toBeCloseTo(12, 12);
  });
  it("active potions become boosts (Renewal never: it works at once)", () => {
    const active = [
      { boost: 120, tier: 2, ticks: 5 },
      { boost: 124, tier: 3, ticks: 5 },
      { boost: 105, tier: 3, ticks: 5 },
    ];
    const b = potionBoosts(active, { 108: 100 });
    expect(b[120]).toBe(20);
    expect(b[124]).toBeCloseTo(0.6, 12);
    expect(b[105]).toBeUndefined();
  });
});

describe("brewing", () => {
  it("costs tier herbs of each of the kind's herbs per potion", () => {
    expect(brewCost(105, 3, 2)).toEqual([{ lootId: 39, amount: 6 }]);
    expect(brewCost(122, 2, 5)).toEqual([
      { lootId: 40, amount: 10 },
      { lootId: 41, amount: 10 },
    ]);
  });
  it("puts potions in the belt and refuses bad tiers, amounts, herbs and room", () => {
    const s = brewed(120, 2, 3);
    expect(s.belt).toEqual([{ boost: 120, tier: 2, amount: 3, autoConsume: true }]);
    const bad = (input: Partial<{ boost: number; tier: number; amount: number }>) =>
      brewPotion(
        emptyPotions(),
        { boost: 120, tier: 1, amount: 1, autoConsume: false, ...input },
        herbs,
        {},
      );
    expect(bad({ boost: 7 })).toEqual({ ok: false, error: "Unknown potion." });
    expect(bad({ boost: 105, tier: 11 })).toEqual({
      ok: false,
      error: "Tier must be a whole number from 1 to 10.",
    });
    expect(bad({ tier: 1_000_000 })).toEqual({
      ok: false,
      error: "Tier must be a whole number from 1 to 999,999.",
    });
    expect(bad({ tier: 0 }).ok).toBe(false);
    expect(bad({ amount: 0 }).ok).toBe(false);
    expect(bad({ amount: 100 }).ok).toBe(false);
    expect(bad({ amount: 11 })).toEqual({
      ok: false,
      error: "Your potion belt has room for 10 more.",
    });
    expect(
      brewPotion(
        emptyPotions(),
        { boost: 122, tier: 5, amount: 1, autoConsume: false },
        { 40: 5, 41: 4 },
        {},
      ),
    ).toEqual({
      ok: false,
      error: "Not enough Bloomwell.",
    });
    expect(brewPotion(s, { boost: 120, tier: 3, amount: 1, autoConsume: true }, herbs, {})).toEqual(
      {
        ok: false,
        error: "Your belt holds Wisdom potions of tier 2: upgrade or discard them first.",
      },
    );
  });
  it("the belt holds 10 potions plus 10 per Potion Belt level", () => {
    expect(beltCapacity({})).toBe(10);
    expect(beltCapacity({ 133: 3 })).toBe(40);
    const r = brewPotion(
      emptyPotions(),
      { boost: 120, tier: 1, amount: 40, autoConsume: false },
      herbs,
      { 133: 3 },
    );
    expect(r.ok).toBe(true);
  });
  it("upgrades a belt stack paying the added tiers, and discards", () => {
    const s = brewed(124, 2, 3);
    const up = upgradeBeltPotion(s, 124, 5, herbs);
    expect(up.ok && up.cost).toEqual([{ lootId: 41, amount: 9 }]);
    expect(up.ok && up.state.belt[0]?.tier).toBe(5);
    expect(upgradeBeltPotion(s, 124, 2, herbs)).toEqual({
      ok: false,
      error: "Choose a tier above 2.",
    });
    expect(upgradeBeltPotion(s, 120, 5, herbs).ok).toBe(false);
    const gone = discardPotion(s, 124, false);
    expect(gone.ok && gone.state.belt).toEqual([]);
    expect(s.belt).toHaveLength(1); // the input is never changed
  });
});

describe("drinking, ticking and the belt's AutoConsume", () => {
  it("drinks Renewal at once and others for 1,200 ticks", () => {
    const r = drinkPotion(brewed(105, 3, 2), 105, {});
    expect(r.ok && r.actions).toBe(600);
    expect(r.ok && r.state.belt[0]?.amount).toBe(1);
    const w = drinkPotion(brewed(120, 2, 1), 120, {});
    expect(w.ok && w.state.active).toEqual([{ boost: 120, tier: 2, ticks: POTION_DURATION_TICKS }]);
    expect(w.ok && w.state.belt).toEqual([]);
    expect(POTION_DURATION_TICKS).toBe(1200);
    if (!w.ok) return;
    const again = brewPotion(
      w.state,
      { boost: 120, tier: 2, amount: 1, autoConsume: true },
      herbs,
      {},
    );
    expect(again.ok && drinkPotion(again.state, 120, {})).toEqual({
      ok: false,
      error: "A Wisdom potion is already active (1200 ticks left).",
    });
  });

  it("ticks down per action and ends at 0, starting the belt's next one with AutoConsume", () => {
    const s = brewed(120, 2, 2, true);
    const drunk = drinkPotion(s, 120, {});
    if (!drunk.ok) throw new Error(drunk.error);
    const state = drunk.state;
    for (let i = 0; i < POTION_DURATION_TICKS - 1; i++) expect(tickPotions(state)).toBe(0);
    expect(state.active[0]?.ticks).toBe(1);
    expect(tickPotions(state)).toBe(3); // ended and started
    expect(state.active).toEqual([{ boost: 120, tier: 2, ticks: POTION_DURATION_TICKS }]);
    expect(state.belt).toEqual([]);
    for (let i = 0; i < POTION_DURATION_TICKS - 1; i++) tickPotions(state);
    const ended: number[] = [];
    expect(tickPotions(state, ended)).toBe(1); // ended, nothing left
    expect(state.active).toEqual([]);
    expect(ended).toEqual([120]); // the one the belt did not follow (the Potion push)
  });

  it("without AutoConsume the belt's potions wait", () => {
    const s = brewed(122, 1, 2, false);
    const drunk = drinkPotion(s, 122, {});
    if (!drunk.ok) throw new Error(drunk.error);
    drunk.state.active[0]!.ticks = 1;
    tickPotions(drunk.state);
    expect(drunk.state.active).toEqual([]);
    expect(drunk.state.belt[0]?.amount).toBe(1);
    const on = setAutoConsume(drunk.state, 122, true);
    expect(on.ok && on.state.belt[0]?.autoConsume).toBe(true);
  });

  it("drinks a Renewal with AutoConsume when the actions run out", () => {
    const s = brewed(105, 2, 1, true);
    expect(autoRenewal(s, 5, {})).toBe(0);
    expect(autoRenewal(s, 0, { 108: 50 })).toBe(600);
    expect(s.belt).toEqual([]);
    expect(autoRenewal(s, 0, {})).toBe(0);
    const manual = brewed(105, 2, 1, false);
    expect(autoRenewal(manual, 0, {})).toBe(0);
  });
});

describe("potion status in the shell", () => {
  it("warns under 200 ticks with an empty belt and pulses in the last 10 minutes", () => {
    const a = { boost: 120, tier: 1, ticks: 199 };
    expect(potionRunningOut(a, [])).toBe(true);
    expect(potionRunningOut(a, [{ boost: 120, tier: 1, amount: 1, autoConsume: false }])).toBe(
      false,
    );
    expect(potionRunningOut({ ...a, ticks: 200 }, [])).toBe(false);
    expect(potionPulses({ ...a, ticks: 200 })).toBe(true);
    expect(potionPulses({ ...a, ticks: 201 })).toBe(false);
  });
  it("flags Wisdom off battle and Harvesting in battle", () => {
    expect(potionMismatch(120, ActionType.Mining)).toBe(true);
    expect(potionMismatch(120, ActionType.Battle)).toBe(false);
    expect(potionMismatch(124, ActionType.Battle)).toBe(true);
    expect(potionMismatch(122, ActionType.Battle)).toBe(false);
  });
  it("quick brew keeps the spec's boosts and skips by action", () => {
    const entries = [
      { boost: 105, tier: 1, amount: 2 },
      { boost: 120, tier: 1, amount: 2 },
      { boost: 124, tier: 1, amount: 2 },
      { boost: 122, tier: 0, amount: 2 },
      { boost: 1, tier: 1, amount: 2 },
    ];
    expect(quickBrewEntries(entries, ActionType.Battle).map((e) => e.boost)).toEqual([105, 120]);
    expect(quickBrewEntries(entries, ActionType.Mining).map((e) => e.boost)).toEqual([105, 124]);
    expect(quickBrewEntries([], ActionType.Battle)).toEqual([]);
  });
});
