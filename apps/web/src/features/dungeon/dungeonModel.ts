/**
 * The dungeon hub's view of the player (pure; unit-tested): idle progress and time left, the
 * unlocks left and their cap, the finished rule and the unlock prompt (spec 001 section 4,
 * spec 000 section 5), with the same rules the server applies.
 */
import {
  DungeonBoost,
  finishedQuote,
  idleFinished,
  idleTicksRequired,
  idleTimeLeftMs,
  queueMax,
  Size,
  showUnlockPrompt,
  unlockCap,
  unlocksLeft,
} from "@manaspire/game";
import type { PlayerState } from "@manaspire/protocol";

export interface IdleView {
  size: number;
  ticks: number;
  required: number;
  timeLeftMs: number;
  finished: boolean;
  /** The flavour quote shown when finished (spec). */
  quote: string | null;
  unlocked: number;
  completed: number;
  /** Unlocked dungeons not used yet. */
  left: number;
  queue: number;
  cap: number;
  /** Spec 000 section 5: the pet-themed prompt that wants more dust. */
  prompt: boolean;
}

type DungeonPlayer = Pick<
  PlayerState,
  | "boosts"
  | "hasQoL"
  | "dungeonIdleSize"
  | "dungeonIdleTicks"
  | "dungeonsCompleted"
  | "dungeonInProgress"
>;

const level = (boosts: Readonly<Record<number, number>>, id: number): number =>
  Math.max(0, Math.floor(boosts[id] ?? 0));

export function idleView(p: DungeonPlayer): IdleView {
  const unlocked = level(p.boosts, DungeonBoost.Unlocked);
  const progress = {
    idleSize: p.dungeonIdleSize,
    completed: p.dungeonsCompleted,
    inProgress: p.dungeonInProgress,
    unlocked,
  };
  const queue = queueMax(level(p.boosts, DungeonBoost.Queue), p.hasQoL);
  const cap = unlockCap(progress, queue);
  const required = idleTicksRequired(p.dungeonIdleSize, level(p.boosts, DungeonBoost.Idle));
  const finished = idleFinished(progress);
  return {
    size: p.dungeonIdleSize,
    ticks: p.dungeonIdleTicks,
    required,
    timeLeftMs: idleTimeLeftMs(p.dungeonIdleTicks, required),
    finished,
    quote: finished && p.dungeonIdleSize !== Size.None ? finishedQuote(p.dungeonsCompleted) : null,
    unlocked,
    completed: p.dungeonsCompleted,
    left: unlocksLeft(progress),
    queue,
    cap,
    prompt: showUnlockPrompt(progress, cap),
  };
}

/** "1h 05m", "4m 30s", "12s". */
export function durationText(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h}h ${String(m).padStart(2, "0")}m`;
  if (m > 0) return `${m}m ${String(sec).padStart(2, "0")}s`;
  return `${sec}s`;
}

/** Whether starting a dungeon of this size asks 'Are you sure?' first (spec 001 section 8). */
export function needsPerceptionWarning(size: number, boosts: Readonly<Record<number, number>>) {
  return size === Size.Large && level(boosts, DungeonBoost.Perception) === 0;
}
