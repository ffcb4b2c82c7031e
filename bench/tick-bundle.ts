/**
 * The bench's world tick as `npm start` runs it: bench/tick-only.ts built the way the server is
 * built (apps/server/scripts/bundle.ts: one esbuild bundle, no tsx), run in a child process per
 * world. Under tsx (the bench's own loader) the same tick costs more CPU: every module is
 * compiled on its own with esbuild's `keepNames`, so each closure made in the tick also calls
 * `__name`, and imports stay live bindings across modules.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { build } from "esbuild";
import { serverBuildOptions } from "../apps/server/scripts/bundle";
import type { TickFigures, TickWorld } from "./tick-world";

const root = path.resolve(import.meta.dirname, "..");
/** Beside the server's folder, so its own node_modules resolve the bundle's npm imports. */
const out = path.join(root, "apps/server/.test-bundles/bench-tick/tick.mjs");
let built: Promise<string> | undefined;

/** Builds bench/tick-only.ts once per bench run; the bundle's path. */
export function tickBundle(): Promise<string> {
  built ??= build({
    ...serverBuildOptions(),
    absWorkingDir: path.join(root, "apps/server"),
    entryPoints: [path.join(root, "bench/tick-only.ts")],
    outfile: out,
  }).then(() => out);
  return built;
}

/**
 * One world ticked `ticks` times (after a warm-up tick) in a child running the bundle, with
 * `nodeFlags` (e.g. a V8 heap setting an operator may give the server).
 */
export async function measureBundledTicks(
  w: TickWorld,
  ticks: number,
  nodeFlags: string[] = [],
): Promise<TickFigures> {
  const file = await tickBundle();
  const flag = (on: boolean) => (on ? "1" : "0");
  const child = spawnSync(process.execPath, [...nodeFlags, file], {
    env: {
      ...process.env,
      P: String(w.players),
      W: String(w.watched),
      G: flag(w.gear),
      C: flag(w.companions),
      E: flag(w.rift),
      D: flag(w.dungeons),
      M: flag(w.milestones),
      T: String(ticks),
      JSON: "1",
      PROF: "",
      HEAP: "",
    },
    encoding: "utf8",
    maxBuffer: 1 << 24,
  });
  if (child.status !== 0) {
    throw new Error(`the bundled tick failed (${child.status}): ${child.stderr}`);
  }
  const last = child.stdout.trim().split("\n").pop() ?? "";
  return JSON.parse(last) as TickFigures;
}
