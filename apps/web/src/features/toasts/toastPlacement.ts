/**
 * Which edge the toasts show at (pure, unit-tested). They start at the top (on wide screens
 * over the loot tracker's column, on narrow ones over the top bar); if there they would cover
 * the control the player last used (most likely the one that caused them), they move to the
 * bottom, above the chat, as long as they do not cover it there as well.
 */

export type ToastEdge = "top" | "bottom";

export interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/** Whether two boxes share any area (touching edges do not count). */
export function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Where the stack's top sits at the top edge, and its bottom at the bottom edge (px). */
export interface ToastLanes {
  topY: number;
  bottomY: number;
}

/** The stack's box moved to `edge` (same width and height). */
export function stackAt(stack: Box, edge: ToastEdge, lanes: ToastLanes): Box {
  const height = stack.bottom - stack.top;
  return edge === "top"
    ? { ...stack, top: lanes.topY, bottom: lanes.topY + height }
    : { ...stack, top: lanes.bottomY - height, bottom: lanes.bottomY };
}

/**
 * The edge for the stack now at `current`: the other one only when at `current` it covers
 * `control` and at the other it would not (a control both would cover keeps the stack put).
 */
export function chooseEdge(
  current: ToastEdge,
  stack: Box,
  control: Box | null,
  lanes: ToastLanes,
): ToastEdge {
  if (!control || !overlaps(stackAt(stack, current, lanes), control)) return current;
  const other: ToastEdge = current === "top" ? "bottom" : "top";
  return overlaps(stackAt(stack, other, lanes), control) ? current : other;
}

/** The box around `boxes` (the toasts of the stack), or null when there are none. */
export function union(boxes: readonly Box[]): Box | null {
  if (boxes.length === 0) return null;
  return boxes.reduce((a, b) => ({
    left: Math.min(a.left, b.left),
    top: Math.min(a.top, b.top),
    right: Math.max(a.right, b.right),
    bottom: Math.max(a.bottom, b.bottom),
  }));
}
