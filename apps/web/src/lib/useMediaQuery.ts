import { useCallback, useSyncExternalStore } from "react";

/**
 * One MediaQueryList per query, kept: its `matches` is live, and React reads a snapshot on
 * every render and again before committing, so making a new list each time (the query parsed
 * and evaluated anew, for every tooltip on the screen) was a measurable part of a render.
 */
const lists = new Map<string, MediaQueryList>();

function mediaList(query: string): MediaQueryList {
  let list = lists.get(query);
  if (!list) {
    list = window.matchMedia(query);
    lists.set(query, list);
  }
  return list;
}

/** Whether a CSS media query currently matches (false outside the browser). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = mediaList(query);
      list.addEventListener("change", onChange);
      return () => list.removeEventListener("change", onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => mediaList(query).matches,
    () => false,
  );
}

/** True on devices whose primary pointer cannot hover (phones, tablets). */
export function isTouchDevice(): boolean {
  if (typeof window === "undefined" || !window.matchMedia) return false;
  return mediaList("(hover: none)").matches;
}
