import { describe, expect, it } from "vitest";
import { EARLY_BYTE_LIMIT, EARLY_FRAME_LIMIT, EarlyFrames } from "../../src/socket/early-frames";
import { AddressCounts, upgradeTarget } from "../../src/socket/upgrade";

describe("upgradeTarget", () => {
  it("accepts /ws whatever its query (a token in the address is never read)", () => {
    expect(upgradeTarget("/ws")).toEqual({ ok: true });
    expect(upgradeTarget("/ws?token=abc.def")).toEqual({ ok: true });
    expect(upgradeTarget("/ws?token=%")).toEqual({ ok: true });
  });

  it("refuses targets that are not a path with 400 and other paths with 404, never throwing", () => {
    for (const target of [undefined, "", "%", "*", "http://x", "ws", "?token=a"]) {
      expect(upgradeTarget(target), String(target)).toEqual({ ok: false, status: 400 });
    }
    for (const target of [
      "//",
      "//ws",
      "/",
      "/ws/",
      "/WS",
      "/%77s",
      "/ws#x",
      `/${"a".repeat(1e5)}`,
    ]) {
      expect(upgradeTarget(target), target.slice(0, 20)).toEqual({ ok: false, status: 404 });
    }
  });
});

describe("AddressCounts", () => {
  it("is full at the limit and frees a place when a socket closes", () => {
    const counts = new AddressCounts(2);
    counts.add("a");
    expect(counts.full("a")).toBe(false);
    counts.add("a");
    expect(counts.full("a")).toBe(true);
    expect(counts.full("b")).toBe(false);
    counts.remove("a");
    expect(counts.full("a")).toBe(false);
  });
});

describe("EarlyFrames", () => {
  it(`keeps at most ${EARLY_FRAME_LIMIT} frames`, () => {
    const early = new EarlyFrames();
    for (let i = 0; i < EARLY_FRAME_LIMIT; i++) expect(early.push(Buffer.alloc(1))).toBe(true);
    expect(early.push(Buffer.alloc(1))).toBe(false);
    expect(early.take()).toHaveLength(EARLY_FRAME_LIMIT);
    expect(early.push(Buffer.alloc(1))).toBe(true);
  });

  it(`keeps at most ${EARLY_BYTE_LIMIT} bytes`, () => {
    const early = new EarlyFrames();
    expect(early.push(Buffer.alloc(EARLY_BYTE_LIMIT - 10))).toBe(true);
    expect(early.push([Buffer.alloc(6), Buffer.alloc(5)])).toBe(false);
    expect(early.push(Buffer.alloc(10))).toBe(true);
    expect(early.take()).toHaveLength(2);
  });
});
