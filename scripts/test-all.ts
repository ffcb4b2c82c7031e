/**
 * `npm test`: every check, independent ones side by side, with each stage's wall and CPU time
 * printed as it ends and again in a table at the end (so every CI run shows where time goes).
 *
 *   1. side by side: the build (web and server, which the e2e suite serves and a test runs)
 *      then vitest; Chromium present, the type check (tsc -b), lint, unit, then cluster
 *      - vitest: PGlite's integration tests on the machine's Node, VITEST_WORKERS (2) files
 *        at a time, V8 coverage
 *      - unit: the unit tests on Node 24 (the newest LTS line; the machine's Node is 20),
 *        fetched from the npm registry as the `node` package at the version pinned below,
 *        UNIT_WORKERS (1) files at a time, V8 coverage
 *      - cluster: PostgreSQL's files of several server processes on Node 24, one at a time
 *   2. side by side: e2e (Playwright, two workers) and node24: PostgreSQL's other integration
 *      tests on Node 24 (none without DATABASE_URL), NODE24_WORKERS (2) files at a time, V8
 *      coverage
 *   3. coverage: the Vitest runs' coverage merged and held to the floor (vitest.config.ts)
 *   TEST_OVERLAP=1: the three test lanes side by side instead.
 *   NODE20_PROJECTS / NODE24_PROJECTS change the projects of the PGlite and PostgreSQL runs.
 *
 * Why this order (docs/testing.md, "Filling the idle core"): each test stage alone leaves part
 * of the machine idle (its tests wait on timers, sockets and servers). The type check, the
 * unit tests and the cluster files, one file at a time, fill the PGlite run's idle core; the
 * rest of the PostgreSQL run (its files mostly wait on their servers and timers) fills the
 * e2e suite's. PGlite's run never shares the machine with another test run of two workers:
 * beside them, on slower machines of the kind, its tests starved past their bounds.
 *
 * Only a failed build stops the run. TEST_STAGES=typecheck,vitest (names from the table)
 * runs only those. A stage's output is printed whole when it ends (parallel stages' lines
 * never interleave); a stage alone in its group streams it.
 */
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { availableParallelism, tmpdir } from "node:os";
import path from "node:path";

interface Stage {
  name: string;
  command: string;
  /** Print the output as it comes (a stage running alone), or whole at its end. */
  stream: boolean;
}

interface Outcome {
  name: string;
  ok: boolean;
  wallS: number;
  cpuS: number;
  /** The whole machine's busy CPU time while the stage ran (its side-by-side stages' too). */
  machineS: number;
}

/** Test files at a time: PGlite's run (each file's store is a PGlite in its worker's memory). */
const workers = process.env.VITEST_WORKERS ?? "2";
/** Test files at a time on Node 24: PostgreSQL's files mostly wait (on timers and servers). */
const node24Workers = process.env.NODE24_WORKERS ?? "2";
/** The Node 24 the unit and node24 stages run on: the npm registry's `node` package, exact version. */
const node24 = process.env.NODE24_VERSION ?? "24.21.0";
const projectArgs = (list: string) =>
  list
    .split(",")
    .map((p) => `--project ${JSON.stringify(p.trim())}`)
    .join(" ");
/**
 * Each test runs once, on one Node: PGlite's integration tests on the machine's Node, the unit
 * tests and PostgreSQL's integration tests on Node 24 (the Node of the Docker image). Not
 * PGlite's on Node 24: its V8 aborts a process that opens and closes many PGlite databases
 * (`Check failed: jit_page_->allocations_.erase(addr) == 1`, nodejs/node#64500), and a test
 * worker opens dozens; the server opens one (docs/testing.md, "Node versions").
 * Without DATABASE_URL there is no PostgreSQL project, and no node24 stage.
 */
const node20Projects = projectArgs(process.env.NODE20_PROJECTS ?? "integration-pglite");
const node24List =
  process.env.NODE24_PROJECTS ?? (process.env.DATABASE_URL ? "integration-postgres" : "");
/** The unit tests' files at a time: one, beside the PGlite run (whose tests it must not starve). */
const unitWorkers = process.env.UNIT_WORKERS ?? "1";
/**
 * A Vitest run that measures coverage of its part (its own directory, no thresholds) and
 * leaves a blob report the coverage stage merges: the figure and its floor are the union's.
 */
const vitestPart = (projects: string, part: string, maxWorkers: string) =>
  `COVERAGE_PART=1 npx vitest run ${projects} --maxWorkers=${maxWorkers} --coverage --coverage.reportsDirectory=coverage/${part} --reporter=default --reporter=blob --outputFile.blob=.vitest-reports/${part}.json`;
