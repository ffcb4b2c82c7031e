/**
 * The bench's world tick: a world of generated players (apps/server/test/support/world-fixtures)
 * ticked without a database, as `npm run bench`'s tick lines and `bench/tick-only.ts` measure it.
 */
import { Connection } from "../apps/server/src/socket/connection";
import { Sessions } from "../apps/server/src/socket/sessions";
import { ItemDrops } from "../apps/server/src/world/item-drops";
import { CounterItemIds } from "../apps/server/src/world/item-ids";
import type { PlayerStore } from "../apps/server/src/world/player-store";
import { World } from "../apps/server/src/world/world";
import { benchPlayer, fakeSocket } from "../apps/server/test/support/world-fixtures";
import { riftForBench } from "./events";

/** What world is ticked. */
export interface TickWorld {
  players: number;
  /** Players with a socket (their frames are built and encoded). */
  watched: number;
  /** Every player has equipped items (false: none). */
  gear: boolean;
  /** 3 combat and 2 gathering pets active and 2 potions ticking. */
  companions: boolean;
  /** Every player in an Elemental Rift (bench/events.ts). */
  rift: boolean;
  /** Every player runs small idle dungeons. */
  dungeons: boolean;
  /** Offline players' milestones are looked for (as the server does for push notifications). */
  milestones: boolean;
}

/** One measured run: each tick's wall and CPU milliseconds, in the order they ran. */
export interface TickFigures {
  wallMs: number[];
  cpuMs: number[];
  /** Items kept per tick (the drops that went into an inventory). */
  itemsPerTick: number;
  milestones: number;
}

/** Builds the world; `tick()` runs one whole tick and returns its CPU and wall time. */
export function buildTickWorld(w: TickWorld) {
  const loaded = new Map(
    Array.from({ length: w.players }, (_, i) => [
      i + 1,
      benchPlayer(i + 1, { gear: w.gear, companions: w.companions, dungeons: w.dungeons }),
    ]),
  );
  const store = { loaded, newItems: new Map<number, number>() } as unknown as PlayerStore;
  const sessions = new Sessions();
  for (let i = 1; i <= w.watched; i++) sessions.add(new Connection(fakeSocket(), i));
  const drops = new ItemDrops(store, new CounterItemIds(10_000_000), sessions);
  let milestones = 0;
  const events = w.rift ? riftForBench(store, sessions) : undefined;
  const world = new World(store, sessions, {
    tickMs: 3000,
    worldSeed: 7,
    drops,
    ...(w.milestones ? { onMilestone: () => void milestones++ } : {}),
    ...(events ? { events } : {}),
  });
  return {
    tick(): { wallMs: number; cpuMs: number } {
      const used = process.cpuUsage();
      const wallMs = world.tick().durationMs;
      const spent = process.cpuUsage(used);
      return { wallMs, cpuMs: (spent.user + spent.system) / 1000 };
    },
    items: () => store.newItems.size,
    milestones: () => milestones,
  };
}

/** One warm-up tick (stats derived once), then `ticks` measured ones. */
export function measureTicks(w: TickWorld, ticks: number): TickFigures {
  const world = buildTickWorld(w);
  world.tick();
  const items = world.items();
  const wallMs: number[] = [];
  const cpuMs: number[] = [];
  for (let i = 0; i < ticks; i++) {
    const t = world.tick();
    wallMs.push(t.wallMs);
    cpuMs.push(t.cpuMs);
  }
  return {
    wallMs,
    cpuMs,
    itemsPerTick: (world.items() - items) / ticks,
    milestones: world.milestones(),
  };
}

/** The median of a list (the upper one of an even count). */
export function median(list: number[]): number {
  const sorted = [...list].sort((a, b) => a - b);
  return sorted[sorted.length >> 1] ?? Number.NaN;
}
