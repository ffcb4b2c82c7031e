import { setImmediate as nextTurn } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { batchedRead, groupBy } from "../../src/db/batched-read";

/** A read that records the keys of each call and finds every key but 0. */
function recorded(maxBatchSize = 3) {
  const calls: number[][] = [];
  const read = batchedRead(
    async (keys: readonly number[]) => {
      calls.push([...keys]);
      return new Map(keys.filter((k) => k !== 0).map((k) => [k, { key: k }]));
    },
    () => ({ key: -1 }),
    maxBatchSize,
  );
  return { calls, read };
}

describe("batchedRead", () => {
  it("reads the keys asked for in one turn with one call, each key once", async () => {
    const { calls, read } = recorded(10);
    const [a, b, again, missing] = await Promise.all([read(1), read(2), read(1), read(0)]);
    expect(calls).toEqual([[1, 2, 0]]);
    expect([a, b, missing]).toEqual([{ key: 1 }, { key: 2 }, { key: -1 }]);
    expect(again).toBe(a); // asked twice in one turn: the same value
  });

  it("reads again in a later turn (nothing is cached) and splits past the batch size", async () => {
    const { calls, read } = recorded();
    await read(1);
    await nextTurn();
    await Promise.all([read(1), read(2), read(3), read(4)]);
    expect(calls).toEqual([[1], [1, 2, 3], [4]]);
  });

  it("rejects every caller of a batch whose read failed, and reads the next batch anew", async () => {
    let fail = true;
    const read = batchedRead(
      async (keys: readonly number[]) => {
        if (fail) throw new Error("database down");
        return new Map(keys.map((k) => [k, k * 10]));
      },
      () => 0,
    );
    const results = await Promise.allSettled([read(1), read(2)]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    fail = false;
    expect(await Promise.all([read(1), read(2)])).toEqual([10, 20]);
  });
});

describe("groupBy", () => {
  it("groups rows by key, each group in the rows' order", () => {
    const rows = [
      { p: 2, v: "a" },
      { p: 1, v: "b" },
      { p: 2, v: "c" },
    ];
    expect([...groupBy(rows, (r) => r.p)]).toEqual([
      [2, [rows[0], rows[2]]],
      [1, [rows[1]]],
    ]);
    expect(groupBy([], (r: { p: number }) => r.p).size).toBe(0);
  });
});
