/**
 * The addresses the web client answers (spec 000 and 001 section 2), as React Router
 * patterns: `:name` is one segment, a trailing `*` any rest. The build writes them to
 * `dist/client-routes.json`; the server answers these with index.html and status 200, and
 * any other address that is not a file with index.html and status 404 (the client's "Lost
 * in the mists" screen). `clientRoutes.test.ts` checks that every route of routes.tsx is
 * listed here: add a new route's path to both.
 */
export const CLIENT_ROUTE_PATTERNS: readonly string[] = [
  "/",
  "/town",
  "/research",
  "/inventory",
  "/inventory/:itemId/upgrade",
  "/sigils",
  "/event",
  "/profile",
  "/profile/:name",
  "/market",
  "/market/my-orders",
  "/guild",
  "/guild/list",
  "/guild/list/:id",
  "/guild/*",
  "/farm",
  "/rules",
  "/rankings",
  "/activity-log",
  "/settings",
  "/account",
  "/news",
  "/shop",
  "/dungeon",
  "/dungeon-guild",
  "/dungeon-shop",
  "/pets",
  "/login",
  "/privacy",
  "/terms",
  "/about",
  "/developers",
];
