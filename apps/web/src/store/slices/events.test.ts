import { describe, expect, it } from "vitest";
import { initialEvents, reduceEvents } from "./events";

const state = {
  eventType: 1 as const,
  eventTicks: 5,
  joined: true,
  queue: 0,
  nextMainEventAt: 0,
  started: true,
  phaseEndsAt: 20_000,
  serverTime: 10_000,
  tickMs: 3000,
  siphoning: true,
  successCount: 0,
};

describe("events slice", () => {
  it("keeps the server's clock offset, the siphons of this rift and the success count", () => {
    let s = reduceEvents(initialEvents, { type: "eventState", data: state }, 9000);
    expect(s.state?.offsetMs).toBe(1000);
    s = reduceEvents(
      s,
      { type: "riftOfPowerResult", data: { success: true, successCount: 1, oldBoosts: {} } },
      9500,
    );
    expect(s.siphons).toHaveLength(1);
    expect(s.state?.successCount).toBe(1);
    // Another event (here: none) forgets the last one's siphons.
    s = reduceEvents(s, { type: "eventState", data: { ...state, eventType: 0 } }, 9600);
    expect(s.siphons).toEqual([]);
    const same = reduceEvents(s, { type: "pong", data: { serverTime: 1 } });
    expect(same).toBe(s);
  });
});
