import type { RouteObject } from "react-router";
import { reloadFromServer } from "../features/pwa/serviceWorker";
import {
  currentNavigationTarget,
  isChunkLoadError,
  sessionMemory,
  shouldReloadForChunk,
} from "./chunkReload";
import { RouteError } from "./RouteError";

type LazyLoader = () => Promise<Record<string, unknown>>;

/**
 * A screen's code that fails to load reloads the page once by itself (a new build was
 * deployed: the new page has the new chunks; the navigation stays "loading" until then). If
 * that does not help, the failure becomes that screen's error screen instead of a failed
 * navigation: the router shows it in the screen's place (inside the shell), on the first
 * load of the page as after a click.
 */
function loadOrError(load: LazyLoader): LazyLoader {
  return async () => {
    try {
      return await load();
    } catch (error) {
      if (isChunkLoadError(error) && shouldReloadForChunk(sessionMemory())) {
        void reloadFromServer(currentNavigationTarget());
        return new Promise<never>(() => {});
      }
      return { element: <RouteError error={error} /> };
    }
  };
}

/**
 * Gives every route of the tree (and the root) the error screen, unless it has its own: a
 * screen that fails shows it in its place, inside the shell when the screen is in the shell.
 */
export function withErrorScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => {
    const out: Record<string, unknown> = {
      ...route,
      errorElement: route.errorElement ?? <RouteError />,
    };
    if (typeof route.lazy === "function") out.lazy = loadOrError(route.lazy as LazyLoader);
    if (route.children) out.children = withErrorScreens(route.children);
    return out as RouteObject;
  });
}
