import type { FastifyBaseLogger, FastifyInstance } from "fastify";
import { describe, expect, it, vi } from "vitest";
import type { Config } from "../../src/config";
import { type Part, STOP_PHASES, startParts, stopParts, whileSlow } from "../../src/lifecycle";
import { type PartsDeps, serverParts } from "../../src/server-parts";

const quiet = { error: () => undefined } as unknown as FastifyBaseLogger;

function recorder() {
  const seen: string[] = [];
  const part = (name: string, extra: Partial<Part> = {}): Part => ({
    name,
    start: () => seen.push(`start ${name}`),
    halt: () => seen.push(`halt ${name}`),
    ...extra,
  });
  return { seen, part };
}

describe("the server's lifecycle", () => {
  it("starts in list order, halts in reverse, then runs the stop steps phase by phase", async () => {
    const { seen, part } = recorder();
    const step = (phase: (typeof STOP_PHASES)[number], name: string) => ({
      phase,
      name,
      run: async () => {
        seen.push(name);
      },
    });
    const parts = [
      part("a", { steps: [step("close", "a closes"), step("save", "a saves")] }),
      part("b", { steps: [step("release", "b releases"), step("save", "b saves")] }),
      part("c", { steps: [step("disconnect", "c disconnects")] }),
    ];
    await startParts(parts, quiet);
    await stopParts(parts, quiet);
    expect(seen).toEqual([
      "start a",
      "start b",
      "start c",
      "halt c",
      "halt b",
      "halt a",
      "a saves",
      "b saves",
      "b releases",
      "c disconnects",
      "a closes",
    ]);
  });

  it("names a start-up step in the log while it has not finished, and stops once it has", async () => {
    vi.useFakeTimers();
    try {
      const warned: string[] = [];
      const log = {
        warn: (_: unknown, msg: string) => warned.push(msg),
      } as unknown as FastifyBaseLogger;
      let finish!: (v: number) => void;
      const done = whileSlow(
        log,
        "starting the bus",
        () => new Promise<number>((r) => (finish = r)),
        1000,
      );
      await vi.advanceTimersByTimeAsync(2500);
      expect(warned).toEqual([
        "start-up: still starting the bus",
        "start-up: still starting the bus",
      ]);
      finish(7);
      expect(await done).toBe(7);
      await vi.advanceTimersByTimeAsync(5000);
      expect(warned).toHaveLength(2);
      // A step that fails still stops its warnings, and its error reaches the caller.
      const failing = whileSlow(log, "x", () => Promise.reject(new Error("no redis")), 1000);
      await expect(failing).rejects.toThrow("no redis");
      await vi.advanceTimersByTimeAsync(5000);
      expect(warned).toHaveLength(2);
    } finally {
      vi.useRealTimers();
    }
  });

  it("begins every halt before awaiting any, and waits for all before the first step", async () => {
    const seen: string[] = [];
    let finish!: () => void;
    const slow = new Promise<void>((resolve) => {
      finish = resolve;
    });
    const parts: Part[] = [
      { name: "fast", halt: () => seen.push("halt fast") },
      {
        name: "slow",
        halt: async () => {
          seen.push("halt slow begun");
          await slow;
          seen.push("halt slow done");
        },
        steps: [{ phase: "save", name: "save", run: async () => seen.push("save") }],
      },
    ];
    const stopped = stopParts(parts, quiet);
    await Promise.resolve();
    expect(seen).toEqual(["halt slow begun", "halt fast"]);
    finish();
    await stopped;
    expect(seen).toEqual(["halt slow begun", "halt fast", "halt slow done", "save"]);
  });

  it("runs every halt and step when some fail, then rejects naming them", async () => {
    const seen: string[] = [];
    const parts: Part[] = [
      {
        name: "events",
        halt: async () => {
          throw new Error("boom");
        },
        steps: [
          {
            phase: "save",
            name: "saving players",
            run: async () => {
              throw new Error("database gone");
            },
          },
        ],
      },
      {
        name: "database",
        steps: [
          { phase: "close", name: "closing the database", run: async () => seen.push("closed") },
        ],
      },
    ];
    await expect(stopParts(parts, quiet)).rejects.toThrow(
      "shutdown incomplete: stopping events, saving players",
    );
    expect(seen).toEqual(["closed"]);
  });

  it("saves the players first, releases them before the bus closes, and closes the database last", () => {
    const config = { PORT: 0, HOST: "127.0.0.1", METRICS_PORT: 0, METRICS_HOST: "127.0.0.1" };
    const deps = new Proxy(
      { config: config as Config, app: {} as FastifyInstance, operator: {} as FastifyInstance },
      { get: (target, key) => (target as Record<string | symbol, unknown>)[key] ?? {} },
    ) as unknown as PartsDeps;
    const parts = serverParts(deps);
    const steps = STOP_PHASES.flatMap((phase) =>
      parts.flatMap((p) => (p.steps ?? []).filter((s) => s.phase === phase).map((s) => s.name)),
    );
    expect(steps).toEqual([
      "saving players",
      "saving chat",
      "finishing push notifications",
      "saving the activity log",
      "finishing world jobs",
      "releasing players",
      "closing redis",
      "closing sockets",
      "closing HTTP",
      "closing the metrics listener",
      "closing the rate limits' Redis",
      "closing the database",
    ]);
    const started = parts.filter((p) => p.start).map((p) => p.name);
    expect(started.slice(0, 2)).toEqual(["ownership", "bus"]);
    expect(started.at(-1)).toBe("store jobs");
    expect(started.indexOf("http")).toBeGreaterThan(started.indexOf("sockets"));
  });
});
