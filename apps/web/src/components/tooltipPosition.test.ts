import { describe, expect, it } from "vitest";
import { placeTooltip } from "./tooltipPosition";

const viewport = { width: 360, height: 740 };

describe("placeTooltip", () => {
  it("centres above the anchor when there is room", () => {
    const p = placeTooltip(
      { left: 150, top: 300, width: 60, height: 20 },
      { width: 100, height: 40 },
      viewport,
    );
    expect(p).toEqual({ left: 130, top: 252, side: "top" });
  });

  it("goes below when there is no room above", () => {
    const p = placeTooltip(
      { left: 150, top: 10, width: 60, height: 20 },
      { width: 100, height: 40 },
      viewport,
    );
    expect(p.side).toBe("bottom");
    expect(p.top).toBe(38);
  });

  it("stays inside the viewport horizontally", () => {
    const left = placeTooltip(
      { left: 0, top: 300, width: 20, height: 20 },
      { width: 200, height: 40 },
      viewport,
    );
    expect(left.left).toBe(8);
    const right = placeTooltip(
      { left: 340, top: 300, width: 20, height: 20 },
      { width: 200, height: 40 },
      viewport,
    );
    expect(right.left).toBe(152);
  });

  it("clamps very tall tooltips to the top margin", () => {
    const p = placeTooltip(
      { left: 100, top: 100, width: 20, height: 20 },
      { width: 100, height: 900 },
      viewport,
    );
    expect(p.top).toBe(8);
  });
});
