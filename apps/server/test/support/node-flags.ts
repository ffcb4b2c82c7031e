/**
 * Node flags of the processes the integration tests run PGlite in: Vitest's workers of the
 * PGlite project, the server processes tests start (support/child.ts) and the operator
 * scripts (support/operator-scripts.ts).
 *
 * `--liftoff-only`: V8 compiles PGlite's WebAssembly (PostgreSQL) with its baseline compiler
 * only, never TurboFan. A test's PGlite lives seconds, too short for optimised code to repay
 * its compilation: a server process's start took 1.9-2.0 s of CPU instead of 3.0-3.2 s, and
 * eight of the heaviest PGlite files (kill -9, flush, persistence) 110-123 s of CPU instead of
 * 142-156 s, their wall time the same or shorter (2026-11-29, docs/testing.md). It changes
 * which machine code runs, not what the server does; the server people run keeps V8's
 * defaults. No effect on PostgreSQL's processes (no WebAssembly).
 */
export const TEST_NODE_FLAGS: readonly string[] = ["--liftoff-only"];
