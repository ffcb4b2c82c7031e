import {
  ActionType,
  applyBossDamage,
  type BossState,
  Element,
  type EventTiming,
  isRiftAction,
  preferencesWithDefaults,
  type RiftAttack,
  type RiftBuffs,
  RiftType,
  riftBoss,
  riftBuffs,
  ticksUntil,
} from "@manaspire/game";
import type { ServerPayload } from "@manaspire/protocol";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import type { Sessions } from "../../socket/sessions";
import type { LoadedPlayer } from "../../world/loaded-player";
import { Col, markDirty } from "../../world/player-columns";
import { type PlayerEvent, shareOf } from "../../world/player-event";
import type { PlayerStore } from "../../world/player-store";
import type { HasQoL } from "../preferences";
import {
  countParticipants,
  type EventPhase,
  phaseOf,
  readEvents,
  type WorldEvent,
} from "./event-rows";

/** Resources gathered in the rift since the last read of its row, by this process. */
interface LocalShare {
  damage: number;
  iron: number;
  fish: number;
  wood: number;
}

const NO_SHARE: Readonly<LocalShare> = { damage: 0, iron: 0, fish: 0, wood: 0 };

export interface EventWorldOptions {
  tickMs: number;
  /** The poll's period (EVENT_POLL_MS); unset, it follows the tick (see pollMs). */
  pollMs?: number | undefined;
  timing: EventTiming;
  hasQoL: HasQoL;
  log?: FastifyBaseLogger;
  /** A player joined or left (the activity log's event lines). */
  onJoined?: (p: LoadedPlayer, e: WorldEvent, text: string) => void;
}

/**
 * The world's events as this process sees them: the events' rows, read every poll (the
 * database is the authority; several processes read the same rows), the phase each is in,
 * and the players held here who joined. Tells the players' screens when a phase changes,
 * queues Quality of Life players who asked for it, and lets go of players whose event ended.
 * The tick's event actions are in event-action.ts; the socket calls in event-handlers.ts.
 */
export class EventWorld {
  private timer: NodeJS.Timeout | undefined;
  private polling: Promise<void> | undefined;
  private events: WorldEvent[] = [];
  /** The event players are in now (queue, running or settling), if any. */
  current: WorldEvent | undefined;
  phase: EventPhase = "ended";
  /** The last Elemental Rift that ended (the between-events screen). */
  lastRift: WorldEvent | undefined;
  queueSize = 0;
  /** What this process's players did in the current rift since the row was read. */
  local: LocalShare = { ...NO_SHARE };
  /** The last rift attack of each watched player (their event screen's figures). */
  readonly lastAttack = new Map<number, RiftAttack>();
  private shown = "";
  /** The next starts the players were last told (a new one scheduled is told at once). */
  private shownNext = "";

  constructor(
    private readonly db: Db,
    private readonly store: PlayerStore,
    private readonly sessions: Sessions,
    readonly opts: EventWorldOptions,
  ) {}

  get pollMs(): number {
    return this.opts.pollMs ?? Math.min(1000, Math.max(100, this.opts.tickMs));
  }

