import { test as guarded } from "./csp-guard";
import { stopOwnWorlds } from "./own-world";

export * from "./csp-guard";

/**
 * The specs' `test`: the CSP guard's (csp-guard.ts), and a worker fixture that stops the own
 * worlds (own-world.ts) still running when the worker ends. A spec stops its world in its
 * `afterAll`. (Until 2026-11-28 every world ran to the worker's end: stopping one between two
 * spec files stalled the next file's first context 30 s or more. Very likely World.stop's
 * clearImmediate of a timer, which broke setImmediate in the whole worker process; the old
 * reproduction was not rerun alone, but two whole suites passed with no such stall.)
 */
export const test = guarded.extend<object, { ownWorlds: undefined }>({
  ownWorlds: [
    // biome-ignore lint/correctness/noEmptyPattern: Playwright reads a fixture's dependencies from this pattern
    async ({}, use) => {
      await use(undefined);
      await stopOwnWorlds();
    },
    { scope: "worker", auto: true },
  ],
});
