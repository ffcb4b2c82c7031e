import { hasMarket, LootId, maxActions, researchById } from "@manaspire/game";
import { describe, expect, it } from "vitest";
import { assignProfiles, PROFILES, runWorld } from "../src";

/** A small world: every profile, a few days. */
const SMALL = { accounts: 21, days: 3, seed: 5, guildSize: 4 };

function fingerprint(w: ReturnType<typeof runWorld>): string {
  return JSON.stringify({
    accounts: w.accounts,
    supply: w.supply.map((m) => [...m].sort((a, b) => a[0] - b[0])),
    market: w.market.days.map((d) => [...(d ?? [])]),
    guilds: w.guilds,
  });
}

describe("runWorld", () => {
  it("gives the same world for the same seed and another for another seed", () => {
    const a = fingerprint(runWorld(SMALL));
    expect(fingerprint(runWorld(SMALL))).toBe(a);
    expect(fingerprint(runWorld({ ...SMALL, seed: 6 }))).not.toBe(a);
  });

  it("accounts every unit created or destroyed to a named source or sink", () => {
    const w = runWorld(SMALL);
    const ids = new Set<number>(w.ledger.lootIds());
    for (const m of w.supply) for (const id of m.keys()) ids.add(id);
    expect(ids.has(LootId.ManaDust)).toBe(true);
    for (let day = 0; day < SMALL.days; day++) {
      for (const id of ids) {
        // Held by accounts, guild funds and the market's escrow = sources − sinks so far.
        expect(w.supply[day]!.get(id) ?? 0, `loot ${id} day ${day + 1}`).toBe(
          w.ledger.net(id, day),
        );
      }
      for (const flows of w.ledger.byLoot(day).values()) {
        for (const name of flows.keys()) expect(name).toMatch(/^[a-z]/);
      }
    }
    // Trades happened (moves, not flows) and taxes reached the guilds' funds.
    expect(w.market.days.some((d) => [...(d?.values() ?? [])].some((t) => t.volume > 0))).toBe(
      true,
    );
    expect(
      w.guilds.some(
        (g) => (g.funds[LootId.ManaDust] ?? 0) > 0 || Object.keys(g.upgrades).length > 0,
      ),
    ).toBe(true);
  });

  it("resolves every action with sample 0 and scales the load from a sample otherwise", () => {
    const exact = runWorld({ ...SMALL, accounts: 3, days: 1, sample: 0, profile: "casual" });
    const sampled = runWorld({ ...SMALL, accounts: 3, days: 1, sample: 20, profile: "casual" });
    for (const w of [exact, sampled]) {
      for (const a of w.accounts) expect(a.kills + a.deaths).toBe(2000);
    }
    // Same order of magnitude of experience either way.
    const xp = (w: typeof exact) => w.accounts.reduce((s, a) => s + a.battleXp, 0);
    expect(xp(sampled) / xp(exact)).toBeGreaterThan(0.7);
    expect(xp(sampled) / xp(exact)).toBeLessThan(1.3);
  });

  it("never takes more actions a day than fit at one every 3 seconds, however high max actions", () => {
    const days = 25;
    const w = runWorld({ accounts: 1, days, seed: 2, sample: 10, profile: "battle" });
    const a = w.accounts[0]!;
    // Codex research on Actions raised the max far above a tenth of a day's 28,800 actions…
    expect(maxActions(a.boosts)).toBeGreaterThan(2_880);
    // …yet 10 loads a day never take more than the day holds.
    expect(a.kills + a.deaths).toBeLessThanOrEqual(days * 28_800);
  });

  it("refuses a world without accounts or days", () => {
    expect(() => runWorld({ accounts: 0 })).toThrow(
      "accounts must be a whole number of at least 1",
    );
    expect(() => runWorld({ days: 1.5 })).toThrow("days must be a whole number of at least 1");
  });
});

describe("profiles", () => {
  it("splits the world by share", () => {
    const ids = assignProfiles(1000);
    expect(ids).toHaveLength(1000);
    for (const p of PROFILES) {
      expect(ids.filter((x) => x === p.id).length).toBe(Math.round(p.share * 1000));
    }
    expect(new Set(assignProfiles(20))).toEqual(new Set(PROFILES.map((p) => p.id)));
  });

  it("research only what the catalogue has, and trade only what has a market", () => {
    expect(PROFILES.reduce((s, p) => s + p.share, 0)).toBeCloseTo(1);
    for (const p of PROFILES) {
      for (const id of p.research) expect(researchById(id), `${p.id} research ${id}`).toBeDefined();
      for (const id of [...p.sells, ...p.buys])
        expect(hasMarket(id), `${p.id} trades ${id}`).toBe(true);
    }
  });
});
