/**
 * `npm run load` (issue 16, not in CI): how many connected players one server process holds
 * at its tick, measured from outside with real sockets, beside a bare `ws` server that sends
 * frames of the same size at the same rate.
 *
 * For each step N (LOAD_STEPS, default 1000,2000,5000,10000,20000): a fresh PostgreSQL
 * database (LOAD_DATABASE_URL's server, default the local one) gets N battling accounts
 * seeded straight into it (plus LOAD_IDLE loaded idle players, default 0), tokens are signed
 * with the server's JWT_SECRET, and this process opens N sockets and hydrates them. Over a
 * window (LOAD_WINDOW_S, default 30 s) every battleTick's delay from its scheduled time to
 * its arrival here is recorded. LOAD_PORTS=3001,3002,3003 spreads the clients over
 * processes started with REDIS_URL (LOAD_REDIS_URL, default the local Redis).
 * Reported: sockets held, p50/p99/max delay, server CPU and RSS (from /proc), the event
 * loop's longest lag (its /metrics), bytes per connection per tick; then the bare server.
 * Stops at the first step past the target (p99 < 250 ms, every socket held), naming it.
 */
import { spawn } from "node:child_process";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { createServer } from "node:net";
import path from "node:path";
import { clientProtocol, serverProtocol } from "@manaspire/protocol";
import { sql } from "drizzle-orm";
import pg from "pg";
import WebSocket from "ws";
import { TokenService } from "../apps/server/src/auth/tokens";
import { openDatabase } from "../apps/server/src/db/client";
import { resultRows } from "../apps/server/src/world/player-writes";
import { seedPlayers } from "../apps/server/test/support/seed";

const STEPS = (process.env.LOAD_STEPS ?? "1000,2000,5000,10000,20000").split(",").map(Number);
const WINDOW_MS = Number(process.env.LOAD_WINDOW_S ?? 30) * 1000;
const IDLE = Number(process.env.LOAD_IDLE ?? 0);
const TICK_MS = Number(process.env.LOAD_TICK_MS ?? 3000);
const PROCESSES = Number(process.env.LOAD_PROCESSES ?? 1);
const TARGET_P99_MS = 250;
const SECRET = "load-test-secret-that-is-long-enough-for-hs256";
const PG_SERVER = process.env.LOAD_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";
const REDIS_URL = process.env.LOAD_REDIS_URL ?? "redis://127.0.0.1:6379";
const require = createRequire(import.meta.url);
const MAIN = path.resolve(import.meta.dirname, "../apps/server/src/main.ts");

interface Figures {
  held: number;
  p50: number;
  p99: number;
  max: number;
  cpu: number;
  rssMb: number;
  lagMs: number;
  bytesPerTick: number;
  framesPerS: number;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, "127.0.0.1", () => {
      const a = srv.address();
      srv.close(() => resolve(typeof a === "object" && a ? a.port : 0));
    });
    srv.on("error", reject);
  });
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
}

/** CPU seconds (user + system) of a process, from /proc (Linux). */
function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return Number(match?.[1] ?? 0) / 1024;
}

async function eventLoopMaxLagMs(url: string): Promise<number> {
  const text = await fetch(`${url}/metrics`).then((r) => r.text());
  const match = /^nodejs_eventloop_lag_max_seconds\s+([\d.e+-]+)/m.exec(text);
  return Number(match?.[1] ?? Number.NaN) * 1000;
}

async function waitHealthy(url: string, child: ReturnType<typeof spawn>): Promise<void> {
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

/** Opens n sockets over the urls (round robin), hydrates them, calls `onFrame` per frame. */
async function openClients(
  urls: string[],
  tokens: string[],
  onFrame: (data: Buffer) => void,
): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  const BATCH = 200;
  for (let i = 0; i < tokens.length; i += BATCH) {
    await Promise.all(
      tokens.slice(i, i + BATCH).map(
        (token, j) =>
          new Promise<void>((resolve) => {
            const base = urls[(i + j) % urls.length] as string;
            const ws = new WebSocket(`${base.replace("http", "ws")}/ws?token=${token}`);
            ws.binaryType = "nodebuffer";
            ws.on("open", () => {
              ws.send(HYDRATE);
              resolve();
            });
            ws.on("message", (data: Buffer) => onFrame(data));
            ws.on("error", () => resolve());
            sockets.push(ws);
          }),
      ),
    );
  }
  return sockets;
}

/** battleTick's opcode (frames start with the opcode as two bytes). */
const BATTLE_TICK_OPCODE = 2;

/** The client's hydrate frame, encoded once. */
const HYDRATE = clientProtocol.encode("hydrate", {});

