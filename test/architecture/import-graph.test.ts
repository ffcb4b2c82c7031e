import { createRequire } from "node:module";
import path from "node:path";
import { expect, it } from "vitest";
import { root } from "./source-files";

interface MadgeGraph {
  circular(): string[][];
  obj(): Record<string, string[]>;
}
type Madge = (paths: string[], config: Record<string, unknown>) => Promise<MadgeGraph>;
// detective-typescript warns of a typescript-eslint deprecation for every file it parses.
process.noDeprecation = true;
const madge = createRequire(import.meta.url)("madge") as Madge;

/** Every import of the code, tests, benches and scripts, `import type` included. */
const graph = madge(
  ["apps", "packages", "e2e", "bench", "scripts", "test"].map((d) => path.join(root, d)),
  {
    baseDir: root,
    fileExtensions: ["ts", "tsx"],
    tsConfig: path.join(root, "tsconfig.base.json"),
    excludeRegExp: [/\.tsbuild\//, /\/dist\//, /node_modules/],
  },
);

it("has no import circle: no module reaches itself through the modules it imports", async () => {
  expect((await graph).circular()).toEqual([]);
}, 120_000);

it("no package imports an app (packages -> apps, never back)", async () => {
  const wrong = Object.entries((await graph).obj()).flatMap(([file, deps]) =>
    file.startsWith("packages/")
      ? deps.filter((d) => d.startsWith("apps/")).map((d) => `${file} -> ${d}`)
      : [],
  );
  expect(wrong).toEqual([]);
}, 120_000);
