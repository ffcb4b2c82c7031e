import { afterEach, describe, expect, it, vi } from "vitest";
import type { Bus, BusHandler, BusMessage } from "../../src/cluster/bus";
import { HANDOVER_SAVING_MS, HANDOVER_TIMEOUT_MS, Handover } from "../../src/cluster/handover";
import type { Sessions } from "../../src/socket/sessions";
import type { Ownership } from "../../src/world/ownership";
import type { PlayerStore } from "../../src/world/player-store";

/** The asking side of a hand-over over a bus whose owner answers when the test says. */
function asker() {
  let handler: BusHandler = () => {};
  const sent: BusMessage[] = [];
  const bus = {
    distributed: true,
    on: (h: BusHandler) => {
      handler = h;
    },
    send: async (_to: number, msg: BusMessage) => {
      sent.push(msg);
      return true;
    },
  } as unknown as Bus;
  const handover = new Handover(
    bus,
    {} as PlayerStore,
    {} as Sessions,
    { id: 1, leaseMs: 6000 } as unknown as Ownership,
  );
  return { handover, sent, hear: (msg: BusMessage) => handler(msg, 2) };
}

describe("waiting for a hand-over", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("an owner that does not answer is given up after the timeout", async () => {
    vi.useFakeTimers();
    const a = asker();
    const answer = a.handover.request(7, 2);
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS + 1);
    await expect(answer).resolves.toBe(false);
    expect(a.sent).toEqual([{ k: "release", playerId: 7, from: 1 }]);
  });

  it("an owner saving the player is waited for past the timeout, up to the saving wait", async () => {
    vi.useFakeTimers();
    const a = asker();
    let settled: boolean | undefined;
    void a.handover.request(7, 2).then((v) => {
      settled = v;
    });
    await vi.advanceTimersByTimeAsync(1000);
    a.hear({ k: "releasing", playerId: 7 });
    await vi.advanceTimersByTimeAsync(HANDOVER_TIMEOUT_MS * 2);
    expect(settled).toBeUndefined();
    a.hear({ k: "released", playerId: 7 });
    await vi.advanceTimersByTimeAsync(0);
    expect(settled).toBe(true);

    // Saving for ever: given up once the saving wait is over.
    let second: boolean | undefined;
    void a.handover.request(8, 2).then((v) => {
      second = v;
    });
    a.hear({ k: "releasing", playerId: 8 });
    await vi.advanceTimersByTimeAsync(HANDOVER_SAVING_MS - 10);
    expect(second).toBeUndefined();
    await vi.advanceTimersByTimeAsync(20);
    expect(second).toBe(false);
  });
});
