import { describe, expect, it } from "vitest";
import { addDrop, createRng, DropList } from "../src/index";

describe("DropList", () => {
  it("holds what addDrop puts in a map: ids ascending, amounts summed, nothing else", () => {
    const rng = createRng(3);
    const list = new DropList();
    for (let round = 0; round < 200; round++) {
      list.clear();
      const map: Record<number, number> = {};
      for (let k = rng.int(8); k > 0; k--) {
        const id = 1 + rng.int(60);
        const amount = rng.next() < 0.2 ? [0, -3, Number.NaN][rng.int(3)]! : rng.next() * 50;
        list.add(id, amount);
        addDrop(map, id, amount);
      }
      expect(list.toRecord()).toEqual(map);
      const ids = Array.from({ length: list.size }, (_, i) => list.id(i));
      expect(ids).toEqual(Object.keys(map).map(Number));
      expect(ids.map((_, i) => list.amount(i))).toEqual(Object.values(map));
    }
  });

  it("is empty after clear, and keeps no stale entry beyond its size", () => {
    const list = new DropList();
    list.add(9, 1);
    list.add(2, 5);
    list.add(7, 1);
    list.clear();
    list.add(4, 2);
    expect(list.size).toBe(1);
    expect(list.toRecord()).toEqual({ 4: 2 });
  });
});