const typecheck: Stage = { name: "typecheck", command: "npx tsc -b", stream: false };
const lint: Stage = { name: "lint", command: "npx biome check .", stream: false };
const build: Stage = { name: "build", command: "npm run build", stream: false };
const chromium: Stage = {
  name: "chromium",
  command: "bash scripts/ensure-chromium.sh",
  stream: false,
};
const vitest: Stage = {
  name: "vitest",
  command: vitestPart(node20Projects, "node20", workers),
  stream: true,
};
const e2e: Stage = { name: "e2e", command: "npx playwright test", stream: true };
/**
 * A Vitest run on Node 24: its directory first on PATH, so Vitest, its workers and anything a
 * test starts (`node`, npm's scripts) run on it; one `npm ci` serves both (no module is built
 * for one Node: the native ones are N-API). The header shows the version that runs. The binary
 * is copied out of npm's cache (under the home directory, often closed to other users) into
 * the checkout, because a test starts the server as the image's user.
 */
const onNode24 = (name: string, projects: string, maxWorkers: string): Stage => ({
  name,
  command: [
    `fetched=$(npx -y node@${node24} -p process.execPath)`,
    "mkdir -p node_modules/.cache/node24",
    'bin="$PWD/node_modules/.cache/node24/node"',
    'cp "$fetched" "$bin" && chmod 755 "$bin"',
    'export PATH="$(dirname "$bin"):$PATH"',
    `echo "${name}: $(node -p process.version) at $bin, fetched in $SECONDS s"`,
    vitestPart(projects, name, maxWorkers),
  ].join(" && "),
  stream: true,
});
const unit = onNode24("unit", projectArgs("unit"), unitWorkers);
/**
 * The PostgreSQL files of several server processes (skipped on PGlite): they mostly wait on
 * leases, heartbeats and process starts, so they run one at a time in the PGlite run's idle
 * core (after the unit tests) instead of beside the e2e suite. Vitest's file filters
 * (substrings of the path) pick them for the `cluster` stage; the same names are excluded from
 * the `node24` stage. Only with the default projects (NODE24_PROJECTS unset) and DATABASE_URL.
 */
const clusterFiles = ["cluster", "shared-limits"];
const clusterStage =
  process.env.DATABASE_URL && !process.env.NODE24_PROJECTS
    ? onNode24(
        "cluster",
        `${projectArgs("integration-postgres")} ${clusterFiles.join(" ")}`,
        process.env.CLUSTER_WORKERS ?? "1",
      )
    : null;
const node24Stage = node24List
  ? onNode24(
      "node24",
      [
        projectArgs(node24List),
        ...(clusterStage ? clusterFiles.map((f) => `--exclude '**/*${f}*.test.ts'`) : []),
      ].join(" "),
      node24Workers,
    )
  : null;
const coverageStage: Stage = {
  // The Vitest runs' coverage merged (PGlite, unit, PostgreSQL), checked against the floor
  // (vitest.config.ts), written to coverage/coverage-summary.json; every run's failures are
  // listed again here.
  name: "coverage",
  command: "npx vitest --merge-reports=.vitest-reports --coverage --reporter=dot",
  stream: true,
};

/** Stages run one after another; a lane stops at its first failed stage. */
type Lane = Stage[];
/**
 * Groups run one after another; a group's lanes run side by side. All three test stages side
 * by side (TEST_OVERLAP=1) took 553 s instead of 772 s on the morning's 2-core machine of
 * 2026-11-29, but on the afternoon's, whose processes pay 2.5 times the CPU under that load,
 * three runs out of three failed on PGlite tests starved past their bounds (docs/testing.md):
 * CI must pass on whatever machine it gets.
 */
const groups: Lane[][] = (
  process.env.TEST_OVERLAP !== "1"
    ? [
        [
          [build, vitest],
          [chromium, typecheck, lint, unit, clusterStage],
        ],
        [[e2e], [node24Stage]],
        [[coverageStage]],
      ]
    : [
        [[typecheck], [lint], [build], [chromium]],
        [[e2e], [vitest], [unit, clusterStage, node24Stage]],
        [[coverageStage]],
      ]
).map((group) => group.map((lane) => lane.filter((s): s is Stage => s !== null)));

const only = process.env.TEST_STAGES?.split(",").map((s) => s.trim());

/** Runs a stage in bash, which reports its children's CPU time (`times`) when it ends. */
function run(stage: Stage): Promise<Outcome> {
  const dir = mkdtempSync(path.join(tmpdir(), "manaspire-stage-"));
  const timesFile = path.join(dir, "times");
  const script = `${stage.command}; rc=$?; times > ${JSON.stringify(timesFile)}; exit $rc`;
  const started = performance.now();
  const machineBefore = machineBusyS();
  return new Promise((resolve) => {
    const child = spawn("bash", ["-c", script], {
      stdio: stage.stream ? "inherit" : ["ignore", "pipe", "pipe"],
      env: { ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? "0" },
    });
    let output = "";
    child.stdout?.on("data", (d) => {
      output += d;
    });
    child.stderr?.on("data", (d) => {
      output += d;
    });
    child.on("exit", (code) => {
      const wallS = (performance.now() - started) / 1000;
      const cpuS = existsSync(timesFile) ? childrenCpu(readFileSync(timesFile, "utf8")) : 0;
      const machineS = machineBusyS() - machineBefore;
      rmSync(dir, { recursive: true, force: true });
      const ok = code === 0;
      if (!stage.stream) process.stdout.write(output);
      console.log(
        `\n── ${stage.name}: ${ok ? "passed" : `FAILED (exit ${code})`} in ${wallS.toFixed(1)} s, ${cpuS.toFixed(1)} s CPU (the machine: ${machineS.toFixed(1)} s)\n`,
      );
      resolve({ name: stage.name, ok, wallS, cpuS, machineS });
    });
  });
}

