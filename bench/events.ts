import { ActionType, RiftType } from "@manaspire/game";
import type { Db } from "../apps/server/src/db/client";
import { eventAction } from "../apps/server/src/services/events/event-action";
import type { WorldEvent } from "../apps/server/src/services/events/event-rows";
import { EventWorld } from "../apps/server/src/services/events/event-world";
import type { Sessions } from "../apps/server/src/socket/sessions";
import type { PlayerStore } from "../apps/server/src/world/player-store";
import type { EventActions } from "../apps/server/src/world/world";

/**
 * An Elemental Rift running in the bench's world, every player joined: half battle the boss,
 * the rest mine, fish or woodcut (what a world's tick costs during a rift). No database: the
 * rift's row is set in memory, as a poll would have read it.
 */
export function riftForBench(store: PlayerStore, sessions: Sessions): EventActions {
  const events = new EventWorld(undefined as unknown as Db, store, sessions, {
    tickMs: 3000,
    timing: {
      elementalRiftEveryMs: 12_600_000,
      elementalRiftQueueMs: 300_000,
      durationMs: 600_000,
      riftOfPowerMinMs: 10_800_000,
      riftOfPowerMaxMs: 21_600_000,
    },
    hasQoL: () => false,
  });
  const now = Date.now();
  const rift: WorldEvent = {
    id: 1,
    kind: RiftType.ElementalRift,
    number: 1,
    status: 1,
    queueAt: now - 1000,
    startsAt: now,
    endsAt: now + 3_600_000,
    bossBaseHealth: 1e12,
    bossNumber: 1,
    bossHealth: 1e12,
    bossesDefeated: 0,
    totalDamage: 0,
    iron: 0,
    fish: 0,
    wood: 0,
  };
  events.current = rift;
  events.phase = "running";
  const gather = [ActionType.Mining, ActionType.Fishing, ActionType.Woodcutting];
  for (const p of store.loaded.values()) {
    const joined = events.join(p, rift, { on: false, auto: 0 });
    joined.actionType = p.id % 2 === 0 ? ActionType.Battle : (gather[p.id % 3] as number);
  }
  return {
    takes: (p) => events.takes(p),
    act: (p, rng, now, watched) => eventAction(events, sessions, p, rng, watched, now),
  };
}
