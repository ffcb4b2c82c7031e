import { describe, expect, it } from "vitest";
import { SerialByKey } from "../../src/services/serial-by-key";

/** A promise and its resolve, to hold work until the test lets it go. */
function gate(): { open: () => void; wait: Promise<void> } {
  let open = () => {};
  const wait = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, wait };
}

describe("SerialByKey", () => {
  it("runs one key's work one after another, other keys beside it", async () => {
    const q = new SerialByKey<number>();
    const log: string[] = [];
    const first = gate();
    const a = q.run(1, async () => {
      log.push("a start");
      await first.wait;
      log.push("a end");
    });
    const b = q.run(1, async () => {
      log.push("b");
    });
    const c = q.run(2, async () => {
      log.push("c");
    });
    await c;
    expect(log).toEqual(["a start", "c"]);
    first.open();
    await Promise.all([a, b]);
    expect(log).toEqual(["a start", "c", "a end", "b"]);
    expect(q.size).toBe(0);
  });

  it("a failed work gives its caller the error and the next work still runs", async () => {
    const q = new SerialByKey<string>();
    const failed = q.run("k", async () => {
      throw new Error("boom");
    });
    const next = q.run("k", async () => 7);
    await expect(failed).rejects.toThrow("boom");
    await expect(next).resolves.toBe(7);
  });

  it("coalesce joins work that has not started, never work under way", async () => {
    const q = new SerialByKey<number>();
    let runs = 0;
    const held = gate();
    const running = q.coalesce(1, async () => {
      runs++;
      await held.wait;
    });
    await Promise.resolve();
    await Promise.resolve();
    expect(runs).toBe(1);
    // The first is under way: a new request queues one more run, and later requests join it.
    const queued = [1, 2, 3].map(() =>
      q.coalesce(1, async () => {
        runs++;
      }),
    );
    expect(queued[1]).toBe(queued[0]);
    expect(queued[2]).toBe(queued[0]);
    held.open();
    await Promise.all([running, ...queued]);
    expect(runs).toBe(2);
  });
});
