import { describe, expect, it } from "vitest";
import {
  autoSiphonDone,
  createRng,
  generateItem,
  type Item,
  siphon,
  siphonChance,
  siphonTarget,
} from "../../src/index";

function gear(id: number, seed: number): Item {
  return generateItem({ slot: 1 + (id % 8), rarity: 4, level: 10, id } as never, createRng(seed));
}

describe("Rift of Power siphon", () => {
  it("has the spec's chance: max(10, 100 - 10 x successes) percent", () => {
    expect([0, 1, 5, 9, 10, 11, 50].map(siphonChance)).toEqual([100, 90, 50, 10, 10, 10, 10]);
    expect(siphonChance(-3)).toBe(100);
  });

  it("aims at the lowest-quality equipped item an orb can still improve", () => {
    const items = [gear(1, 1), gear(2, 2), gear(3, 3)];
    const lowest = [...items].sort((a, b) => a.quality - b.quality)[0]!;
    expect(siphonTarget(items)?.id).toBe(lowest.id);
    const perfect = {
      ...lowest,
      rolls: Object.fromEntries(Object.keys(lowest.rolls).map((k) => [k, 1])),
    };
    const rest = items.filter((i) => i.id !== lowest.id);
    const next = [...rest].sort((a, b) => a.quality - b.quality)[0]!;
    expect(siphonTarget([perfect, ...rest])?.id).toBe(next.id);
    expect(siphonTarget([perfect])).toBeUndefined();
    expect(siphonTarget([])).toBeUndefined();
  });

  it("succeeds at the first try (100%) and keeps every roll at least as high", () => {
    const items = [gear(4, 4), gear(5, 5)];
    const out = siphon(items, 0, createRng(9));
    expect(out.success).toBe(true);
    expect(out.before?.id).toBe(siphonTarget(items)?.id);
    for (const [k, v] of Object.entries(out.before!.rolls)) {
      expect(out.after!.rolls[Number(k)]).toBeGreaterThanOrEqual(v);
    }
    expect(out.after!.quality).toBeGreaterThanOrEqual(out.before!.quality);
  });

  it("succeeds about as often as its chance after many successes", () => {
    const rng = createRng(77);
    let ok = 0;
    for (let i = 0; i < 20_000; i++) if (siphon([], 9, rng).success) ok++;
    expect(ok / 20_000).toBeGreaterThan(0.08);
    expect(ok / 20_000).toBeLessThan(0.12);
    expect(siphon([], 0, rng)).toEqual({ success: true }); // nothing equipped: a success, no item
  });

  it("auto siphon stops after its count of successes (0: never on its own)", () => {
    expect(autoSiphonDone(0, 50)).toBe(false);
    expect(autoSiphonDone(3, 2)).toBe(false);
    expect(autoSiphonDone(3, 3)).toBe(true);
  });
});
