/**
 * The world tick alone, for profiling and A/B runs (`npm run bench` measures every figure):
 * `node --import tsx bench/tick-only.ts` with P (players, 50,000), W (watched, 5,000), C=0 (no
 * pets or potions), E=1 (every player in an Elemental Rift, bench/events.ts), T (ticks, 5); PROF=file.cpuprofile records a CPU profile and
 * HEAP=file.heapprofile an allocation profile of the measured ticks (not the warm-up). Prints
 * wall and CPU median and worst.
 */

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import type { WebSocket } from "ws";
import { Connection } from "../apps/server/src/socket/connection";
import { Sessions } from "../apps/server/src/socket/sessions";
import { ItemDrops } from "../apps/server/src/world/item-drops";
import { CounterItemIds } from "../apps/server/src/world/item-ids";
import type { PlayerStore } from "../apps/server/src/world/player-store";
import { World } from "../apps/server/src/world/world";
import { benchPlayer } from "../apps/server/test/support/world-fixtures";
import { riftForBench } from "./events";

function fakeSocket(): WebSocket {
  return {
    OPEN: 1,
    readyState: 1,
    bufferedAmount: 0,
    send() {},
    terminate() {},
  } as unknown as WebSocket;
}
const players = Number(process.env.P ?? 50_000);
const watched = Number(process.env.W ?? 5_000);
const companions = process.env.C !== "0";
const ticks = Number(process.env.T ?? 5);
/** D=1: every player runs small idle dungeons (benchPlayer's `dungeons`). */
const dungeons = process.env.D === "1";
const loaded = new Map(
  Array.from({ length: players }, (_, i) => [
    i + 1,
    benchPlayer(i + 1, { gear: true, companions, dungeons }),
  ]),
);
const store = { loaded, newItems: new Map<number, number>() } as unknown as PlayerStore;
const sessions = new Sessions();
for (let i = 1; i <= watched; i++) sessions.add(new Connection(fakeSocket(), i));
const drops = new ItemDrops(store, new CounterItemIds(10_000_000), sessions);
let milestones = 0;
const events = process.env.E === "1" ? riftForBench(store, sessions) : undefined;
const world = new World(store, sessions, {
  tickMs: 3000,
  worldSeed: 7,
  drops,
  onMilestone: () => void milestones++,
  ...(events ? { events } : {}),
});
world.tick();
let session: Session | undefined;
if (process.env.HEAP) {
  session = new Session();
  session.connect();
  await session.post("HeapProfiler.enable");
  await session.post("HeapProfiler.startSampling", {
    samplingInterval: 2048,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
}
if (process.env.PROF) {
  session = new Session();
  session.connect();
  await session.post("Profiler.enable");
  await session.post("Profiler.setSamplingInterval", { interval: 100 });
  await session.post("Profiler.start");
}
const times: number[] = [];
const cpu: number[] = [];
for (let i = 0; i < ticks; i++) {
  const used = process.cpuUsage();
  times.push(world.tick().durationMs);
  const s = process.cpuUsage(used);
  cpu.push((s.user + s.system) / 1000);
}
if (session && process.env.PROF) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(process.env.PROF, JSON.stringify(profile));
}
if (session && process.env.HEAP) {
  const { profile } = await session.post("HeapProfiler.stopSampling");
  writeFileSync(process.env.HEAP, JSON.stringify(profile));
}
const t = [...times].sort((a, b) => a - b);
const c = [...cpu].sort((a, b) => a - b);
console.log(
  `P=${players} W=${watched} C=${companions} E=${events ? 1 : 0} D=${dungeons ? 1 : 0} wall median ${t[t.length >> 1]!.toFixed(1)} worst ${t[t.length - 1]!.toFixed(1)} | cpu median ${c[c.length >> 1]!.toFixed(1)} worst ${c[c.length - 1]!.toFixed(1)} | all ${times.map((x) => x.toFixed(0)).join(",")}`,
);
