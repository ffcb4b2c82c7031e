import { defineConfig, type TestProjectInlineConfiguration } from "vitest/config";
import { TEST_NODE_FLAGS } from "./apps/server/test/support/node-flags";

/**
 * Integration tests run once per store, as two projects side by side: PGlite always, PostgreSQL
 * when DATABASE_URL is set. Each file has its own store (a copy of a template migrated once per
 * run, apps/server/test/support/store-templates.ts) and its own port, so files run in parallel.
 */
function integration(store: "pglite" | "postgres"): TestProjectInlineConfiguration {
  return {
    test: {
      name: `integration-${store}`,
      include: ["apps/server/test/integration/**/*.test.ts"],
      environment: "node",
      env: { TEST_STORE: store },
      globalSetup: [
        "apps/server/test/support/worker-exits.ts",
        "apps/server/test/support/store-templates.ts",
      ],
      // A worker's files share one module graph (docs/testing.md "One module graph per worker").
      isolate: false,
      // PGlite's workers: its WebAssembly compiled by V8's baseline compiler only (node-flags.ts).
      execArgv: store === "pglite" ? [...TEST_NODE_FLAGS] : [],
      testTimeout: 60_000,
      hookTimeout: 60_000,
    },
  };
}

export default defineConfig({
  test: {
    // V8 coverage of unit plus integration tests (npm test prints the figure; it may not fall).
    coverage: {
      provider: "v8",
      include: ["packages/*/src/**/*.ts", "apps/server/src/**/*.ts", "apps/web/src/**/*.{ts,tsx}"],
      exclude: ["**/*.test.{ts,tsx}"],
      reporter: ["text-summary", "json-summary"],
      reportsDirectory: "coverage",
      // The figure is printed even when a test fails.
      reportOnFailure: true,
      // The floor: a CI-like run measured statements 70.41%, branches 60.45%, functions 59.15%,
      // lines 72.05% (2026-11-27); one point below each, for run-to-run variation. Raise them
      // when coverage grows.
      // A part of the run (COVERAGE_PART, scripts/test-all.ts) is not held to them; the merge is.
      thresholds: process.env.COVERAGE_PART
        ? undefined
        : { statements: 69, branches: 59, functions: 58, lines: 71 },
    },
    projects: [
      {
        test: {
          name: "unit",
          include: [
            "packages/*/test/**/*.test.ts",
            "apps/server/test/unit/**/*.test.ts",
            "apps/web/src/**/*.test.{ts,tsx}",
            "apps/web/build/**/*.test.ts",
            "test/**/*.test.ts",
          ],
          environment: "node",
          isolate: false,
          globalSetup: ["apps/server/test/support/worker-exits.ts"],
        },
      },
      integration("pglite"),
      ...(process.env.DATABASE_URL ? [integration("postgres")] : []),
    ],
  },
});
