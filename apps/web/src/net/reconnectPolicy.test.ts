import { describe, expect, it } from "vitest";
import { isAuthFailure, reconnectDelay, shouldReconnect } from "./reconnectPolicy";

describe("reconnect policy", () => {
  it("starts at 500 ms and grows by 500 ms per failure", () => {
    expect(reconnectDelay(0, 1006)).toBe(500);
    expect(reconnectDelay(1, 1006)).toBe(1000);
    expect(reconnectDelay(4, 1006)).toBe(2500);
  });

  it("adds up to 3 s of jitter after a server restart (1012)", () => {
    expect(reconnectDelay(0, 1012, () => 0)).toBe(500);
    expect(reconnectDelay(0, 1012, () => 0.999)).toBe(500 + 2997);
    expect(reconnectDelay(2, 1012, () => 0.5)).toBe(1500 + 1500);
  });

  it("does not reconnect after 1001 or a deliberate close", () => {
    expect(shouldReconnect(1001, false)).toBe(false);
    expect(shouldReconnect(1006, true)).toBe(false);
    expect(shouldReconnect(1006, false)).toBe(true);
    expect(shouldReconnect(1012, false)).toBe(true);
  });

  it("does not retry on a timer after a refusal for too many open tabs", () => {
    expect(shouldReconnect(4008, false, "Too many open tabs")).toBe(false);
    expect(shouldReconnect(4008, false, "Too many malformed messages")).toBe(true);
    expect(shouldReconnect(4009, false, "Playing in another window")).toBe(false);
    expect(shouldReconnect(1013, false, "Playing on another server")).toBe(true);
  });

  it("recognises the spec's three token reasons and a ban only", () => {
    expect(isAuthFailure("Invalid token")).toBe(true);
    expect(isAuthFailure("Token expired")).toBe(true);
    expect(isAuthFailure("Player not found")).toBe(true);
    expect(isAuthFailure("Account banned")).toBe(true);
    expect(isAuthFailure("Server restarting")).toBe(false);
    expect(isAuthFailure("")).toBe(false);
  });
});
