import { LogCategory, RiftType } from "@manaspire/game";
import type { FastifyBaseLogger } from "fastify";
import type { Bus } from "../../cluster/bus";
import type { Config } from "../../config";
import type { Db } from "../../db/client";
import type { Sessions } from "../../socket/sessions";
import type { CreditInbox } from "../../world/credit-inbox";
import type { PlayerStore } from "../../world/player-store";
import type { EventActions } from "../../world/world";
import type { ActivityLog } from "../activity-log";
import { elementalRiftMessage, riftOfPowerMessage } from "../notifications/messages";
import type { Notifier } from "../notifications/notifier";
import { playerHasQoL } from "../preferences";
import { eventAction } from "./event-action";
import { EventScheduler } from "./event-scheduler";
import { EventWorld } from "./event-world";

export interface EventSetup {
  db: Db;
  store: PlayerStore;
  sessions: Sessions;
  config: Config;
  worldSeed: number;
  activityLog: ActivityLog;
  notifier: Notifier;
  inbox: CreditInbox;
  bus: Bus;
  log: FastifyBaseLogger;
}

/**
 * Timed events wired to the rest of the server (docs/features/events.md "Events"): this
 * process's view of the world's events, the once-per-world scheduler that opens and ends them
 * (the push to every device when one opens, the rewards' credits when one ends), and the hooks
 * the tick calls for players in an event.
 */
export function createEvents(deps: EventSetup) {
  const { config, log } = deps;
  const timing = {
    elementalRiftEveryMs: config.ELEMENTAL_RIFT_EVERY_MS,
    elementalRiftQueueMs: config.ELEMENTAL_RIFT_QUEUE_MS,
    durationMs: config.EVENT_DURATION_MS,
    riftOfPowerMinMs: config.RIFT_OF_POWER_MIN_MS,
    riftOfPowerMaxMs: config.RIFT_OF_POWER_MAX_MS,
  };
  const events = new EventWorld(deps.db, deps.store, deps.sessions, {
    tickMs: config.TICK_MS,
    pollMs: config.EVENT_POLL_MS,
    timing,
    // Quality of Life (the premium shop's): auto join and auto siphon are for its holders.
    hasQoL: playerHasQoL,
    log,
    onJoined: (p, _e, text) => deps.activityLog.record(p.id, LogCategory.Event, text),
  });
  const scheduler = new EventScheduler(deps.db, {
    timing,
    bossHealth: config.ELEMENTAL_RIFT_BOSS_HEALTH,
    worldSeed: deps.worldSeed,
    // Players' last contributions are saved (every FLUSH_MS) and read (every poll) by then.
    settleMs: 2 * config.FLUSH_MS + 2 * events.pollMs,
    activityLog: deps.activityLog,
    log,
    onOpened: (e) => {
      const message =
        e.kind === RiftType.ElementalRift ? elementalRiftMessage() : riftOfPowerMessage();
      for (const id of deps.notifier.owners.ids()) {
        deps.notifier.notify(id, message, `event-${e.id}`);
      }
    },
    onEnded: (_e, credits) => {
      // The rewards are credits: their receivers' owners apply them (here now, elsewhere when
      // told, or by their 2 s sweep).
      deps.inbox.sweep().catch((err) => log.warn({ err }, "applying event rewards failed"));
      for (const c of credits) {
        if (!deps.store.loaded.has(c.playerId))
          deps.bus.publish({ k: "credit", playerId: c.playerId });
      }
    },
  });
  /** What the tick asks of the events (`World`'s `events` option). */
  const tickHooks: EventActions = {
    takes: (p) => events.takes(p),
    act: (p, rng, now, watched) => eventAction(events, deps.sessions, p, rng, watched, now),
  };
  return { events, scheduler, tickHooks };
}
