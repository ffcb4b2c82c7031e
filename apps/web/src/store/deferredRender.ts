import { useDeferredValue, useLayoutEffect } from "react";

/**
 * The shell follows the game store in transitions (useDeferredValue): React renders the new
 * state in slices of a few milliseconds. A store update that lands while such a render is
 * under way makes React throw that render away and redo it all at once, blocking (the store
 * is read through useSyncExternalStore, which may not tear), so the socket's messages wait
 * for it: `renderBehind()` says a deferred render has not caught up yet, and the store's
 * flush holds its messages until it has (or for at most `MAX_HOLD_MS`).
 */
let behindCount = 0;

/** How long the store's flush may wait for a deferred render before it applies anyway. */
export const MAX_HOLD_MS = 400;

export function renderBehind(): boolean {
  return behindCount > 0;
}

/**
 * Whether the store's flush should wait: a deferred render is behind and the messages have
 * not been held for `MAX_HOLD_MS` yet (`heldSince` 0: not held so far).
 */
export function shouldHold(behind: boolean, heldSince: number, now: number): boolean {
  return behind && (heldSince === 0 || now - heldSince < MAX_HOLD_MS);
}

/** useDeferredValue that tells the store while the deferred render is still to come. */
export function useDeferredState<T>(value: T): T {
  const deferred = useDeferredValue(value);
  const behind = !Object.is(deferred, value);
  useLayoutEffect(() => {
    if (!behind) return;
    behindCount++;
    return () => {
      behindCount--;
    };
  }, [behind]);
  return deferred;
}
