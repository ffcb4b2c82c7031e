import { readFileSync } from "node:fs";
import { createServer } from "node:net";

/**
 * The lowest port the kernel hands to outgoing connections (Linux's
 * ip_local_port_range; 32768 where it cannot be read).
 */
function ephemeralLow(): number {
  try {
    const low = Number(
      readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").split(/\s+/)[0],
    );
    return Number.isInteger(low) && low > 2048 ? low : 32768;
  } catch {
    return 32768;
  }
}

const LOW = 10_000;
const high = Math.max(LOW + 1000, ephemeralLow());

function tryListen(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

/**
 * A TCP port free on loopback now, for a server a test or a benchmark starts. It is picked
 * below the kernel's ephemeral range: a port the kernel chose (listen(0)) is free again once
 * it is closed, and any outgoing connection (a fetch, a database client) could be given it
 * before the server binds it (CI saw EADDRINUSE so, 2026-11-28). Below that range only
 * another caller of this function competes, at random among some 20,000 ports.
 */
export async function freePort(): Promise<number> {
  for (let i = 0; i < 50; i++) {
    const port = LOW + Math.floor(Math.random() * (high - LOW));
    if (await tryListen(port)) return port;
  }
  throw new Error(`no free port found in ${LOW}-${high - 1}`);
}
