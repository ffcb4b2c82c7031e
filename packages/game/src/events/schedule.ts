/**
 * When the world's timed events happen (spec 000 section 9: Elemental Rift every 3.5 hours,
 * lasting 10 minutes after a 5-minute queue; Rift of Power every 3-6 hours for 10 minutes).
 * Pure: the server's once-per-world scheduler asks these for the next rows it writes.
 */
import { createRng, seedFrom } from "../rng";

/** The spec's figures (ms); the server reads its own from the environment. */
export const ELEMENTAL_RIFT_EVERY_MS = 3.5 * 3600_000;
export const ELEMENTAL_RIFT_QUEUE_MS = 5 * 60_000;
export const EVENT_DURATION_MS = 10 * 60_000;
export const RIFT_OF_POWER_MIN_MS = 3 * 3600_000;
export const RIFT_OF_POWER_MAX_MS = 6 * 3600_000;
/**
 * A Rift of Power pushed out of an Elemental Rift's window opens a queue's length after the
 * rift ends (at least this long), so the rift's results have their moment.
 */
export const EVENT_GAP_MIN_MS = 1000;
/** A Rift of Power that cannot find a free window in this many moves is skipped (bad settings). */
const MAX_MOVES = 50;

export interface EventTiming {
  elementalRiftEveryMs: number;
  elementalRiftQueueMs: number;
  durationMs: number;
  riftOfPowerMinMs: number;
  riftOfPowerMaxMs: number;
}

export const SPEC_TIMING: Readonly<EventTiming> = {
  elementalRiftEveryMs: ELEMENTAL_RIFT_EVERY_MS,
  elementalRiftQueueMs: ELEMENTAL_RIFT_QUEUE_MS,
  durationMs: EVENT_DURATION_MS,
  riftOfPowerMinMs: RIFT_OF_POWER_MIN_MS,
  riftOfPowerMaxMs: RIFT_OF_POWER_MAX_MS,
};

/** An event's times (ms since 1970): queue opens, event starts, event ends. */
export interface EventWindow {
  queueAt: number;
  startsAt: number;
  endsAt: number;
}

/**
 * The Elemental Rift after one whose queue opened at `previousQueueAt` (none: the world's
 * first, one period after `now`). The schedule keeps its rhythm: a late run of the scheduler
 * does not move later rifts, but a rift whose queue would open in the past is skipped.
 */
export function nextElementalRift(
  t: EventTiming,
  now: number,
  previousQueueAt: number | undefined,
): EventWindow {
  let queueAt = previousQueueAt === undefined ? now + t.elementalRiftEveryMs : previousQueueAt;
  if (previousQueueAt !== undefined) {
    queueAt += t.elementalRiftEveryMs;
    if (queueAt < now) {
      const behind = Math.ceil((now - queueAt) / t.elementalRiftEveryMs);
      queueAt += behind * t.elementalRiftEveryMs;
    }
  }
  const startsAt = queueAt + t.elementalRiftQueueMs;
  return { queueAt, startsAt, endsAt: startsAt + t.durationMs };
}

/** The Elemental Rift windows the schedule holds from `firstQueueAt` on, as long as asked. */
function elementalWindowAt(t: EventTiming, firstQueueAt: number, k: number): EventWindow {
  const queueAt = firstQueueAt + k * t.elementalRiftEveryMs;
  const startsAt = queueAt + t.elementalRiftQueueMs;
  return { queueAt, startsAt, endsAt: startsAt + t.durationMs };
}

/**
 * The Rift of Power after one that started at `previousStartsAt` (none: the world's first,
 * counted from `now`): a seeded random delay in [min, max] (seed: the world's seed and the
 * rift's number, so every process and every rerun agree), moved past any Elemental Rift window
 * it would overlap (`elementalQueueAt`: the queue time of an Elemental Rift of the schedule,
 * the others follow every period). Undefined when no free window exists (a period shorter than
 * a rift).
 */
export function nextRiftOfPower(
  t: EventTiming,
  now: number,
  previousStartsAt: number | undefined,
  elementalQueueAt: number,
  worldSeed: number,
  riftNumber: number,
): EventWindow | undefined {
  const rng = createRng(seedFrom(worldSeed, riftNumber, 0x5eed));
  const span = Math.max(0, t.riftOfPowerMaxMs - t.riftOfPowerMinMs);
  const delay = t.riftOfPowerMinMs + Math.floor(rng.next() * (span + 1));
  let startsAt = Math.max(now, (previousStartsAt ?? now) + delay);
  for (let moves = 0; moves < MAX_MOVES; moves++) {
    const endsAt = startsAt + t.durationMs;
    const clash = overlappingElemental(t, elementalQueueAt, startsAt, endsAt);
    if (!clash) return { queueAt: startsAt, startsAt, endsAt };
    startsAt = clash.endsAt + Math.max(EVENT_GAP_MIN_MS, t.elementalRiftQueueMs);
  }
  return undefined;
}

/** The Elemental Rift window of the schedule that overlaps [from, to), if any. */
export function overlappingElemental(
  t: EventTiming,
  anyQueueAt: number,
  from: number,
  to: number,
): EventWindow | undefined {
  const every = t.elementalRiftEveryMs;
  if (!(every > 0)) return undefined;
  // The rifts whose window could reach [from, to): the one that opened last before `from`
  // and the ones opening before `to`.
  const length = t.elementalRiftQueueMs + t.durationMs;
  let k = Math.floor((from - length - anyQueueAt) / every);
  for (; ; k++) {
    const w = elementalWindowAt(t, anyQueueAt, k);
    if (w.queueAt >= to) return undefined;
    if (w.endsAt > from) return w;
  }
}

/** Whole ticks left until `at` (rounded up; 0 when it passed). */
export function ticksUntil(at: number, now: number, tickMs: number): number {
  return at <= now ? 0 : Math.ceil((at - now) / Math.max(1, tickMs));
}
