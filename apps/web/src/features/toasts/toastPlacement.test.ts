import { describe, expect, it } from "vitest";
import { type Box, chooseEdge, overlaps, stackAt, union } from "./toastPlacement";

const box = (left: number, top: number, right: number, bottom: number): Box => ({
  left,
  top,
  right,
  bottom,
});

/** A phone: the stack's top at 8 px, its bottom above a chat bar at 790 px. */
const lanes = { topY: 8, bottomY: 790 };
/** Two toasts, 100 px tall, 16-374 px across. */
const stack = box(16, 8, 374, 108);

describe("toast placement", () => {
  it("counts shared area as overlap, touching edges not", () => {
    expect(overlaps(box(0, 0, 10, 10), box(5, 5, 15, 15))).toBe(true);
    expect(overlaps(box(0, 0, 10, 10), box(10, 0, 20, 10))).toBe(false);
    expect(overlaps(box(0, 0, 10, 10), box(0, 10, 10, 20))).toBe(false);
  });

  it("moves a stack to either edge, keeping its size", () => {
    expect(stackAt(stack, "bottom", lanes)).toEqual(box(16, 690, 374, 790));
    expect(stackAt(box(16, 690, 374, 790), "top", lanes)).toEqual(stack);
  });

  it("stays at the top when it covers no control, or none was used", () => {
    expect(chooseEdge("top", stack, box(20, 300, 120, 344), lanes)).toBe("top");
    expect(chooseEdge("top", stack, null, lanes)).toBe("top");
  });

  it("goes to the bottom when at the top it covers the control last used", () => {
    expect(chooseEdge("top", stack, box(300, 40, 370, 80), lanes)).toBe("bottom");
  });

  it("goes back up when at the bottom it covers the control and the top is clear", () => {
    const below = stackAt(stack, "bottom", lanes);
    expect(chooseEdge("bottom", below, box(20, 700, 120, 744), lanes)).toBe("top");
    expect(chooseEdge("bottom", below, box(20, 300, 120, 344), lanes)).toBe("bottom");
  });

  it("stays put when both edges would cover the control (no back and forth)", () => {
    const tall = box(16, 0, 374, 800);
    expect(chooseEdge("top", stack, tall, lanes)).toBe("top");
  });

  it("bounds the toasts, or nothing without any", () => {
    expect(union([box(16, 8, 374, 54), box(40, 62, 350, 108)])).toEqual(stack);
    expect(union([])).toBeNull();
  });
});
