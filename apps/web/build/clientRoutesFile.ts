import type { Plugin } from "vite";
import { CLIENT_ROUTE_PATTERNS } from "../src/app/clientRoutes.ts";

/** Emits `client-routes.json`: the client's route patterns, read by the server at start. */
export function clientRoutesFile(): Plugin {
  return {
    name: "manaspire-client-routes",
    apply: "build",
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: "client-routes.json",
        source: `${JSON.stringify(CLIENT_ROUTE_PATTERNS)}\n`,
      });
    },
  };
}