/** bash `times` prints the shell's user and system time, then its children's: sum the latter. */
function childrenCpu(times: string): number {
  const lines = times.trim().split("\n");
  const children = lines[1] ?? "";
  let total = 0;
  for (const m of children.matchAll(/(\d+)m([\d.]+)s/g)) total += Number(m[1]) * 60 + Number(m[2]);
  return total;
}

/**
 * The machine's busy CPU seconds since boot (/proc/stat: all but idle and iowait). A stage's
 * own figure (`times`) misses what it makes other processes do: PostgreSQL's backends, and
 * Chromium, whose renderers are not its children; this one counts everything on the machine.
 */
function machineBusyS(): number {
  try {
    const cpu = readFileSync("/proc/stat", "utf8").split("\n")[0]?.trim().split(/\s+/).slice(1);
    const [user, nice, system, , , irq, softirq, steal] = (cpu ?? []).map(Number);
    return (
      ((user ?? 0) + (nice ?? 0) + (system ?? 0) + (irq ?? 0) + (softirq ?? 0) + (steal ?? 0)) / 100
    );
  } catch {
    return 0;
  }
}

function coverageLine(): string | undefined {
  const file = path.resolve("coverage/coverage-summary.json");
  if (!existsSync(file)) return undefined;
  const total = JSON.parse(readFileSync(file, "utf8")).total as Record<string, { pct: number }>;
  return `coverage (unit + integration, V8): statements ${total.statements?.pct}%, branches ${total.branches?.pct}%, functions ${total.functions?.pct}%, lines ${total.lines?.pct}%`;
}

// The Vitest runs' blob reports, which the coverage stage merges: this run's only (kept when
// only the coverage stage runs, to merge an earlier run's).
if (!only || only.some((name) => name !== "coverage")) {
  rmSync(".vitest-reports", { recursive: true, force: true });
}
const outcomes: Outcome[] = [];
const started = performance.now();
const machineStarted = machineBusyS();
for (const group of groups) {
  const lanes = group
    .map((lane) => lane.filter((s) => !only || only.includes(s.name)))
    .filter((lane) => lane.length > 0);
  if (lanes.length === 0) continue;
  // A group of one lane streams its output; side by side, each stage prints whole at its end.
  const alone = lanes.length === 1;
  const results = (
    await Promise.all(
      lanes.map(async (lane) => {
        const done: Outcome[] = [];
        for (const s of lane) {
          const outcome = await run({ ...s, stream: s.stream && alone });
          done.push(outcome);
          // Nothing after a failed build can pass; the other stages of a lane do not depend on
          // each other, so they all run and one run shows every failure.
          if (!outcome.ok && outcome.name === "build") break;
        }
        return done;
      }),
    )
  ).flat();
  outcomes.push(...results);
  // Nothing after a failed build can pass (the e2e suite serves it); a failed lint or test
  // stage does not stop the rest, so one run shows every failure.
  if (results.some((r) => r.name === "build" && !r.ok)) break;
}
const wall = (performance.now() - started) / 1000;
const machine = machineBusyS() - machineStarted;

console.log("\nstage        result   wall s    CPU s  machine s");
for (const o of outcomes) {
  console.log(
    `${o.name.padEnd(12)} ${(o.ok ? "passed" : "FAILED").padEnd(8)} ${o.wallS.toFixed(1).padStart(6)} ${o.cpuS.toFixed(1).padStart(8)} ${o.machineS.toFixed(1).padStart(10)}`,
  );
}
const cpu = outcomes.reduce((sum, o) => sum + o.cpuS, 0);
console.log(
  `${"total".padEnd(12)} ${"".padEnd(8)} ${wall.toFixed(1).padStart(6)} ${cpu.toFixed(1).padStart(8)} ${machine.toFixed(1).padStart(10)}`,
);
console.log(
  `the machine was ${((100 * machine) / (wall * availableParallelism())).toFixed(0)}% busy (${availableParallelism()} cores); CPU s: the stage's processes, machine s: everything, side-by-side stages included`,
);
const coverage = coverageLine();
if (coverage && outcomes.some((o) => o.name === "coverage")) console.log(coverage);
process.exit(outcomes.every((o) => o.ok) ? 0 : 1);
