import { type ComponentType, lazy } from "react";
import { create } from "zustand";
import { reloadFromServer } from "../features/pwa/serviceWorker";
import { isChunkLoadError, sessionMemory, shouldReloadForChunk } from "./chunkReload";

/** How many screens' code is on its way (the shell's thin loading bar shows while any is). */
export const usePendingScreens = create<{ count: number }>()(() => ({ count: 0 }));

function track<T>(loading: Promise<T>): Promise<T> {
  usePendingScreens.setState((s) => ({ count: s.count + 1 }));
  const done = () => usePendingScreens.setState((s) => ({ count: s.count - 1 }));
  loading.then(done, done);
  return loading;
}

/**
 * A screen whose code loads on its first visit (its own chunk), as a component for a route's
 * element. The router navigates in a transition, so the screen on show stays while the code
 * loads (the shell's bar says so); opened directly, the nearest Suspense fallback shows.
 *
 * Code that fails to load (a tab left open across a deploy asks for a chunk the new build no
 * longer has) reloads the page once by itself, at the address being opened (the router has
 * already put it in the address bar): the new page has the new chunks. If that does not help
 * (a second failure within a minute), the error reaches the route's error boundary, which
 * shows the error screen in the screen's place.
 */
export function lazyScreen<P extends object>(
  load: () => Promise<ComponentType<P>>,
): ComponentType<P> {
  return lazy(async () => {
    try {
      return { default: await track(load()) };
    } catch (error) {
      if (isChunkLoadError(error) && shouldReloadForChunk(sessionMemory())) {
        void reloadFromServer(window.location.href);
        return new Promise<never>(() => {});
      }
      throw error;
    }
  });
}
