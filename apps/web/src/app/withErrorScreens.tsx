import type { RouteObject } from "react-router";
import { RouteBoundary } from "./RouteBoundary";

/**
 * Gives every route of the tree (and the root) the error screen: a screen that fails shows it
 * in its place, inside the shell when the screen is in the shell (RouteBoundary).
 */
export function withErrorScreens(routes: RouteObject[]): RouteObject[] {
  return routes.map((route) => ({
    ...route,
    element: route.element ? <RouteBoundary>{route.element}</RouteBoundary> : route.element,
    children: route.children ? withErrorScreens(route.children) : undefined,
  })) as RouteObject[];
}
