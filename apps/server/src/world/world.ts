import {
  ActionType,
  actionSeed,
  createRng,
  isGatherAction,
  type Rng,
  reseedRng,
} from "@manaspire/game";
import type { FastifyBaseLogger } from "fastify";
import type { Sessions } from "../socket/sessions";
import { type ActionReport, battleAction } from "./battle-action";
import { beforeAction, companionsAfterAction, sendCompanionNews } from "./companions";
import { dungeonIdleAfterAction, type IdleNews } from "./dungeon-idle";
import { gatherAction } from "./gather-action";
import type { GuildTaxRule } from "./guild-tax";
import type { ItemDrops } from "./item-drops";
import type { LoadedPlayer } from "./loaded-player";
import { type Milestone, milestonesAfter, questProgressOf } from "./milestones";
import { type CountsRound, OnlineCounts } from "./online-counts";
import {
  BATTLE_ACTION_COLUMNS,
  EVENT_ACTION_COLUMNS,
  GATHER_ACTION_COLUMNS,
  markDirty,
} from "./player-columns";
import type { PlayerStore } from "./player-store";

/** A skill level gained by an action. */
export interface LevelUp {
  skill: string;
  level: number;
}

export interface TickStats {
  acted: number;
  /** The time the tick's slices held the event loop, summed (the tick's work). */
  durationMs: number;
  /** The longest stretch the tick held the event loop. */
  longestSliceMs: number;
  /** How late the latest of its phases started after its scheduled time. */
  lateMs: number;
}

/**
 * A tick holds the event loop for at most about this long at a time, then lets sockets,
 * handlers and saves run before it goes on with the next players (issue 16: no stall over
 * 50 ms with 100,000 players loaded).
 */
export const TICK_SLICE_MS = 8;
/**
 * A tick is spread over phases about this far apart (a 3 s tick: 30 phases of 100 ms), so a
 * player's frame leaves soon after its own phase's time, not after every other player's.
 */
export const PHASE_MS = 100;
/** At most this many phases per tick. */
const MAX_PHASES = 30;
/** Players acted between two looks at the clock. */
const CLOCK_EVERY = 64;

/**
 * The generator of the action under way, reseeded for each (the world is single-threaded and
 * no rule keeps the generator past its action): one object instead of one per action.
 */
const actionRng = createRng(0);

/**
 * The authoritative world loop: every tick, each loaded player with an action type and
 * actions left acts once, online or not (it is an idle game), and watchers get the result.
 */
