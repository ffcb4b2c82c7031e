import { describe, expect, it } from "vitest";
import { isLoopback } from "../../src/http/backup-route";

/** POST /backup hands out the whole database: only to this machine's own addresses. */
describe("backups are taken from loopback only", () => {
  it("accepts loopback addresses (IPv4, IPv6, IPv4 in IPv6)", () => {
    for (const address of ["127.0.0.1", "127.1.2.3", "::1", "::ffff:127.0.0.1"]) {
      expect(isLoopback(address), address).toBe(true);
    }
  });

  it("refuses any other peer", () => {
    for (const address of [
      undefined,
      "",
      "10.0.0.5",
      "192.168.1.127",
      "::ffff:10.0.0.5",
      "fe80::1",
      "128.0.0.1",
      "127.0.0.1.evil",
    ]) {
      expect(isLoopback(address), String(address)).toBe(false);
    }
  });
});
