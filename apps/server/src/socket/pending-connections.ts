import type { Server } from "node:http";
import type { Socket } from "node:net";
import type { TrustFunction } from "../http/trusted-proxy";

/** Connections one address may have open before their first request (or upgrade) is read. */
export const MAX_PENDING_PER_ADDRESS = 100;
/** How long a connection may take to send its first request's headers. */
export const PENDING_TIMEOUT_MS = 10_000;

/**
 * Caps and times out connections whose first request has not arrived whole (a half-sent
 * upgrade request used to hold a file descriptor for about 90 s, and the per-address socket
 * cap counts only completed sockets): at most {@link MAX_PENDING_PER_ADDRESS} per peer
 * address, each closed after {@link PENDING_TIMEOUT_MS}. A trusted proxy's connections are
 * not capped (a proxy sends whole requests; Node's headersTimeout still applies).
 */
export function capPendingConnections(
  server: Server,
  trusted: TrustFunction,
  options: { max?: number; timeoutMs?: number } = {},
): void {
  const max = options.max ?? MAX_PENDING_PER_ADDRESS;
  const timeoutMs = options.timeoutMs ?? PENDING_TIMEOUT_MS;
  const pending = new Map<string, number>();
  const waiting = new WeakMap<Socket, () => void>();

  server.on("connection", (socket: Socket) => {
    const address = socket.remoteAddress ?? "unknown";
    if (trusted(address, 0)) return;
    const count = pending.get(address) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    pending.set(address, count + 1);
    const timer = setTimeout(() => socket.destroy(), timeoutMs);
    timer.unref();
    let done = false;
    const settle = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const n = (pending.get(address) ?? 1) - 1;
      if (n > 0) pending.set(address, n);
      else pending.delete(address);
    };
    waiting.set(socket, settle);
    socket.once("close", settle);
  });
  const arrived = (socket: Socket) => waiting.get(socket)?.();
  server.prependListener("request", (req) => arrived(req.socket));
  server.prependListener("upgrade", (req) => arrived(req.socket));
}
