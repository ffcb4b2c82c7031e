/**
 * The server as one ES module bundle for `node <outdir>/main.js`: the server and the workspace
 * packages (`@manaspire/game`, `@manaspire/protocol`, which ship TypeScript), with every npm
 * dependency left to node_modules, plus the SQL migrations beside it. At run time it needs
 * neither tsx nor any dev dependency. Used by the build (dist/) and by the integration tests'
 * global setup (a bundle for the tests that run the server as its own process).
 */
import { cpSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { type BuildOptions, build } from "esbuild";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Entry points: the server, and any worker a module starts from its own file (each lands in
 * the output folder under its key: the embedded database's thread is pglite-worker.js).
 */
export const ENTRY_POINTS = { main: "src/main.ts", "pglite-worker": "src/db/pglite-worker.ts" };

/**
 * How the server's code is built: one ES module for Node 20, the workspace's own TypeScript
 * packages bundled in, every npm dependency left to node_modules. The bench builds its tick
 * world the same way (bench/tick-bundle.ts), so it measures the code `npm start` runs.
 */
export function serverBuildOptions(): BuildOptions {
  const pkg = JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as {
    dependencies: Record<string, string>;
  };
  /** npm packages stay external; the workspace's own TypeScript packages are bundled in. */
  const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith("@manaspire/"));
  return {
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    sourcemap: true,
    external,
    // CommonJS dependencies bundled into ESM may call require(): give them one.
    banner: {
      js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
    },
    logLevel: "warning",
  };
}

/** Bundles the server into `outdir` (emptied first). */
export async function bundleServer(outdir: string): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({ ...serverBuildOptions(), absWorkingDir: root, entryPoints: ENTRY_POINTS, outdir });
  cpSync(path.join(root, "src/db/migrations"), path.join(outdir, "migrations"), {
    recursive: true,
  });
}
