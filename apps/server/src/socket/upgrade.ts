import { STATUS_CODES } from "node:http";
import type { Duplex } from "node:stream";

/** Whether an upgrade request asked for the socket endpoint, or why it is refused. */
export type UpgradeTarget = { ok: true } | { ok: false; status: 400 | 404 };

/**
 * Checks that a raw request target is `/ws` (any query is ignored: the login token comes in
 * the socket's first message, never in its address) without `new URL`, which throws on
 * targets such as `//` or `http://x` (and a throw in the upgrade listener used to end the
 * process).
 */
export function upgradeTarget(rawUrl: string | undefined): UpgradeTarget {
  if (!rawUrl?.startsWith("/")) return { ok: false, status: 400 };
  const q = rawUrl.indexOf("?");
  const path = q === -1 ? rawUrl : rawUrl.slice(0, q);
  if (path !== "/ws") return { ok: false, status: 404 };
  return { ok: true };
}

/** Answers an upgrade request with an HTTP error and closes the connection. */
export function refuseUpgrade(socket: Duplex, status: number): void {
  if (socket.writable && !socket.destroyed) {
    const text = STATUS_CODES[status] ?? "Error";
    socket.once("finish", () => socket.destroy());
    socket.end(
      `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\n\r\n${text}`,
    );
    // Do not wait for a peer that never reads: the answer is best effort.
    setTimeout(() => socket.destroy(), 1000).unref();
  } else {
    socket.destroy();
  }
}

/** Open sockets per client address, so one address cannot hold thousands. */
export class AddressCounts {
  private readonly counts = new Map<string, number>();

  constructor(private readonly max: number) {}

  count(ip: string): number {
    return this.counts.get(ip) ?? 0;
  }

  full(ip: string): boolean {
    return (this.counts.get(ip) ?? 0) >= this.max;
  }

  add(ip: string): void {
    this.counts.set(ip, (this.counts.get(ip) ?? 0) + 1);
  }

  remove(ip: string): void {
    const n = (this.counts.get(ip) ?? 0) - 1;
    if (n > 0) this.counts.set(ip, n);
    else this.counts.delete(ip);
  }
}
