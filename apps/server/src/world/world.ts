import { ActionType, createRng, isGatherAction, seedFrom } from "@manaspire/game";
import type { FastifyBaseLogger } from "fastify";
import type { Sessions } from "../socket/sessions";
import { type ActionReport, battleAction } from "./battle-action";
import { gatherAction } from "./gather-action";
import type { ItemDrops } from "./item-drops";
import type { LoadedPlayer } from "./loaded-player";
import { BATTLE_ACTION_COLUMNS, GATHER_ACTION_COLUMNS, markDirty } from "./player-columns";
import type { PlayerStore } from "./player-store";

/** Online and Active counts are broadcast every this many ticks. */
const COUNTS_EVERY_TICKS = 5;
/** After a player connects or leaves, counts go out within this delay (bursts coalesce). */
export const COUNTS_PRESENCE_DELAY_MS = 250;

/** A skill level gained by an action. */
export interface LevelUp {
  skill: string;
  level: number;
}

export interface TickStats {
  acted: number;
  /** From the first player to the last, yields between slices included. */
  durationMs: number;
  /** The longest stretch the tick held the event loop. */
  longestSliceMs: number;
  /** How late the tick started after its scheduled time. */
  lateMs: number;
}

/**
 * A tick holds the event loop for at most about this long at a time, then lets sockets,
 * handlers and saves run before it goes on with the next players (issue 16: no stall over
 * 50 ms with 100,000 players loaded).
 */
export const TICK_SLICE_MS = 8;
/** Players acted between two looks at the clock. */
const CLOCK_EVERY = 64;

/**
 * The authoritative world loop: every tick, each loaded player with an action type and
 * actions left acts once, online or not (it is an idle game), and watchers get the result.
 */
export class World {
  private timer: NodeJS.Timeout | undefined;
  private slice: NodeJS.Immediate | undefined;
  private countsTimer: NodeJS.Timeout | undefined;
  private nextAt = 0;
  tickCount = 0;
  active = 0;
  lastTick: TickStats = { acted: 0, durationMs: 0, longestSliceMs: 0, lateMs: 0 };

  constructor(
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    private readonly opts: {
      tickMs: number;
      worldSeed: number;
      log?: FastifyBaseLogger;
      /** Every level-up, watched or not (the activity log records them). Must stay cheap. */
      onLevelUp?: (p: LoadedPlayer, levelUp: LevelUp, now: number) => void;
      /** Applies item drops (without it, dropped items are ignored). */
      drops?: ItemDrops;
      /** Multiplies every item drop chance (the ITEM_DROP_RATE setting); 1 when missing. */
      itemDropRate?: number;
      /** After every tick (metrics). */
      onTick?: (stats: TickStats) => void;
      /** The other processes' Online and Active counts (several processes; none by default). */
      otherCounts?: () => { online: number; active: number };
    },
  ) {
    sessions.onPresence(() => this.countsChanged());
  }

