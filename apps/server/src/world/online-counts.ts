import { serverProtocol } from "@manaspire/protocol";
import type { Sessions } from "../socket/sessions";

/** Online and Active counts are broadcast every this many ticks. */
const COUNTS_EVERY_TICKS = 5;
/** After a player connects or leaves, counts go out within this delay (bursts coalesce). */
export const COUNTS_PRESENCE_DELAY_MS = 250;
/**
 * Above this many players online, a connect or leave does not broadcast the counts on its
 * own: they ride in the next tick's frames. (Each broadcast is one write per socket: with
 * 20,000 sockets and players arriving every few milliseconds, broadcasts every 250 ms took
 * the whole CPU.)
 */
export const COUNTS_PRESENCE_BROADCAST_MAX = 1000;

/** The counts frame of a tick that sends them, and who got it already. */
export interface CountsRound {
  data: { online: number; active: number };
  frame: Uint8Array;
  sent: Set<number>;
}

/**
 * The world's Online and Active counts (this process's plus the others' as last heard) and
 * when they go out: with every {@link COUNTS_EVERY_TICKS}th tick, and soon after a player
 * connects or leaves.
 */
export class OnlineCounts {
  private timer: NodeJS.Timeout | undefined;
  /** Players came or went in a big world since the last counts went out. */
  private pending = false;

  constructor(
    private readonly sessions: Sessions,
    private readonly opts: {
      /** This process's acting players at the last tick. */
      active: () => number;
      /** Whether the world ticks (no broadcast before it starts or after it stops). */
      running: () => boolean;
      /** The other processes' counts (several processes; none by default). */
      others?: () => { online: number; active: number };
    },
  ) {}

  /** Online and Active of the whole world. */
  now(): { online: number; active: number } {
    const others = this.opts.others?.() ?? { online: 0, active: 0 };
    return {
      online: this.sessions.onlinePlayers + others.online,
      active: this.opts.active() + others.active,
    };
  }

  /**
   * On every {@link COUNTS_EVERY_TICKS}th tick, and the tick after players came or went in a
   * big world, the counts ride in each acting watched player's batch of frames (one write), and
   * go to the rest after the tick. `tickCount`: the ticks run before this one.
   */
  round(tickCount: number): CountsRound | undefined {
    if ((tickCount + 1) % COUNTS_EVERY_TICKS !== 0 && !this.pending) return undefined;
    this.pending = false;
    const data = this.now();
    return { data, frame: serverProtocol.encode("onlineCounts", data), sent: new Set() };
  }

  /**
   * The round's counts brought up to date. A tick spreads over its whole interval: a player who
   * connects meanwhile is told the counts with the first state (hydrate), and the round's
   * figures from the tick's start (without that player: "Online 0" in a world of one) must not
   * overwrite them until the next round. Re-encoded only when the figures changed.
   */
  fresh(round: CountsRound): CountsRound {
    const now = this.now();
    if (now.online !== round.data.online || now.active !== round.data.active) {
      round.data = now;
      round.frame = serverProtocol.encode("onlineCounts", now);
    }
    return round;
  }

  /** The round's counts to the player, in its batch of frames. */
  sendWith(playerId: number, round: CountsRound): void {
    this.sessions.sendFrame(playerId, this.fresh(round).frame, "onlineCounts");
    round.sent.add(playerId);
  }

  /** After the tick: whoever is connected but did not act gets the counts on their own. */
  finishRound(round: CountsRound): void {
    this.sessions.broadcastSliced("onlineCounts", this.fresh(round).data, round.sent);
  }

  /**
   * A player connected or left (here or elsewhere): broadcast the counts soon, once per burst;
   * in a big world, with the next tick.
   */
  changed(): void {
    if (!this.opts.running() || this.timer) return;
    if (this.sessions.onlinePlayers > COUNTS_PRESENCE_BROADCAST_MAX) {
      this.pending = true;
      return;
    }
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.broadcast();
    }, COUNTS_PRESENCE_DELAY_MS);
    this.timer.unref();
  }

  broadcast(): void {
    this.sessions.broadcastSliced("onlineCounts", this.now());
  }

  stop(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
  }
}
