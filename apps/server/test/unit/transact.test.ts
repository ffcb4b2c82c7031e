import { describe, expect, it } from "vitest";
import type { Runner } from "../../src/db/runner";
import { type Credit, CreditKind } from "../../src/world/credits";
import { type MoveStore, transact } from "../../src/world/transact";
import { benchPlayer } from "../support/world-fixtures";

/** The one way to move value (world/transact.ts), against a store that records what it did. */

/** `rows`: what the database returns to a statement (one new credit id by default). */
function fakeStore(fail = false, rows?: () => Array<Record<string, number>>) {
  const seen: string[] = [];
  let nextId = 100;
  const tx = {
    execute: async () => ({ rows: rows ? rows() : [{ id: nextId++ }] }),
  } as unknown as Runner;
  const run = async <R>(work: (tx: Runner) => Promise<R>) => {
    seen.push("transaction");
    const value = await work(tx);
    if (fail) throw new Error("commit failed");
    seen.push("commit");
    return { value };
  };
  const store: MoveStore = {
    exclusive: async (fn) => {
      seen.push("exclusive");
      return fn();
    },
    commit: (_players, work) => run(work),
    commitAlone: async (_players, work, hooks) => {
      seen.push("claim");
      hooks.prepare?.();
      let result: Awaited<ReturnType<typeof run<unknown>>>;
      try {
        result = await run(work);
      } catch (err) {
        hooks.undo?.();
        throw err;
      }
      hooks.committed?.(result.value as never);
      return result as never;
    },
    deliverCredit: (credit: Credit) => seen.push(`deliver ${credit.id} to ${credit.playerId}`),
  };
  return { store, seen };
}

const note = (playerId: number) => ({
  playerId,
  kind: CreditKind.Loot,
  loot: { 1: 5 },
  itemId: null,
  note: "",
});

describe("transact", () => {
  for (const order of ["serial", "alone"] as const) {
    it(`${order}: takes, commits, then runs committed and delivers what work recorded`, async () => {
      const { store, seen } = fakeStore();
      const p = benchPlayer(1, { gear: false });
      const value = await transact(store, {
        players: [p],
        order,
        ...(order === "serial" ? { check: () => void seen.push("check") } : {}),
        take: () => {
          expect(p.busy).toBe(1); // pinned while it runs
          seen.push("take");
        },
        undo: () => seen.push("undo"),
        work: async (_tx, credit) => {
          await credit(note(2));
          await credit(note(3));
          return "done";
        },
        committed: (v) => seen.push(`committed ${v}`),
      });
      expect(value).toBe("done");
      expect(p.busy).toBe(0);
      const start = order === "serial" ? ["exclusive", "check", "take"] : ["claim", "take"];
      expect(seen).toEqual([
        ...start,
        "transaction",
        "commit",
        "committed done",
        "deliver 100 to 2",
        "deliver 101 to 3",
      ]);
    });

    it(`${order}: a failed transaction undoes the take and delivers nothing`, async () => {
      const { store, seen } = fakeStore(true);
      const p = benchPlayer(1, { gear: false });
      await expect(
        transact(store, {
          players: [p],
          order,
          take: () => void seen.push("take"),
          undo: () => void seen.push("undo"),
          work: async (_tx, credit) => {
            await credit(note(2));
          },
          committed: () => void seen.push("committed"),
        }),
      ).rejects.toThrow("commit failed");
      expect(seen.filter((s) => s !== "exclusive" && s !== "claim")).toEqual([
        "take",
        "transaction",
        "undo",
      ]);
      expect(p.busy).toBe(0);
    });
  }

  it("a refusal in check or take changes nothing and runs no transaction", async () => {
    const { store, seen } = fakeStore();
    const p = benchPlayer(1, { gear: false });
    const refuse = () => {
      throw new Error("You only have 3 Iron.");
    };
    await expect(
      transact(store, { players: [p], check: refuse, work: async () => seen.push("work") }),
    ).rejects.toThrow("3 Iron");
    await expect(
      transact(store, {
        players: [p],
        order: "alone",
        take: refuse,
        undo: () => seen.push("undo"),
        work: async () => seen.push("work"),
      }),
    ).rejects.toThrow("3 Iron");
    expect(seen).toEqual(["exclusive", "claim"]);
    expect(p.busy).toBe(0);
  });

  it("refuses a check on an alone move rather than skipping it", async () => {
    const { store, seen } = fakeStore();
    const p = benchPlayer(1, { gear: false });
    await expect(
      transact(store, {
        players: [p],
        order: "alone",
        check: () => undefined,
        work: async () => seen.push("work"),
      }),
    ).rejects.toThrow("checks in take");
    expect(seen).toEqual([]);
    expect(p.busy).toBe(0);
  });

  it("credit.many records many credits in one statement and delivers each after the commit", async () => {
    const { store, seen } = fakeStore(false, () => [
      { id: 7, player_id: 3 },
      { id: 5, player_id: 2 },
      { id: 6, player_id: 2 },
    ]);
    const made = await transact(store, {
      players: [],
      order: "alone",
      work: async (_tx, credit) => {
        const list = await credit.many([note(2), note(3), note(2)]);
        seen.push(`recorded ${list.map((c) => `${c.id}:${c.playerId}`).join(" ")}`);
        return list.length;
      },
    });
    expect(made).toBe(3);
    expect(seen).toEqual([
      "claim",
      "transaction",
      "recorded 5:2 7:3 6:2",
      "commit",
      "deliver 5 to 2",
      "deliver 7 to 3",
      "deliver 6 to 2",
    ]);
  });
});
