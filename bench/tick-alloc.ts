/**
 * Bytes the world tick allocates per action: a small world (P players, 5,000; W watched, 0;
 * C=0 no pets or potions; D=1 idle dungeons) ticked 30 times to warm up, then 5 ticks each
 * measured as heap growth from a full collection, with a young generation too big to fill so
 * nothing is collected meanwhile. Run it as
 * `node --expose-gc --max-semi-space-size=256 --import tsx bench/tick-alloc.ts`.
 */
import { buildTickWorld } from "./tick-world";

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error("run with node --expose-gc --max-semi-space-size=256");
const players = Number(process.env.P ?? 5000);
const world = buildTickWorld({
  players,
  watched: Number(process.env.W ?? 0),
  gear: true,
  companions: process.env.C !== "0",
  rift: false,
  dungeons: process.env.D === "1",
  milestones: true,
});
for (let i = 0; i < 30; i++) world.tick();
const perAction: number[] = [];
for (let k = 0; k < 5; k++) {
  gc();
  const before = process.memoryUsage().heapUsed;
  world.tick();
  perAction.push((process.memoryUsage().heapUsed - before) / players);
}
console.log(`bytes allocated per action: ${perAction.map((x) => x.toFixed(0)).join(", ")}`);
