import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from "react";
import { followLastControl, lastControl } from "./lastControl";
import { type Box, chooseEdge, type ToastEdge, union } from "./toastPlacement";

/** Room between the toasts and the chat box (or the screen's bottom) at the bottom edge. */
const GAP_PX = 12;

/** Where the stack's bottom goes at the bottom edge: above the chat box, if there is one. */
function bottomLaneY(): number {
  const chat = document.querySelector('[data-testid="chat-box"]');
  const floor = chat ? chat.getBoundingClientRect().top : window.innerHeight;
  return Math.min(floor, window.innerHeight) - GAP_PX;
}

function boxOf(el: Element): Box {
  const r = el.getBoundingClientRect();
  return { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
}

/** A toast's box in the stack as laid out (its entry animation's transform left out). */
function laidOut(stack: HTMLElement, toast: HTMLElement): Box {
  const origin = stack.getBoundingClientRect();
  const left = origin.left + toast.offsetLeft;
  const top = origin.top + toast.offsetTop;
  return { left, top, right: left + toast.offsetWidth, bottom: top + toast.offsetHeight };
}

/**
 * The edge the toasts in `stackRef` show at, checked whenever the list changes (before the
 * browser paints): the top by default, the bottom (`bottomPx` from the screen's bottom) while
 * at the top they would cover the control the player last used. Back to the top once empty.
 */
export function useToastEdge(
  stackRef: RefObject<HTMLElement | null>,
  toasts: readonly unknown[],
): { edge: ToastEdge; bottomPx: number } {
  const [edge, setEdge] = useState<ToastEdge>("top");
  const [bottomPx, setBottomPx] = useState(0);
  // Where the stack's top was at the top edge (each burst of toasts starts there).
  const topY = useRef<number | null>(null);

  useEffect(() => followLastControl(), []);

  useLayoutEffect(() => {
    const stack = stackRef.current;
    const toastEls = stack ? [...stack.children].filter((c) => c instanceof HTMLElement) : [];
    const shown = stack ? union(toastEls.map((t) => laidOut(stack, t))) : null;
    if (!stack || !shown || toasts.length === 0) {
      topY.current = null;
      setEdge("top");
      return;
    }
    if (edge === "top") topY.current = shown.top;
    const control = lastControl(stack);
    const bottomY = bottomLaneY();
    const next = chooseEdge(edge, shown, control ? boxOf(control) : null, {
      topY: topY.current ?? shown.top,
      bottomY,
    });
    if (next === edge) return;
    setBottomPx(window.innerHeight - bottomY);
    setEdge(next);
  }, [stackRef, toasts, edge]);

  return { edge, bottomPx };
}