/** Records the window's delays and bytes from battleTick frames and all frames. */
function recorder() {
  const delays: number[] = [];
  let bytes = 0;
  let frames = 0;
  let recording = false;
  return {
    onFrame(data: Buffer): void {
      if (!recording) return;
      const arrived = Date.now();
      bytes += data.byteLength;
      frames++;
      // Only battleTick frames (opcode 2, the first two bytes) are decoded: the client's own
      // work must not hold later frames back and count as the server's delay.
      if (data[0] !== 0 || data[1] !== BATTLE_TICK_OPCODE) return;
      const m = serverProtocol.decode(
        new Uint8Array(data.buffer, data.byteOffset, data.byteLength),
      );
      if (m.type === "battleTick") delays.push(arrived - m.data.scheduledAt);
    },
    start(): void {
      recording = true;
    },
    stop() {
      recording = false;
      return { delays: delays.sort((a, b) => a - b), bytes, frames };
    },
  };
}

async function gameStep(
  n: number,
): Promise<Figures & { frameBytes: number; framesPerTick: number }> {
  const dbName = `manaspire_load_${Date.now()}`;
  const admin = new pg.Client({ connectionString: PG_SERVER });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  const url = new URL(PG_SERVER);
  url.pathname = `/${dbName}`;
  const procs: { child: ReturnType<typeof spawn>; url: string }[] = [];
  let sockets: WebSocket[] = [];
  try {
    // Accounts straight into the database (a sign-up each would take minutes): battling
    // players for the sockets, idle acting ones to fill memory.
    const database = await openDatabase({ databaseUrl: url.toString(), dataDir: "" });
    const ids = await seedPlayers(database.db, n);
    if (IDLE > 0) await seedPlayers(database.db, IDLE);
    const rows = resultRows<{ id: string; account: string }>(
      await database.db.execute(
        sql`select id, account_id as account from players where id = any(${`{${ids.join(",")}}`}::int8[])`,
      ),
    );
    await database.close();
    const tokens = new TokenService(SECRET, 86_400);
    const signed = await Promise.all(
      rows.map((r) => tokens.issue({ playerId: Number(r.id), accountId: Number(r.account) })),
    );
    for (let i = 0; i < PROCESSES; i++) {
      const port = await freePort();
      const child = spawn(process.execPath, ["--import", "tsx", MAIN], {
        env: {
          ...process.env,
          DATABASE_URL: url.toString(),
          ...(PROCESSES > 1 ? { REDIS_URL } : {}),
          PORT: String(port),
          HOST: "127.0.0.1",
          WEB_DIST: "",
          JWT_SECRET: SECRET,
          TICK_MS: String(TICK_MS),
          LOG_LEVEL: "warn",
          MAX_SOCKETS_PER_IP: "1000000",
        },
        stdio: ["ignore", "inherit", "inherit"],
      });
      procs.push({ child, url: `http://127.0.0.1:${port}` });
    }
    for (const p of procs) await waitHealthy(p.url, p.child);
    const rec = recorder();
    sockets = await openClients(
      procs.map((p) => p.url),
      signed,
      (d) => rec.onFrame(d),
    );
    await new Promise((r) => setTimeout(r, 2 * TICK_MS)); // everyone hydrated and ticking
    for (const p of procs) await eventLoopMaxLagMs(p.url); // resets the lag histogram
    const cpu0 = procs.map((p) => cpuSeconds(p.child.pid as number));
    rec.start();
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    const { delays, bytes, frames } = rec.stop();
    const cpu = procs.reduce(
      (sum, p, i) => sum + (cpuSeconds(p.child.pid as number) - (cpu0[i] as number)),
      0,
    );
    const lag = Math.max(...(await Promise.all(procs.map((p) => eventLoopMaxLagMs(p.url)))));
    const held = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    const ticks = WINDOW_MS / TICK_MS;
    return {
      held,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays[delays.length - 1] ?? Number.NaN,
      cpu: cpu / (WINDOW_MS / 1000),
      rssMb: procs.reduce((s, p) => s + rssMb(p.child.pid as number), 0),
      lagMs: lag,
      bytesPerTick: bytes / Math.max(1, held) / ticks,
      framesPerS: frames / (WINDOW_MS / 1000),
      frameBytes: frames > 0 ? bytes / frames : 0,
      framesPerTick: frames / Math.max(1, held) / ticks,
    };
  } finally {
    for (const s of sockets) s.terminate();
    for (const p of procs) p.child.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 500));
    await admin.query(`drop database if exists ${dbName} with (force)`).catch(() => {});
    await admin.end();
  }
}

/**
 * The same number of clients fed by a bare `ws` server in its own process: every tick it
 * sends each client `framesPerTick` frames of `frameBytes` bytes, the first carrying the
 * tick's scheduled time like a battleTick.
 */