  start(): void {
    if (this.timer) return;
    this.nextAt = Date.now() + this.opts.tickMs;
    this.schedule();
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.slice) clearImmediate(this.slice);
    this.slice = undefined;
    clearTimeout(this.countsTimer);
    this.countsTimer = undefined;
  }

  get running(): boolean {
    return this.timer !== undefined;
  }

  private schedule(): void {
    // Aim at fixed instants so ticks do not drift by the time each one takes.
    const delay = Math.max(0, this.nextAt - Date.now());
    this.timer = setTimeout(() => {
      const scheduledAt = this.nextAt;
      this.nextAt += this.opts.tickMs;
      this.runSliced(scheduledAt);
    }, delay);
  }

  /**
   * One scheduled tick, in slices of about {@link TICK_SLICE_MS}: the players loaded when it
   * starts act in order, watched ones first; one evicted or handed over meanwhile is skipped. Each action is whole
   * within a slice, so a save between slices sees every player before or after its action.
   */
  private runSliced(scheduledAt: number): void {
    // Players someone watches act first: their frames leave early in the tick, and the idle
    // world's share of it delays nobody's screen.
    const players: LoadedPlayer[] = [];
    const unwatched: LoadedPlayer[] = [];
    for (const p of this.store.loaded.values()) {
      (this.sessions.has(p.id) ? players : unwatched).push(p);
    }
    for (const p of unwatched) players.push(p);
    const started = performance.now();
    const lateMs = Math.max(0, Date.now() - scheduledAt);
    let index = 0;
    let acted = 0;
    let longest = 0;
    const step = () => {
      this.slice = undefined;
      if (!this.timer) return; // stopped
      const sliceStart = performance.now();
      const now = Date.now();
      try {
        while (index < players.length) {
          const p = players[index++] as LoadedPlayer;
          if (this.store.loaded.get(p.id) === p && acts(p)) {
            this.act(p, now, scheduledAt);
            acted++;
          }
          if (index % CLOCK_EVERY === 0 && performance.now() - sliceStart >= TICK_SLICE_MS) break;
        }
      } catch (err) {
        this.opts.log?.error({ err }, "world tick failed");
      }
      longest = Math.max(longest, performance.now() - sliceStart);
      if (index < players.length) {
        this.slice = setImmediate(step);
        return;
      }
      this.finish({
        acted,
        durationMs: performance.now() - started,
        longestSliceMs: longest,
        lateMs,
      });
      if (this.timer) this.schedule();
    };
    step();
  }

  /** Runs one whole tick now, without yielding (tests and benchmarks). */
  tick(now = Date.now()): TickStats {
    const started = performance.now();
    let acted = 0;
    for (const p of this.store.loaded.values()) {
      if (!acts(p)) continue;
      this.act(p, now, now);
      acted++;
    }
    const durationMs = performance.now() - started;
    return this.finish({ acted, durationMs, longestSliceMs: durationMs, lateMs: 0 });
  }

  private finish(stats: TickStats): TickStats {
    this.active = stats.acted;
    this.tickCount++;
    if (this.tickCount % COUNTS_EVERY_TICKS === 0) this.broadcastCounts();
    this.lastTick = stats;
    this.opts.onTick?.(stats);
    return stats;
  }

  /** A player connected or left (here or elsewhere): broadcast the counts soon, once per burst. */
  countsChanged(): void {
    if (!this.running || this.countsTimer) return;
    this.countsTimer = setTimeout(() => {
      this.countsTimer = undefined;
      this.broadcastCounts();
    }, COUNTS_PRESENCE_DELAY_MS);
    this.countsTimer.unref();
  }

  broadcastCounts(): void {
    this.sessions.broadcast("onlineCounts", this.counts());
  }

  /** Online and Active of the whole world: this process's plus the others' (as last heard). */
  counts(): { online: number; active: number } {
    const others = this.opts.otherCounts?.() ?? { online: 0, active: 0 };
    return {
      online: this.sessions.onlinePlayers + others.online,
      active: this.active + others.active,
    };
  }

  /** One action of one player; `scheduledAt` (the tick's planned time) goes in its frame. */
  act(p: LoadedPlayer, now: number, scheduledAt = now): void {
    const rng = createRng(seedFrom(p.id, p.actionCounter, this.opts.worldSeed));
    p.actionCounter++;
    p.actions--;
    markDirty(
      p,
      p.actionType === ActionType.Battle ? BATTLE_ACTION_COLUMNS : GATHER_ACTION_COLUMNS,
    );
    const watched = this.sessions.has(p.id);
    if (p.actionType === ActionType.Battle) {
      const report = battleAction(p, rng, now, watched, this.opts.itemDropRate);
      if (report.drop) this.opts.drops?.grant(p, report.drop, now, report);
      if (report.levelUp) this.opts.onLevelUp?.(p, report.levelUp, now);
      if (!watched) return;
      if (report.result) {
        this.sessions.send(p.id, "battleTick", { result: report.result, scheduledAt });
      }
      this.afterAction(p, report);
    } else if (isGatherAction(p.actionType)) {
      const report = gatherAction(p, p.actionType, rng, now, watched, this.opts.itemDropRate);
      if (report.drop) this.opts.drops?.grant(p, report.drop, now, report);
      if (report.levelUp) this.opts.onLevelUp?.(p, report.levelUp, now);
      if (!watched) return;
      if (report.result) {
        this.sessions.send(p.id, "gatherTick", { result: report.result, scheduledAt });
      }
      this.afterAction(p, report);
    }
  }

  private afterAction(p: LoadedPlayer, report: ActionReport<unknown>): void {
    this.sessions.send(p.id, "playerUpdate", { patch: report.patch });
    if (report.tracker.length > 0) {
      this.sessions.send(p.id, "lootTracker", { entries: report.tracker });
    }
    for (const item of report.items) this.sessions.send(p.id, "item", { id: item.id, item });
    if (report.levelUp) {
      const { skill, level } = report.levelUp;
      this.sessions.send(p.id, "toast", { text: `${skill} level up! You reached level ${level}.` });
    }
  }
}

/** The player spends an action this tick. */
function acts(p: LoadedPlayer): boolean {
  return p.actionType !== ActionType.None && p.actions > 0 && !p.banned;
}
