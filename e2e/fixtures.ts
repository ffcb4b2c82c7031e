import { test as guarded } from "./csp-guard";
import { stopOwnWorlds } from "./own-world";

export * from "./csp-guard";

/**
 * The specs' `test`: the CSP guard's (csp-guard.ts), and a worker fixture that stops the own
 * worlds (own-world.ts) the worker's specs started once the worker ends. Stopping one between
 * two spec files stalled the worker's browser: the next file's first context took 30 s or more
 * to open (seen after the farm and events specs, whose worlds tick, every run).
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
