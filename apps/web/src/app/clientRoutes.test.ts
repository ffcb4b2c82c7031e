import type { RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { CLIENT_ROUTE_PATTERNS } from "./clientRoutes";
import { routes } from "./routes";

/** Every concrete pattern of a route tree (layout routes add no segment). */
function patterns(tree: readonly RouteObject[], parent = ""): string[] {
  const out: string[] = [];
  for (const route of tree) {
    const here = route.path ? `${parent}/${route.path}`.replace(/\/+/g, "/") : parent;
    if (route.index || (route.path && !route.children)) out.push(here === "" ? "/" : here);
    if (route.children) out.push(...patterns(route.children, here));
  }
  return out;
}

/** The same matching rule as the server's (`apps/server/src/http/client-routes.ts`). */
function covered(path: string): boolean {
  return CLIENT_ROUTE_PATTERNS.some((pattern) => {
    if (pattern === path) return true;
    if (pattern.endsWith("/*"))
      return path === pattern.slice(0, -2) || path.startsWith(pattern.slice(0, -1));
    const a = pattern.split("/");
    const b = path.split("/");
    return (
      a.length === b.length &&
      a.every((seg, i) => (seg.startsWith(":") ? b[i]?.startsWith(":") : seg === b[i]))
    );
  });
}

describe("client routes", () => {
  it("lists every route of the router, so the server answers them with 200", () => {
    const missing = patterns(routes).filter((p) => p !== "/*" && p !== "/dev-ui" && !covered(p));
    expect(missing).toEqual([]);
  });
});
