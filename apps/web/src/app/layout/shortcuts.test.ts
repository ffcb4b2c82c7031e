import { describe, expect, it } from "vitest";
import { type KeyPress, shortcutFor } from "./shortcuts";

const press = (key: string, extra: Partial<KeyPress> = {}): KeyPress => ({
  key,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  defaultPrevented: false,
  typing: false,
  ...extra,
});

describe("keyboard shortcuts", () => {
  it("maps the letters, / and ? (either case)", () => {
    expect(shortcutFor(press("t"))?.action).toEqual({ kind: "go", to: "/town" });
    expect(shortcutFor(press("I"))?.action).toEqual({ kind: "go", to: "/inventory" });
    expect(shortcutFor(press("b"))?.action).toEqual({ kind: "go", to: "/" });
    expect(shortcutFor(press("r"))?.action).toEqual({ kind: "go", to: "/research" });
    expect(shortcutFor(press("m"))?.action).toEqual({ kind: "go", to: "/market" });
    expect(shortcutFor(press("/"))?.action).toEqual({ kind: "focusChat" });
    expect(shortcutFor(press("?"))?.action).toEqual({ kind: "help" });
    expect(shortcutFor(press("x"))).toBeNull();
    expect(shortcutFor(press("Enter"))).toBeNull();
  });

  it("ignores presses while typing, with a modifier, or already handled", () => {
    expect(shortcutFor(press("t", { typing: true }))).toBeNull();
    expect(shortcutFor(press("t", { ctrlKey: true }))).toBeNull();
    expect(shortcutFor(press("r", { metaKey: true }))).toBeNull();
    expect(shortcutFor(press("m", { altKey: true }))).toBeNull();
    expect(shortcutFor(press("/", { defaultPrevented: true }))).toBeNull();
  });
});
