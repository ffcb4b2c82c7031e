import { describe, expect, it } from "vitest";
import {
  buffViews,
  contribution,
  eventBanner,
  mainEventView,
  offersRiftJoin,
  PLAYERS_PER_PAGE,
  pageOf,
  sortPlayers,
  ticksLeft,
  untilText,
} from "./eventModel";

const base = {
  eventType: 2 as const,
  eventTicks: 10,
  joined: false,
  queue: 3,
  nextMainEventAt: 0,
  started: false,
  phaseEndsAt: 31_000,
  serverTime: 1000,
  tickMs: 3000,
  siphoning: false,
  successCount: 0,
  offsetMs: 0,
};

describe("event model", () => {
  it("counts the phase's ticks down from the server's clock", () => {
    expect(ticksLeft(base, 1000)).toBe(10);
    expect(ticksLeft(base, 4000)).toBe(9);
    expect(ticksLeft({ ...base, offsetMs: 3000 }, 1000)).toBe(9);
    expect(ticksLeft(base, 40_000)).toBe(0);
    expect(ticksLeft(null, 0)).toBe(0);
  });

  it("writes the banner for the queue, a running rift and a Rift of Power", () => {
    expect(eventBanner(base, 1000)).toBe("Elemental Rift starting in 10 ticks");
    expect(eventBanner({ ...base, started: true, phaseEndsAt: 4000 }, 1000)).toBe(
      "Elemental Rift: 1 tick left",
    );
    expect(eventBanner({ ...base, eventType: 1, started: true }, 1000)).toBe(
      "Rift of Power: 10 ticks left",
    );
    expect(eventBanner({ ...base, eventType: 0 }, 1000)).toBeNull();
  });

  it("shows the event on the main view only when joined and not queued", () => {
    expect(mainEventView(base)).toBeNull();
    expect(mainEventView({ ...base, joined: true })).toBeNull(); // queued
    expect(mainEventView({ ...base, joined: true, started: true })).toBe("rift");
    const power = { ...base, eventType: 1 as const, joined: true, started: true };
    expect(mainEventView(power)).toBeNull(); // joined, not siphoning: battle as usual
    expect(mainEventView({ ...power, siphoning: true })).toBe("siphon");
  });

  it("sorts the player table by damage and pages it by 50", () => {
    const rows = Array.from({ length: 120 }, (_, i) => ({
      name: `P${i}`,
      actionType: 1 as const,
      actions: i,
      totalDamage: (i * 37) % 101,
      totalResources: 0,
    }));
    const sorted = sortPlayers(rows);
    for (let i = 1; i < sorted.length; i++) {
      expect(sorted[i - 1]!.totalDamage).toBeGreaterThanOrEqual(sorted[i]!.totalDamage);
    }
    expect(PLAYERS_PER_PAGE).toBe(50);
    expect(pageOf(sorted, 0).rows).toHaveLength(50);
    expect(pageOf(sorted, 2)).toMatchObject({ pages: 3 });
    expect(pageOf(sorted, 2).rows).toHaveLength(20);
    expect(pageOf(sorted, 9).rows[0]).toBe(sorted[100]);
    expect(sortPlayers(rows, "name", false)[0]!.name).toBe("P0");
  });

  it("shows each buff's level, effect and progress to the next", () => {
    const [iron, fish, wood] = buffViews({ iron: 4500, fish: 0, wood: 1000 });
    expect(iron).toMatchObject({ level: 2, next: 9000, effect: "+10% damage to the boss" });
    expect(iron!.progress).toBeCloseTo(0.1);
    expect(fish).toMatchObject({ level: 0, next: 1000, progress: 0 });
    expect(wood).toMatchObject({ level: 1, effect: "+5% Event Points" });
  });

  it("tells the contribution and the time to the next event", () => {
    expect(contribution({ actionType: 1, playerDamage: 0, resources: 0, totalDamage: 0 })).toBe(
      "You have not contributed yet.",
    );
    expect(
      contribution({ actionType: 1, playerDamage: 250, resources: 0, totalDamage: 1000 }),
    ).toBe("Your contribution: 250 damage (25.0% of all).");
    expect(untilText(3_600_000 * 2 + 60_000 * 15, 0)).toBe("in 2 h 15 min");
    expect(untilText(45_000, 0)).toBe("in 45 s");
    expect(untilText(0, 5)).toBe("now");
  });
});

describe("offersRiftJoin", () => {
  const running = { ...base, started: true, phaseEndsAt: 5_000 };
  it("offers the running rift to a player not in it", () => {
    expect(offersRiftJoin(running)).toBe(true);
    expect(offersRiftJoin({ ...running, joined: true })).toBe(false);
  });
  it("does not offer a rift that ended and is being paid (no phase end)", () => {
    expect(offersRiftJoin({ ...running, phaseEndsAt: 0 })).toBe(false);
    expect(offersRiftJoin(null)).toBe(false);
  });
});
