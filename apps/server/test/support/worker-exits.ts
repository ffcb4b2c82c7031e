/**
 * Global setup (in Vitest's main process): says how a test worker ended when it ends in the
 * middle of a run. Vitest prints only "Worker exited unexpectedly", without the exit code or
 * the signal (CI, 2026-11-29: a worker of the Node 24 run died in flush.test.ts on PGlite with
 * no output, which a signal such as SIGSEGV would explain). Vitest forks its workers with
 * `child_process.fork`; this wraps it, so each worker's end is seen with its code and signal.
 */
import childProcess from "node:child_process";
import { syncBuiltinESMExports } from "node:module";

const marked = Symbol.for("manaspire.workerExits");
const holder = globalThis as { [marked]?: true };

export default function setup(): void {
  if (holder[marked]) return;
  holder[marked] = true;
  const fork = childProcess.fork;
  childProcess.fork = ((...args: Parameters<typeof fork>) => {
    const child = fork(...args);
    const started = Date.now();
    child.on("exit", (code, signal) => {
      // Vitest ends its workers with SIGTERM (exit code null) or lets them exit with 0.
      if ((code === 0 || code === null) && (signal === null || signal === "SIGTERM")) return;
      const age = ((Date.now() - started) / 1000).toFixed(0);
      console.error(
        `test worker ${child.pid} (${process.version}) ended with code ${code}, signal ${signal}, after ${age} s`,
      );
    });
    return child;
  }) as typeof fork;
  syncBuiltinESMExports();
}
