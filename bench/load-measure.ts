/**
 * What `npm run load` reads of a server process from outside: percentiles of delays, CPU and
 * memory from /proc (Linux), the event loop's longest lag from its /metrics, whether it is up,
 * and how many files a process may open here.
 */
import type { spawn } from "node:child_process";
import { readFileSync } from "node:fs";

export function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** CPU seconds (user + system) of a process, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

export function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
}

export async function eventLoopMaxLagMs(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`)
    .then((r) => r.text())
    .catch(() => "");
  const match = /^nodejs_eventloop_lag_max_seconds\s+([\d.e+-]+)/m.exec(text);
  return Number(match?.[1] ?? Number.NaN) * 1000;
}

export async function waitHealthy(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 600_000;
  for (;;) {
    try {
      const health = (await fetch(`${url}/api/health`).then((r) => r.json())) as { ok: boolean };
      if (health.ok) return;
    } catch {
      // not up yet
    }
    if (child.exitCode !== null) throw new Error("server exited");
    if (Date.now() > deadline) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 300));
  }
}

/** The most files (sockets included) a process may open here (`ulimit -n`). */
export function openFilesLimit(): number {
  const match = /Max open files\s+(\d+)/.exec(readFileSync("/proc/self/limits", "utf8"));
  return match ? Number(match[1]) : Number.POSITIVE_INFINITY;
}
