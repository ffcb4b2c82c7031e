import { describe, expect, it } from "vitest";
import { actionSeed, createRng, reseedRng, seedFrom, stochasticRound } from "../src/index";

describe("createRng", () => {
  it("yields the same sequence for the same seed", () => {
    const a = createRng(12345);
    const b = createRng(12345);
    for (let i = 0; i < 1000; i++) expect(a.next()).toBe(b.next());
  });

  it("restarts a generator in place with the sequence of a new one (reseedRng)", () => {
    const reused = createRng(1);
    reused.next();
    for (const seed of [12345, 0, 2 ** 32 - 1, seedFrom(7, 9, 11)]) {
      expect(reseedRng(reused, seed)).toBe(reused);
      const fresh = createRng(seed);
      for (let i = 0; i < 100; i++) expect(reused.next()).toBe(fresh.next());
    }
    const foreign = { next: () => 0.5, int: () => 0, chance: () => false };
    const made = reseedRng(foreign, 3);
    expect(made).not.toBe(foreign);
    expect(made.next()).toBe(createRng(3).next());
  });

  it("yields different sequences for different seeds", () => {
    const a = createRng(1);
    const b = createRng(2);
    const xs = Array.from({ length: 10 }, () => a.next());
    const ys = Array.from({ length: 10 }, () => b.next());
    expect(xs).not.toEqual(ys);
  });

  it("is uniform enough in [0, 1)", () => {
    const r = createRng(99);
    const buckets = new Array<number>(10).fill(0);
    let sum = 0;
    let outside = 0;
    const n = 100_000;
    for (let i = 0; i < n; i++) {
      const x = r.next();
      if (!(x >= 0 && x < 1)) outside++;
      sum += x;
      buckets[Math.floor(x * 10)]! += 1;
    }
    expect(outside).toBe(0);
    expect(sum / n).toBeCloseTo(0.5, 2);
    for (const c of buckets) expect(Math.abs(c - n / 10)).toBeLessThan(n / 100);
  });

  it("int stays in range and chance respects p", () => {
    const r = createRng(7);
    const seen = new Set<number>();
    for (let i = 0; i < 1000; i++) {
      const v = r.int(5);
      expect(v).toBeGreaterThanOrEqual(0);
      expect(v).toBeLessThan(5);
      seen.add(v);
    }
    expect(seen.size).toBe(5);
    expect(r.int(1)).toBe(0);
    expect(r.int(0)).toBe(0);
    let hits = 0;
    for (let i = 0; i < 10_000; i++) if (r.chance(0.3)) hits++;
    expect(hits).toBeGreaterThan(2800);
    expect(hits).toBeLessThan(3200);
    expect(r.chance(0)).toBe(false);
    expect(r.chance(1)).toBe(true);
  });
});

describe("seedFrom", () => {
  it("is deterministic and 32-bit unsigned", () => {
    const s = seedFrom(42, 1000, 7);
    expect(s).toBe(seedFrom(42, 1000, 7));
    expect(Number.isInteger(s)).toBe(true);
    expect(s).toBeGreaterThanOrEqual(0);
    expect(s).toBeLessThan(2 ** 32);
  });

  it("distinguishes order, counters and large integers", () => {
    expect(seedFrom(1, 2)).not.toBe(seedFrom(2, 1));
    expect(seedFrom(1, 2, 3)).not.toBe(seedFrom(1, 2, 4));
    expect(seedFrom(5)).not.toBe(seedFrom(5 + 2 ** 32));
    const seen = new Set<number>();
    for (let i = 0; i < 10_000; i++) seen.add(seedFrom(77, i, 3));
    expect(seen.size).toBeGreaterThan(9990);
  });
});

describe("actionSeed", () => {
  it("is seedFrom of the same three parts", () => {
    const rng = createRng(5);
    const odd = [0, -1, 2 ** 31, 2 ** 32 + 7, 2 ** 53 - 1, -(2 ** 40), 1.5, Number.NaN];
    for (let i = 0; i < 2000; i++) {
      const pick = () => (rng.next() < 0.2 ? odd[rng.int(odd.length)]! : rng.int(2 ** 31));
      const [a, b, c] = [pick(), pick(), pick()];
      expect(actionSeed(a, b, c)).toBe(seedFrom(a, b, c));
    }
  });
});

describe("stochasticRound", () => {
  it("keeps integers and has the right expectation", () => {
    const r = createRng(3);
    expect(stochasticRound(4, r)).toBe(4);
    expect(stochasticRound(0, r)).toBe(0);
    expect(stochasticRound(-2, r)).toBe(0);
    let sum = 0;
    for (let i = 0; i < 20_000; i++) {
      const v = stochasticRound(2.25, r);
      expect(v === 2 || v === 3).toBe(true);
      sum += v;
    }
    expect(sum / 20_000).toBeCloseTo(2.25, 1);
  });
});
