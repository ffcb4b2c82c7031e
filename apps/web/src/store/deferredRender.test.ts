import { describe, expect, it } from "vitest";
import { MAX_HOLD_MS, renderBehind, shouldHold } from "./deferredRender";

describe("holding the socket's messages for a deferred render", () => {
  it("applies at once when no deferred render is behind", () => {
    expect(renderBehind()).toBe(false);
    expect(shouldHold(false, 0, 1_000)).toBe(false);
    expect(shouldHold(false, 900, 1_000)).toBe(false);
  });

  it("holds while a deferred render is behind, from the first flush on", () => {
    expect(shouldHold(true, 0, 1_000)).toBe(true);
    expect(shouldHold(true, 1_000, 1_000 + MAX_HOLD_MS - 1)).toBe(true);
  });

  it("applies anyway once the messages have waited MAX_HOLD_MS", () => {
    expect(shouldHold(true, 1_000, 1_000 + MAX_HOLD_MS)).toBe(false);
    expect(shouldHold(true, 1_000, 1_000 + 10 * MAX_HOLD_MS)).toBe(false);
  });
});
