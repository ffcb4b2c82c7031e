import type { FastifyBaseLogger } from "fastify";

/**
 * How the server starts and stops, declared once as a list of parts (server-parts.ts builds
 * it). Start runs each part's `start` in list order. Stop runs in two movements:
 *
 * 1. **halt**: every part's `halt`, begun in reverse list order before any is awaited, then all
 *    awaited: timers and loops stop taking new work, the start-up load stops between batches,
 *    sockets are told the server restarts.
 * 2. **steps**, phase by phase in `STOP_PHASES` order, each phase in list order: `save` (the
 *    players first, then what features hold in memory), `release` (the players' ownership, then
 *    the cluster bus: other processes hear of the release at once), `disconnect` (sockets,
 *    HTTP, the operator's listener) and `close` (the connections left, the database last).
 *
 * Every halt and step runs even when one before it failed (a database that went away must not
 * keep the sockets open, a socket that hangs must not keep players unsaved); stop then rejects
 * naming what failed.
 */
export const STOP_PHASES = ["save", "release", "disconnect", "close"] as const;
export type StopPhase = (typeof STOP_PHASES)[number];

export interface StopStep {
  phase: StopPhase;
  /** What it does, for the log ("saving chat"). */
  name: string;
  run: () => Promise<unknown>;
}

export interface Part {
  name: string;
  start?: () => unknown;
  /** Stops taking new work; may return a promise stop waits for before the first phase. */
  halt?: () => unknown;
  steps?: readonly StopStep[];
}

/** How often a start-up step that has not finished is named in the log. */
export const SLOW_START_WARN_MS = 10_000;

/**
 * Runs one start-up step, warning every `everyMs` while it has not finished: a start that
 * hangs (a lock another process holds, a Redis that does not answer) names its step in the
 * log instead of a silent process that never listens.
 */
export async function whileSlow<T>(
  log: FastifyBaseLogger,
  what: string,
  run: () => T | Promise<T>,
  everyMs = SLOW_START_WARN_MS,
): Promise<T> {
  const started = Date.now();
  const timer = setInterval(
    () => log.warn({ step: what, ms: Date.now() - started }, `start-up: still ${what}`),
    everyMs,
  );
  timer.unref();
  try {
    return await run();
  } finally {
    clearInterval(timer);
  }
}

export async function startParts(parts: readonly Part[], log: FastifyBaseLogger): Promise<void> {
  for (const part of parts) {
    if (part.start) await whileSlow(log, `starting ${part.name}`, part.start);
  }
}

export async function stopParts(parts: readonly Part[], log: FastifyBaseLogger): Promise<void> {
  const problems: string[] = [];
  const halts = [...parts].reverse().map(async (part) => {
    try {
      await part.halt?.();
    } catch (err) {
      log.error({ err }, `shutdown: stopping ${part.name} failed`);
      problems.push(`stopping ${part.name}`);
    }
  });
  await Promise.all(halts);
  for (const phase of STOP_PHASES) {
    for (const part of parts) {
      for (const step of part.steps ?? []) {
        if (step.phase !== phase) continue;
        try {
          await step.run();
        } catch (err) {
          log.error({ err }, `shutdown: ${step.name} failed`);
          problems.push(step.name);
        }
      }
    }
  }
  if (problems.length > 0) throw new Error(`shutdown incomplete: ${problems.join(", ")}`);
}