export class World {
  private timer: NodeJS.Timeout | undefined;
  /** The next slice or phase of the tick under way: one of the two, never both. */
  private slice: NodeJS.Immediate | undefined;
  private phaseTimer: NodeJS.Timeout | undefined;
  private readonly onlineCounts: OnlineCounts;
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
      /** The guild tax a member's loot owes (guild-tax.ts); none when missing. */
      guildTax?: (playerId: number) => GuildTaxRule | undefined;
      /** Multiplies every Egg chance (the EGG_DROP_RATE setting); 1 when missing. */
      eggDropRate?: number;
      /**
       * What an action of a player with no socket here reached (quest complete, out of
       * actions): push notifications. Called only then, so it costs nothing for watchers.
       */
      onMilestone?: (p: LoadedPlayer, milestone: Milestone, now: number) => void;
      /** After every tick (metrics). */
      onTick?: (stats: TickStats) => void;
      /** The other processes' Online and Active counts (several processes; none by default). */
      otherCounts?: () => { online: number; active: number };
      /**
       * The world's events: whether a player's action goes to the event this tick (checked only
       * for players who joined one) and that action, which returns what to send a watcher.
       */
      events?: EventActions;
    },
  ) {
    this.onlineCounts = new OnlineCounts(sessions, {
      active: () => this.active,
      running: () => this.running,
      others: opts.otherCounts,
    });
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
    // Each with its own clear: Node's clearImmediate given a Timeout (they share the "refed"
    // mark) takes one from the process's count of pending immediates, and from then on every
    // setImmediate of the process waits for some other event to wake the loop (seconds in a
    // test process that starts and stops several servers: docs/testing.md).
    clearImmediate(this.slice);
    clearTimeout(this.phaseTimer);
    this.slice = undefined;
    this.phaseTimer = undefined;
    this.onlineCounts.stop();
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
      this.runPhases(scheduledAt);
    }, delay);
  }

  /** How many phases a tick is spread over (1 for ticks under 2 × {@link PHASE_MS}). */
  get phases(): number {
    return Math.max(1, Math.min(MAX_PHASES, Math.floor(this.opts.tickMs / PHASE_MS)));
  }

  /**
   * One scheduled tick. Its players act in phases spread over the tick: a player's phase is
   * its id modulo {@link phases}, and phase k is due `k × tickMs / phases` after the tick's
   * start, so each player still acts once every tick, and the tick's work (acting, encoding,
   * one write per socket) is spread evenly instead of queueing every frame behind 20,000
   * others. Within a phase, watched players act first, in slices of about
   * {@link TICK_SLICE_MS}. The players are those loaded when the tick starts; one evicted or
   * handed over meanwhile is skipped. Each action is whole within a slice, so a save between
   * slices sees every player before or after its action.
   */
  private runPhases(tickAt: number): void {
    const phases = this.phases;
    const phaseMs = this.opts.tickMs / phases;
    const buckets = this.bucketPlayers(phases);
    const counts = this.onlineCounts.round(this.tickCount);
    let phase = 0;
    let index = 0;
    let acted = 0;
    let busy = 0;
    let longest = 0;
    let lateMs = 0;
    const step = () => {
      this.slice = undefined;
      this.phaseTimer = undefined;
      if (!this.timer) return; // stopped
      const scheduledAt = Math.round(tickAt + phase * phaseMs);
      if (index === 0) lateMs = Math.max(lateMs, Date.now() - scheduledAt);
      const players = buckets[phase] as LoadedPlayer[];
      const sliceStart = performance.now();
      const now = Date.now();
      try {
        while (index < players.length) {
          const p = players[index++] as LoadedPlayer;
          if (this.store.loaded.get(p.id) === p && acts(p)) {
            this.act(p, now, scheduledAt, counts);
            acted++;
          }
          if (index % CLOCK_EVERY === 0 && performance.now() - sliceStart >= TICK_SLICE_MS) break;
        }
      } catch (err) {
        this.opts.log?.error({ err }, "world tick failed");
      }
      const took = performance.now() - sliceStart;
      busy += took;
      longest = Math.max(longest, took);
      if (index < players.length) {
        this.slice = setImmediate(step);
        return;
      }
      phase++;
      index = 0;
      if (phase < phases) {
        const wait = tickAt + phase * phaseMs - Date.now();
        if (wait > 0) this.phaseTimer = setTimeout(step, wait);
        else this.slice = setImmediate(step);
        return;
      }
      // Whoever is connected but did not act gets the counts on their own.
      if (counts) this.onlineCounts.finishRound(counts);
      this.finish({ acted, durationMs: busy, longestSliceMs: longest, lateMs });
      if (this.timer) this.schedule();
    };
    step();
  }

  /** The loaded players by phase, watched ones first within each. */
  private bucketPlayers(phases: number): LoadedPlayer[][] {
    const watched: LoadedPlayer[][] = Array.from({ length: phases }, () => []);
    const unwatched: LoadedPlayer[][] = Array.from({ length: phases }, () => []);
    for (const p of this.store.loaded.values()) {
      const phase = p.id % phases;
      ((this.sessions.has(p.id) ? watched : unwatched)[phase] as LoadedPlayer[]).push(p);
    }
    return watched.map((w, k) => w.concat(unwatched[k] as LoadedPlayer[]));
  }

  /** Runs one whole tick now, without yielding (tests and benchmarks). */
  tick(now = Date.now()): TickStats {
    const started = performance.now();
    let acted = 0;
    const counts = this.onlineCounts.round(this.tickCount);
    for (const p of this.store.loaded.values()) {
      if (!acts(p)) continue;
      this.act(p, now, now, counts);
      acted++;
    }
    if (counts) this.onlineCounts.finishRound(counts);
    const durationMs = performance.now() - started;
    return this.finish({ acted, durationMs, longestSliceMs: durationMs, lateMs: 0 });
  }

  private finish(stats: TickStats): TickStats {
    this.active = stats.acted;
    this.tickCount++;
    this.lastTick = stats;
    this.opts.onTick?.(stats);
    return stats;
  }

  /** A player connected or left (here or elsewhere): the counts go out soon. */
  countsChanged(): void {
    this.onlineCounts.changed();
  }

  broadcastCounts(): void {
    this.onlineCounts.broadcast();
  }

  /** Online and Active of the whole world: this process's plus the others' (as last heard). */
  counts(): { online: number; active: number } {
    return this.onlineCounts.now();
  }

  /** One action of one player; `scheduledAt` (the tick's planned time) goes in its frame. */
  act(p: LoadedPlayer, now: number, scheduledAt = now, counts?: CountsRound): void {
    if (p.event !== null && this.opts.events?.takes(p)) {
      this.eventAct(p, now, counts);
      return;
    }
    if (p.actionType === ActionType.None) return;
    const rng = reseedRng(actionRng, actionSeed(p.id, p.actionCounter, this.opts.worldSeed));
    p.actionCounter++;
    p.actions--;
    markDirty(
      p,
      p.actionType === ActionType.Battle ? BATTLE_ACTION_COLUMNS : GATHER_ACTION_COLUMNS,
    );
    const watched = this.sessions.has(p.id);
    const before = beforeAction(p);
    const questBefore = !watched && this.opts.onMilestone ? questProgressOf(p) : -1;
    let report: ActionReport<unknown>;
    let tick: (() => void) | undefined;
    if (p.actionType === ActionType.Battle) {
      const battle = battleAction(
        p,
        rng,
        now,
        watched,
        this.opts.itemDropRate,
        this.opts.guildTax?.(p.id),
      );
      const result = battle.result;
      if (result) tick = () => this.sessions.send(p.id, "battleTick", { result, scheduledAt });
      if (battle.drop) this.opts.drops?.grant(p, battle.drop, now, battle);
      report = battle;
    } else if (isGatherAction(p.actionType)) {
      p.gatherActions++;
      const gather = gatherAction(
        p,
        p.actionType,
        rng,
        now,
        watched,
        this.opts.itemDropRate,
        this.opts.guildTax?.(p.id),
      );
      const result = gather.result;
      if (result) tick = () => this.sessions.send(p.id, "gatherTick", { result, scheduledAt });
      if (gather.drop) this.opts.drops?.grant(p, gather.drop, now, gather);
      report = gather;
    } else {
      return;
    }
    // Potions tick, pets grow, egg and pet rolls (companions.ts).
    const news = companionsAfterAction(p, report, rng, now, before, this.opts.eggDropRate ?? 1);
    // Idle dungeons (dungeon-idle.ts): one field read for a player without an idle size.
    const idle: IdleNews | null =
      p.dungeon.idleSize !== 0
        ? dungeonIdleAfterAction(p, report, rng, now, watched, this.opts.onMilestone)
        : null;
    if (report.levelUp) this.opts.onLevelUp?.(p, report.levelUp, now);
    if (questBefore >= 0) {
      const reached = milestonesAfter(p, questBefore);
      for (let i = 0; i < reached.length; i++)
        this.opts.onMilestone?.(p, reached[i] as Milestone, now);
      if (news?.expired) {
        for (const boost of news.expired) {
          const m = { kind: "potionExpired", boost, actionCounter: p.actionCounter } as const;
          this.opts.onMilestone?.(p, m, now);
        }
      }
    }
    if (!watched) return;
    // One write per socket for everything this action tells the player.
    this.sessions.batch(p.id, () => {
      tick?.();
      this.afterAction(p, report);
      if (news) sendCompanionNews(this.sessions, p, news);
      if (idle) this.sessions.send(p.id, "toast", { text: idle.toast });
      if (counts) this.onlineCounts.sendWith(p.id, counts);
    });
  }

  /** An action that goes to the player's event (the event decides what it does). */
  private eventAct(p: LoadedPlayer, now: number, counts?: CountsRound): void {
    const rng = reseedRng(actionRng, actionSeed(p.id, p.actionCounter, this.opts.worldSeed));
    p.actionCounter++;
    p.eventActions++;
    p.actions--;
    markDirty(p, EVENT_ACTION_COLUMNS);
    const watched = this.sessions.has(p.id);
    const send = (this.opts.events as EventActions).act(p, rng, now, watched);
    if (!watched) return;
    this.sessions.batch(p.id, () => {
      send?.();
      if (counts) this.onlineCounts.sendWith(p.id, counts);
    });
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

/** The player spends an action this tick (one who joined an event may have no action type). */
function acts(p: LoadedPlayer): boolean {
  return (p.actionType !== ActionType.None || p.event !== null) && p.actions > 0 && !p.banned;
}

/** What the world asks the events (services/events). */
export interface EventActions {
  takes(p: LoadedPlayer): boolean;
  act(p: LoadedPlayer, rng: Rng, now: number, watched: boolean): (() => void) | undefined;
}
