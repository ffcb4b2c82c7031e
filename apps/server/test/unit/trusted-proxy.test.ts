import type { IncomingMessage } from "node:http";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../src/config";
import { clientAddress, parseTrustProxy, trustFunction } from "../../src/http/trusted-proxy";

function request(remoteAddress: string, forwarded?: string | string[]): IncomingMessage {
  const headers = forwarded === undefined ? {} : { "x-forwarded-for": forwarded };
  return {
    socket: { remoteAddress },
    connection: { remoteAddress },
    headers,
  } as unknown as IncomingMessage;
}

const ip = (setting: string, peer: string, forwarded?: string | string[]) => {
  const parsed = parseTrustProxy(setting);
  if (typeof parsed === "object" && !Array.isArray(parsed)) throw new Error(parsed.error);
  return clientAddress(request(peer, forwarded), trustFunction(parsed));
};

describe("TRUST_PROXY", () => {
  it("is the peer address when no proxy is trusted", () => {
    expect(ip("false", "10.1.1.1", "203.0.113.7")).toBe("10.1.1.1");
    expect(ip("0", "10.1.1.1", "203.0.113.7")).toBe("10.1.1.1");
  });

  it("takes the right-most address that is not a trusted proxy, never what the client wrote", () => {
    // One proxy that appends (nginx's $proxy_add_x_forwarded_for): the client wrote 6.6.6.6.
    expect(ip("true", "10.1.1.1", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    expect(ip("1", "10.1.1.1", "6.6.6.6, 203.0.113.7")).toBe("203.0.113.7");
    // Two hops: a CDN then nginx.
    expect(ip("2", "10.1.1.1", "6.6.6.6, 203.0.113.7, 198.51.100.9")).toBe("203.0.113.7");
    // Addresses and ranges: the peer and the chain's proxies are skipped from the right.
    const cidrs = "127.0.0.1/8, 10.0.0.0/8";
    expect(ip(cidrs, "127.0.0.1", "6.6.6.6, 203.0.113.7, 10.2.2.2")).toBe("203.0.113.7");
    // A peer that is not a trusted proxy is the client, whatever it wrote.
    expect(ip(cidrs, "198.51.100.4", "203.0.113.7")).toBe("198.51.100.4");
    expect(ip("loopback", "::1", "203.0.113.7")).toBe("203.0.113.7");
    // Without a header the peer is the client.
    expect(ip("1", "10.1.1.1")).toBe("10.1.1.1");
  });

  it("refuses what it cannot read, with a clear message", () => {
    for (const bad of ["yes", "10.0.0.0/99", "example.com", "101"]) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: /);
    }
    expect(loadConfig({ TRUST_PROXY: "10.0.0.0/8 192.168.1.1" }).TRUST_PROXY).toEqual([
      "10.0.0.0/8",
      "192.168.1.1",
    ]);
    expect(loadConfig({ TRUST_PROXY: "true" }).TRUST_PROXY).toBe(1);
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
  });
});
