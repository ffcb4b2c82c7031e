import {
  ELEMENTAL_RIFT_EVERY_MS,
  LootId,
  maxActions,
  PetEffect,
  PotionBoost,
  RIFT_OF_POWER_MAX_MS,
  RIFT_OF_POWER_MIN_MS,
  sigilLevel,
} from "@manaspire/game";
import { describe, expect, it } from "vitest";
import {
  brewRenewal,
  buyResearch,
  EVENT_ACTIONS,
  eventSchedule,
  Ledger,
  newAccount,
  profileById,
  runWorld,
  tendPets,
  totalBoostsOf,
} from "../src";

const DAY = 24 * 3_600_000;

describe("eventSchedule", () => {
  it("holds the Elemental Rifts every 3.5 hours and the Rifts of Power 3-6 hours apart, never overlapping", () => {
    const s = eventSchedule(3, 1);
    const rifts = s.filter((e) => e.kind === "elemental");
    const power = s.filter((e) => e.kind === "power");
    expect(rifts[0]!.window.queueAt).toBe(ELEMENTAL_RIFT_EVERY_MS);
    expect(rifts.length).toBe(Math.ceil((3 * DAY) / ELEMENTAL_RIFT_EVERY_MS) - 1);
    for (let i = 1; i < rifts.length; i++) {
      expect(rifts[i]!.window.queueAt - rifts[i - 1]!.window.queueAt).toBe(ELEMENTAL_RIFT_EVERY_MS);
    }
    expect(power.length).toBeGreaterThanOrEqual(11);
    for (let i = 1; i < power.length; i++) {
      const gap = power[i]!.window.startsAt - power[i - 1]!.window.startsAt;
      expect(gap).toBeGreaterThanOrEqual(RIFT_OF_POWER_MIN_MS);
      // A move out of a rift's window adds at most the rift's queue, length and a queue.
      expect(gap).toBeLessThanOrEqual(RIFT_OF_POWER_MAX_MS + 20 * 60_000);
      for (const r of rifts) {
        const w = power[i]!.window;
        expect(w.endsAt <= r.window.queueAt || w.startsAt >= r.window.endsAt).toBe(true);
      }
    }
    for (let i = 1; i < s.length; i++) {
      expect(s[i]!.window.startsAt).toBeGreaterThanOrEqual(s[i - 1]!.window.startsAt);
    }
    expect(eventSchedule(3, 1)).toEqual(s);
    expect(eventSchedule(3, 2)).not.toEqual(s);
  });
});

describe("events in the world", () => {
  it("event regulars join every event, are paid Event Points and spend them on the Growth sigil", () => {
    const days = 3;
    const w = runWorld({ accounts: 4, days, seed: 4, profile: "events" });
    const schedule = eventSchedule(days, 4);
    expect(w.events.length).toBe(schedule.length);
    const rifts = w.events.filter((e) => e.kind === "elemental");
    for (const e of w.events) expect(e.participants).toBe(4);
    expect(rifts.every((e) => e.points >= 4 * EVENT_ACTIONS)).toBe(true);
    expect(rifts.some((e) => e.bossesDefeated > 0)).toBe(true);
    const paid = rifts.reduce((s, e) => s + e.points, 0);
    expect(w.ledger.net(LootId.EventPoints)).toBe(
      w.accounts.reduce((s, a) => s + (a.wallet[LootId.EventPoints] ?? 0), 0),
    );
    let spent = 0;
    for (const a of w.accounts) {
      spent += a.sigilSpent;
      expect(sigilLevel(a.sigilSpent)).toBeGreaterThanOrEqual(1);
      expect(totalBoostsOf(a)[103] ?? 0).toBeGreaterThan(a.boosts[103] ?? 0);
      expect(a.siphons).toBeGreaterThan(0);
      // Event actions come out of the day's loads: never more actions than the days hold.
      expect(a.kills + a.deaths + EVENT_ACTIONS * schedule.length).toBeLessThanOrEqual(
        days * 28_800,
      );
    }
    expect(paid - spent).toBe(w.ledger.net(LootId.EventPoints));
  });

  it("takes the event actions out of the loads' max actions", () => {
    const w = runWorld({ accounts: 3, days: 1, seed: 8, profile: "events" });
    const held = eventSchedule(1, 8).length;
    for (const a of w.accounts) {
      // Ten loads of at most max actions (which only grows during the day), events included.
      expect(a.kills + a.deaths + EVENT_ACTIONS * held).toBeLessThanOrEqual(
        10 * maxActions(a.boosts),
      );
    }
  });

  it("resolves every rift action with sample 0 (one slice per action, the server's tick)", () => {
    const w = runWorld({ accounts: 2, days: 1, seed: 6, sample: 0, profile: "events" });
    const rifts = w.events.filter((e) => e.kind === "elemental");
    expect(rifts.length).toBeGreaterThan(0);
    for (const e of rifts) {
      expect(e.damage).toBeGreaterThan(0);
      // Every participant is paid at least a point an action.
      expect(e.points).toBeGreaterThanOrEqual(2 * EVENT_ACTIONS);
    }
  });
});

describe("sinks", () => {
  it("unlocks the plan's pets with eggs, activates them and feeds the rest", () => {
    const ledger = new Ledger();
    const a = newAccount(1, "battle", false);
    a.wallet[LootId.Egg] = 4;
    tendPets(ledger, a, profileById("battle"), 0);
    expect(a.pets.pets).toHaveLength(1);
    expect(a.pets.pets[0]).toMatchObject({ type: PetEffect.Dust, active: true });
    expect(a.wallet[LootId.Egg]).toBe(0);
    expect(ledger.byLoot(0).get(LootId.Egg)).toEqual(
      new Map([
        ["pet unlocks", -1],
        ["pet feeding", -3],
      ]),
    );
    const g = newAccount(2, "gatherer", false);
    g.wallet[LootId.Egg] = 2;
    tendPets(ledger, g, profileById("gatherer"), 0);
    // The Otter costs 2 eggs (pets owned + 1): one egg waits for it.
    expect(g.pets.pets.map((p) => p.type)).toEqual([PetEffect.Mining]);
    expect(g.wallet[LootId.Egg]).toBe(1);
  });

  it("brews Renewal of tier 10 with Sunpetal into half the belt", () => {
    const ledger = new Ledger();
    const a = newAccount(1, "farmer", true);
    a.wallet[LootId.Sunpetal] = 100;
    brewRenewal(ledger, a);
    expect(a.potions.belt).toEqual([
      expect.objectContaining({ boost: PotionBoost.Renewal, tier: 10, amount: 5 }),
    ]);
    expect(a.wallet[LootId.Sunpetal]).toBe(50);
    brewRenewal(ledger, a);
    expect(a.wallet[LootId.Sunpetal]).toBe(50);
  });

  it("buys enchanting skills with formulas, kept out of the boosts", () => {
    const ledger = new Ledger();
    const a = newAccount(1, "battle", false);
    a.wallet[LootId.InfernoFormula] = 10;
    a.wallet[LootId.TomeOfManaShield] = 5;
    buyResearch(ledger, a, profileById("battle"), 0);
    expect(a.skills[60]).toBe(4);
    expect(a.boosts[60]).toBeUndefined();
    expect(a.boosts[24]).toBeGreaterThan(0);
    expect(ledger.net(LootId.InfernoFormula)).toBe(-10);
  });
});
