import type { IncomingMessage } from "node:http";
import proxyAddr from "@fastify/proxy-addr";

/**
 * TRUST_PROXY, parsed: `false` (no proxy: the socket's peer is the client), a hop count (the
 * last n addresses of the chain are proxies), or the proxies' addresses and CIDR ranges (and
 * proxy-addr's names `loopback`, `linklocal`, `uniquelocal`).
 */
export type TrustProxy = false | number | string[];

/** Whether the address at position `i` of the chain (0: the socket's peer) is a trusted proxy. */
export type TrustFunction = (address: string, i: number) => boolean;

/**
 * The trust function for Fastify's `trustProxy` and the socket gateway, as Express and
 * proxy-addr define it: the client is the right-most address that is not a trusted proxy, so
 * whatever a client writes into X-Forwarded-For itself (left of what its proxy appends) is
 * never taken as its address. Throws on an address or range proxy-addr cannot read.
 */
export function trustFunction(setting: TrustProxy): TrustFunction {
  if (setting === false) return () => false;
  if (typeof setting === "number") return (_address, i) => i < setting;
  return proxyAddr.compile(setting);
}

/** The client's address under `trust` (the same as Fastify's `request.ip`). */
export function clientAddress(req: IncomingMessage, trust: TrustFunction): string {
  return proxyAddr(req, trust) ?? req.socket.remoteAddress ?? "unknown";
}

/**
 * Reads TRUST_PROXY: `false`/`0`/unset, `true` (one proxy: the same as `1`), a hop count, or
 * addresses and CIDRs separated by commas or spaces. Returns an error message when unreadable.
 */
export function parseTrustProxy(value: string): TrustProxy | { error: string } {
  const v = value.trim().toLowerCase();
  if (v === "false" || v === "0" || v === "") return false;
  if (v === "true") return 1;
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= 100 ? hops : { error: "a hop count must be at most 100" };
  }
  const list = v.split(/[\s,]+/).filter((s) => s !== "");
  if (list.length > 100) return { error: "at most 100 addresses or ranges" };
  try {
    proxyAddr.compile(list);
  } catch (err) {
    return { error: `not an address, CIDR range or hop count (${(err as Error).message})` };
  }
  return list;
}
