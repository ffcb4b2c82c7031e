/**
 * The world tick alone, for profiling and A/B runs (`npm run bench` measures every figure, on
 * this file bundled: bench/tick-bundle.ts): `node --import tsx bench/tick-only.ts` with P
 * (players, 50,000), W (watched, 5,000), C=0 (no pets or potions), G=0 (no gear), E=1 (every
 * player in an Elemental Rift, bench/events.ts), D=1 (idle dungeons), M=0 (no milestones looked
 * for), T (ticks, 5); PROF=file.cpuprofile records a CPU profile and HEAP=file.heapprofile an
 * allocation profile of the measured ticks (not the warm-up). Prints wall and CPU median and
 * worst; JSON=1 prints the figures (bench/tick-world.ts's TickFigures) as one JSON line instead.
 */

import { writeFileSync } from "node:fs";
import { Session } from "node:inspector/promises";
import { buildTickWorld, median, type TickFigures, type TickWorld } from "./tick-world";

const config: TickWorld = {
  players: Number(process.env.P ?? 50_000),
  watched: Number(process.env.W ?? 5_000),
  gear: process.env.G !== "0",
  companions: process.env.C !== "0",
  rift: process.env.E === "1",
  dungeons: process.env.D === "1",
  milestones: process.env.M !== "0",
};
const ticks = Number(process.env.T ?? 5);
const world = buildTickWorld(config);
world.tick();
const itemsBefore = world.items();
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
const figures: TickFigures = { wallMs: [], cpuMs: [], itemsPerTick: 0, milestones: 0 };
for (let i = 0; i < ticks; i++) {
  const t = world.tick();
  figures.wallMs.push(t.wallMs);
  figures.cpuMs.push(t.cpuMs);
}
figures.itemsPerTick = (world.items() - itemsBefore) / ticks;
figures.milestones = world.milestones();
if (session && process.env.PROF) {
  const { profile } = await session.post("Profiler.stop");
  writeFileSync(process.env.PROF, JSON.stringify(profile));
}
if (session && process.env.HEAP) {
  const { profile } = await session.post("HeapProfiler.stopSampling");
  writeFileSync(process.env.HEAP, JSON.stringify(profile));
}
if (process.env.JSON === "1") {
  console.log(JSON.stringify(figures));
} else {
  const worst = (list: number[]) => Math.max(...list).toFixed(1);
  const { players, watched, companions, rift, dungeons } = config;
  console.log(
    `P=${players} W=${watched} C=${companions} E=${rift ? 1 : 0} D=${dungeons ? 1 : 0} wall median ${median(figures.wallMs).toFixed(1)} worst ${worst(figures.wallMs)} | cpu median ${median(figures.cpuMs).toFixed(1)} worst ${worst(figures.cpuMs)} | all ${figures.wallMs.map((x) => x.toFixed(0)).join(",")}`,
  );
}
