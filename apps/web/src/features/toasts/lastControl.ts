/**
 * The control the player last pressed or activated with a key (a toast is most often its
 * answer): kept so the toasts can stay off it (toastPlacement.ts).
 */

const CONTROL = [
  "button",
  "a[href]",
  "input",
  "select",
  "textarea",
  "summary",
  "label",
  '[role="button"]',
  '[role="switch"]',
  '[role="checkbox"]',
  '[role="tab"]',
  '[role="menuitem"]',
  '[role="option"]',
].join(", ");

let last: Element | null = null;

function onPointerDown(event: PointerEvent): void {
  // A press on no control (text, a panel) leaves nothing to keep clear.
  if (event.target instanceof Element) last = event.target.closest(CONTROL);
}

function onKeyDown(event: KeyboardEvent): void {
  if (event.key !== "Enter" && event.key !== " ") return;
  const focused = document.activeElement;
  last = focused && focused !== document.body ? focused : null;
}

/** Starts following the player's presses and keys; returns the stop. */
export function followLastControl(): () => void {
  document.addEventListener("pointerdown", onPointerDown, true);
  document.addEventListener("keydown", onKeyDown, true);
  return () => {
    document.removeEventListener("pointerdown", onPointerDown, true);
    document.removeEventListener("keydown", onKeyDown, true);
  };
}

/** The last control, if it is still on the page and not inside `except` (a toast itself). */
export function lastControl(except: Element): Element | null {
  if (!last?.isConnected || except.contains(last)) return null;
  return last;
}
