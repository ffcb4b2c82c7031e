/** Pure placement maths for tooltips and popovers. */

export interface Rect {
  left: number;
  top: number;
  width: number;
  height: number;
}

export interface Size {
  width: number;
  height: number;
}

export interface Placement {
  left: number;
  top: number;
  side: "top" | "bottom";
}

const GAP = 8;
const MARGIN = 8;

/**
 * Centre the tooltip over the anchor, above it when it fits, otherwise below;
 * keep it inside the viewport horizontally (and vertically as far as possible).
 */
export function placeTooltip(anchor: Rect, tip: Size, viewport: Size): Placement {
  const fitsAbove = anchor.top - GAP - tip.height >= MARGIN;
  const fitsBelow = anchor.top + anchor.height + GAP + tip.height <= viewport.height - MARGIN;
  const side = fitsAbove || !fitsBelow ? "top" : "bottom";
  const rawTop = side === "top" ? anchor.top - GAP - tip.height : anchor.top + anchor.height + GAP;
  const maxLeft = Math.max(MARGIN, viewport.width - MARGIN - tip.width);
  const left = Math.min(maxLeft, Math.max(MARGIN, anchor.left + anchor.width / 2 - tip.width / 2));
  const maxTop = Math.max(MARGIN, viewport.height - MARGIN - tip.height);
  const top = Math.min(maxTop, Math.max(MARGIN, rawTop));
  return { left, top, side };
}
