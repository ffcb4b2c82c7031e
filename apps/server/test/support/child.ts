import { type ChildProcess, spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";

import { inject } from "vitest";
import "./provided";
import { freePort } from "./free-port";
import { TEST_NODE_FLAGS } from "./node-flags";

export { freePort };

const sources = path.resolve(import.meta.dirname, "../../src/main.ts");

/**
 * How to start the server: the run's bundle (store-templates.ts) when there is one, about a
 * third of the CPU of compiling the sources with tsx at every start; else the sources. With
 * the tests' Node flags (node-flags.ts).
 */
function serverCommand(): string[] {
  const bundle = inject("serverBundle");
  const entry = bundle ? [path.join(bundle, "main.js")] : ["--import", "tsx", sources];
  return [...TEST_NODE_FLAGS, ...entry];
}

/**
 * What a process that does not answer is doing, from /proc (Linux): its state, the CPU time it
 * has used and what it waits in. A starved process has used little CPU; a hung one waits.
 */
function processState(pid: number | undefined): string {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = Number(fields[11]) + Number(fields[12]);
    const wchan = readFileSync(`/proc/${pid}/wchan`, "utf8");
    return `state ${fields[0]}, ${(ticks / 100).toFixed(1)} s of CPU, waiting in ${wchan || "-"}, machine load ${loadavg()
      .map((l) => l.toFixed(1))
      .join(" ")}`;
  } catch (err) {
    return `no /proc entry: ${(err as Error).message}`;
  }
}

/** The real server as its own process (see serverCommand), for signal tests. */
export class ServerProcess {
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  output = "";

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    /** The operator's listener (metrics, detailed /health and /ready). */
    readonly metricsUrl: string,
  ) {
    this.exit = new Promise((resolve) => {
      child.on("exit", (code, signal) => resolve({ code, signal }));
    });
    child.stdout?.on("data", (d) => {
      this.output += d;
    });
    child.stderr?.on("data", (d) => {
      this.output += d;
    });
  }

  static async start(env: Record<string, string>, port: number): Promise<ServerProcess> {
    // The store decides the database: never inherit the test runner's DATABASE_URL.
    const { DATABASE_URL: _inherited, ...inherited } = process.env;
    const metricsPort = await freePort();
    const child = spawn(process.execPath, serverCommand(), {
      env: {
        ...inherited,
        METRICS_PORT: String(metricsPort),
        ...env,
        PORT: String(port),
        HOST: "127.0.0.1",
        WEB_DIST: "",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    const proc = new ServerProcess(
      child,
      `http://127.0.0.1:${port}`,
      `http://127.0.0.1:${metricsPort}`,
    );
    const deadline = Date.now() + 60_000;
    for (;;) {
      try {
        const res = await fetch(`${proc.url}/api/health`);
        if (res.ok) return proc;
      } catch {
        // not listening yet
      }
      if (child.exitCode !== null) throw new Error(`server exited early:\n${proc.output}`);
      if (Date.now() > deadline) {
        const state = processState(child.pid);
        // Nobody holds it to kill it later: a server that did not start is killed here.
        child.kill("SIGKILL");
        throw new Error(`server did not start within 60 s (${state}):\n${proc.output}`);
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  }

  /** Test teardown: a process still running (paused or not) is killed and awaited. */
  async killIfRunning(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    this.child.kill("SIGCONT");
    this.child.kill("SIGKILL");
    await this.exit;
  }

  kill(signal: NodeJS.Signals): void {
    this.child.kill(signal);
  }
}