async function bareStep(n: number, frameBytes: number, framesPerTick: number): Promise<Figures> {
  const port = await freePort();
  const code = `
    const { WebSocketServer } = require(${JSON.stringify(require.resolve("ws"))});
    const wss = new WebSocketServer({ port: ${port}, host: "127.0.0.1" });
    const size = ${Math.max(16, Math.round(frameBytes))}, per = ${Math.max(1, Math.round(framesPerTick))};
    let next = Date.now() + ${TICK_MS};
    const tick = () => {
      const at = next; next += ${TICK_MS};
      for (const ws of wss.clients) {
        for (let k = 0; k < per; k++) {
          const frame = Buffer.alloc(size);
          if (k === 0) frame.writeDoubleLE(at, 0);
          ws.send(frame);
        }
      }
      setTimeout(tick, Math.max(0, next - Date.now()));
    };
    setTimeout(tick, ${TICK_MS});
  `;
  const child = spawn(process.execPath, ["-e", code], { stdio: ["ignore", "inherit", "inherit"] });
  await new Promise((r) => setTimeout(r, 500));
  const delays: number[] = [];
  let bytes = 0;
  let frames = 0;
  let recording = false;
  const sockets: WebSocket[] = [];
  try {
    for (let i = 0; i < n; i += 200) {
      await Promise.all(
        Array.from({ length: Math.min(200, n - i) }, () => {
          return new Promise<void>((resolve) => {
            const ws = new WebSocket(`ws://127.0.0.1:${port}`);
            ws.binaryType = "nodebuffer";
            ws.on("open", () => resolve());
            ws.on("error", () => resolve());
            ws.on("message", (data: Buffer) => {
              if (!recording) return;
              bytes += data.byteLength;
              frames++;
              const at = data.readDoubleLE(0);
              if (at > 1e12) delays.push(Date.now() - at);
            });
            sockets.push(ws);
          });
        }),
      );
    }
    await new Promise((r) => setTimeout(r, 2 * TICK_MS));
    const cpu0 = cpuSeconds(child.pid as number);
    recording = true;
    await new Promise((r) => setTimeout(r, WINDOW_MS));
    recording = false;
    delays.sort((a, b) => a - b);
    const held = sockets.filter((s) => s.readyState === WebSocket.OPEN).length;
    return {
      held,
      p50: percentile(delays, 50),
      p99: percentile(delays, 99),
      max: delays[delays.length - 1] ?? Number.NaN,
      cpu: (cpuSeconds(child.pid as number) - cpu0) / (WINDOW_MS / 1000),
      rssMb: rssMb(child.pid as number),
      lagMs: Number.NaN,
      bytesPerTick: bytes / Math.max(1, held) / (WINDOW_MS / TICK_MS),
      framesPerS: frames / (WINDOW_MS / 1000),
    };
  } finally {
    for (const s of sockets) s.terminate();
    child.kill("SIGKILL");
  }
}

function row(label: string, f: Figures): string {
  const ms = (v: number) => (Number.isNaN(v) ? "-" : `${Math.round(v)}`);
  return [
    label.padEnd(14),
    String(f.held).padStart(6),
    ms(f.p50).padStart(6),
    ms(f.p99).padStart(6),
    ms(f.max).padStart(6),
    `${Math.round(f.cpu * 100)}%`.padStart(6),
    `${Math.round(f.rssMb)}`.padStart(7),
    ms(f.lagMs).padStart(6),
    `${Math.round(f.bytesPerTick)}`.padStart(7),
    `${Math.round(f.framesPerS)}`.padStart(8),
  ].join(" ");
}

console.log(
  `Manaspire load: ${PROCESSES} process(es), tick ${TICK_MS} ms, window ${WINDOW_MS / 1000} s, ${IDLE} idle loaded players; node ${process.version}\n`,
);
console.log(
  `${"step".padEnd(14)} ${"held".padStart(6)} ${"p50".padStart(6)} ${"p99".padStart(6)} ${"max".padStart(6)} ${"cpu".padStart(6)} ${"rss MB".padStart(7)} ${"lag".padStart(6)} ${"B/tick".padStart(7)} ${"frames/s".padStart(8)}`,
);
for (const n of STEPS) {
  const game = await gameStep(n);
  console.log(row(`game ${n}`, game));
  const bare = await bareStep(n, game.frameBytes, game.framesPerTick);
  console.log(row(`bare ws ${n}`, bare));
  const ratio = bare.framesPerS > 0 ? game.framesPerS / bare.framesPerS : Number.NaN;
  console.log(`${"".padEnd(14)} throughput ${ratio.toFixed(2)}x the bare ws server`);
  const broke: string[] = [];
  if (game.held < n) broke.push(`held ${game.held} of ${n} sockets`);
  if (!(game.p99 < TARGET_P99_MS))
    broke.push(`p99 ${Math.round(game.p99)} ms >= ${TARGET_P99_MS} ms`);
  if (broke.length > 0) {
    console.log(`\nstopped at ${n}: ${broke.join(", ")}`);
    break;
  }
}
process.exit(0);