  async start(): Promise<void> {
    await this.poll();
    this.timer = setInterval(() => {
      this.polling ??= this.poll()
        .catch((err) => this.opts.log?.warn({ err }, "reading the world's events failed"))
        .finally(() => {
          this.polling = undefined;
        });
    }, this.pollMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.polling;
  }

  /** Reads the events' rows and acts on what changed. */
  async poll(now = Date.now()): Promise<void> {
    const events = await readEvents(this.db);
    // Windows do not overlap, but a rift being paid (settling) may meet the next one's start:
    // the one that runs (or queues) is the players' event then.
    let current: WorldEvent | undefined;
    let phase: EventPhase = "ended";
    for (const e of events) {
      const p = phaseOf(e, now);
      if (p === "queue" || p === "running" || (p === "settling" && !current)) {
        current = e;
        phase = p;
        if (p !== "settling") break;
      }
    }
    const queueSize =
      current && phase === "queue" ? await countParticipants(this.db, current.id) : 0;
    this.events = events;
    this.lastRift = events
      .filter((e) => e.kind === RiftType.ElementalRift && e.status === 2)
      .at(-1);
    this.current = current;
    this.phase = phase;
    this.queueSize = queueSize;
    this.local = current ? this.pendingHere(current.id) : { ...NO_SHARE };
    const key = `${current?.id ?? 0}:${phase}`;
    const next = this.nextStarts();
    const nextKey = `${next.elemental}:${next.power}`;
    if (key !== this.shown) {
      this.shown = key;
      this.shownNext = nextKey;
      this.lastAttack.clear();
      this.letGo();
      this.broadcast(now);
    } else if (nextKey !== this.shownNext) {
      this.shownNext = nextKey;
      this.broadcast(now);
    }
    this.autoJoin(now);
  }

  /**
   * What the players held here did in the rift and have not saved yet: the row read does not
   * have it, the boss shown here does (a write under way is briefly in neither).
   */
  private pendingHere(eventId: number): LocalShare {
    const out = { ...NO_SHARE };
    for (const p of this.store.loaded.values()) {
      const s = p.eventShare;
      if (s === null || s.eventId !== eventId) continue;
      out.damage += s.damage;
      out.iron += s.iron;
      out.fish += s.fish;
      out.wood += s.wood;
    }
    return out;
  }

  /** The next start of each kind still to come (0: none scheduled). */
  nextStarts(): { elemental: number; power: number } {
    let elemental = 0;
    let power = 0;
    for (const e of this.events) {
      // Still to come: not started by the scheduler yet (its time may just have come).
      if (e.status !== 0) continue;
      if (e.kind === RiftType.ElementalRift && (elemental === 0 || e.startsAt < elemental)) {
        elemental = e.startsAt;
      }
      if (e.kind === RiftType.RiftOfPower && (power === 0 || e.startsAt < power)) {
        power = e.startsAt;
      }
    }
    return { elemental, power };
  }

  /** The player's event when it is the current one; a stale one (ended) is let go. */
  eventOf(p: LoadedPlayer): PlayerEvent | null {
    const e = p.event;
    if (e === null) return null;
    if (this.current && e.id === this.current.id) return e;
    p.event = null;
    markDirty(p, Col.event);
    return null;
  }

  /** Whether the player's action this tick goes to the event (the tick's hot path). */
  takes(p: LoadedPlayer): boolean {
    const e = p.event;
    const cur = this.current;
    if (e === null || cur === undefined || e.id !== cur.id || this.phase !== "running") {
      return false;
    }
    return e.kind === RiftType.ElementalRift || e.siphoning;
  }

  /**
   * The current Elemental Rift's boss, with this process's damage since the last read. Once it
   * is being paid (settling), the row's: the results then show what is paid, not damage a
   * player did here that the end did not count (it showed 2 bosses defeated, the end paid 1).
   */
  boss(e: WorldEvent): BossState {
    const state = { bossNumber: e.bossNumber, health: e.bossHealth, defeated: e.bossesDefeated };
    if (e !== this.current || this.phase === "settling" || this.local.damage === 0) return state;
    return applyBossDamage(state, this.local.damage, e.bossBaseHealth);
  }

  buffs(e: WorldEvent): RiftBuffs {
    const mine = e === this.current ? this.local : NO_SHARE;
    return riftBuffs(e.iron + mine.iron, e.fish + mine.fish, e.wood + mine.wood);
  }

  /** Joins the player to the current event (the caller checked that it may). */
  join(p: LoadedPlayer, e: WorldEvent, siphon: { on: boolean; auto: number }): PlayerEvent {
    const joined: PlayerEvent = {
      id: e.id,
      kind: e.kind,
      actionType: isRiftAction(p.actionType) ? p.actionType : ActionType.Battle,
      siphoning: siphon.on,
      successes: 0,
      autoSiphon: siphon.auto,
      actions: 0,
      damage: 0,
      resources: 0,
    };
    p.event = joined;
    markDirty(p, Col.event);
    const share = shareOf(p, joined);
    share.left = false;
    share.actionType = joined.actionType;
    if (e.kind === RiftType.ElementalRift && this.phase === "queue") this.queueSize++;
    const what = e.kind === RiftType.ElementalRift ? "the Elemental Rift" : "the Rift of Power";
    this.opts.onJoined?.(p, e, `You joined ${what}.`);
    return joined;
  }

  /** Takes the player out of the Elemental Rift's queue. */
  leave(p: LoadedPlayer, e: PlayerEvent): void {
    const share = shareOf(p, e);
    share.left = true;
    share.actions = 0;
    share.damage = 0;
    share.iron = 0;
    share.fish = 0;
    share.wood = 0;
    p.event = null;
    markDirty(p, Col.event);
    if (this.phase === "queue") this.queueSize = Math.max(0, this.queueSize - 1);
    if (this.current) this.opts.onJoined?.(p, this.current, "You left the Elemental Rift queue.");
  }

  /** The spec's event state for one player. */
  stateFor(p: LoadedPlayer, now = Date.now()): ServerPayload<"eventState"> {
    const cur = this.current;
    const e = this.eventOf(p);
    const next = this.nextStarts().elemental;
    const phaseEndsAt =
      !cur || this.phase === "settling" ? 0 : this.phase === "queue" ? cur.startsAt : cur.endsAt;
    return {
      eventType: cur ? (cur.kind as 1 | 2) : RiftType.None,
      eventTicks: phaseEndsAt > 0 ? ticksUntil(phaseEndsAt, now, this.opts.tickMs) : 0,
      joined: e !== null,
      queue: this.phase === "queue" ? this.queueSize : 0,
      nextMainEventAt: next,
      started: this.phase === "running" || this.phase === "settling",
      phaseEndsAt,
      serverTime: now,
      tickMs: this.opts.tickMs,
      siphoning: e?.siphoning ?? false,
      successCount: e?.successes ?? 0,
    };
  }

  eventTime(now = Date.now()): ServerPayload<"eventTime"> {
    const next = this.nextStarts();
    return { serverTime: now, nextElementalRift: next.elemental, nextRiftOfPower: next.power };
  }

  /** The rift the event screen shows: the current Elemental Rift, or the last one. */
  riftShown(): WorldEvent | undefined {
    const cur = this.current;
    if (cur?.kind === RiftType.ElementalRift) return cur;
    return this.lastRift;
  }

  /** The spec's ElementalRift state for one player (undefined: no rift yet). */
  riftFor(p: LoadedPlayer): ServerPayload<"elementalRift"> | undefined {
    const e = this.riftShown();
    if (!e) return undefined;
    const mine = p.event !== null && p.event.id === e.id ? p.event : null;
    const started = e.status >= 1;
    const boss = this.boss(e);
    const def = started && boss.bossNumber > 0 ? riftBoss(boss.bossNumber, e.bossBaseHealth) : null;
    const attack = mine ? this.lastAttack.get(p.id) : undefined;
    const buffsFrom = e === this.current && this.phase !== "settling" ? this.local : NO_SHARE;
    return {
      state: {
        startTime: e.startsAt,
        ended: e.status === 2 || (e === this.current && this.phase === "settling"),
        actionType: (mine?.actionType ?? 0) as 0 | 1 | 2 | 3 | 4,
        iron: e.iron + buffsFrom.iron,
        fish: e.fish + buffsFrom.fish,
        wood: e.wood + buffsFrom.wood,
        resources: mine?.resources ?? 0,
        bossHealth: started ? boss.health : 0,
        bossMaxHealth: def?.maxHealth ?? 0,
        bossNumber: started ? boss.bossNumber : 0,
        bossWardStrength: attack?.bossWardStrength ?? 0,
        bossElement: def?.element ?? Element.None,
        manaRemaining: attack?.manaRemaining ?? 0,
        maxMana: attack?.maxMana ?? 0,
        attacks: attack?.attacks ?? 0,
        crits: attack?.crits ?? 0,
        casts: attack?.casts ?? 0,
        damageDone: attack?.damageDone ?? 0,
        manaSpent: attack?.manaSpent ?? 0,
        manaShortage: attack?.manaShortage ?? 0,
        bossesDefeated: boss.defeated,
        totalDamage: e.totalDamage + buffsFrom.damage,
        playerDamage: mine?.damage ?? 0,
      },
    };
  }

  /** Sends the player's event state (and the rift's, if any) to their sockets. */
  tell(p: LoadedPlayer, now = Date.now()): void {
    this.sessions.send(p.id, "eventState", this.stateFor(p, now));
    const rift = this.riftFor(p);
    if (rift) this.sessions.send(p.id, "elementalRift", rift);
  }

  /** A phase changed: every player online here hears it. */
  private broadcast(now: number): void {
    const seen = new Set<number>();
    for (const conn of this.sessions.all()) {
      if (seen.has(conn.playerId)) continue;
      seen.add(conn.playerId);
      const p = this.store.loaded.get(conn.playerId);
      if (!p) continue;
      this.sessions.send(p.id, "eventTime", this.eventTime(now));
      this.tell(p, now);
    }
  }

  /** Players held here whose event is over stop taking part in it. */
  private letGo(): void {
    for (const p of this.store.loaded.values()) if (p.event !== null) this.eventOf(p);
  }

  /**
   * Quality of Life: an Elemental Rift's queue takes the players who keep "Auto join Elemental
   * Rift" (on by default); a Rift of Power makes those with an auto siphon count join and
   * siphon until that many successes.
   */
  private autoJoin(now: number): void {
    const cur = this.current;
    if (!cur) return;
    const queue = cur.kind === RiftType.ElementalRift && this.phase === "queue";
    const power = cur.kind === RiftType.RiftOfPower && this.phase === "running";
    if (!queue && !power) return;
    for (const p of this.store.loaded.values()) {
      if (p.event !== null || p.banned || p.actions <= 0) continue;
      if (!this.opts.hasQoL(p)) continue;
      const prefs = preferencesWithDefaults(p.preferences);
      if (queue && prefs.autoJoinElementalRift) {
        this.join(p, cur, { on: false, auto: 0 });
      } else if (power && prefs.autoSiphonRiftOfPower > 0) {
        this.join(p, cur, { on: true, auto: prefs.autoSiphonRiftOfPower });
      } else {
        continue;
      }
      if (this.sessions.has(p.id)) this.tell(p, now);
    }
  }
}
