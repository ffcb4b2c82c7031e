import { describe, expect, it } from "vitest";
import { circles, importGraph, importSpecifiers } from "./import-graph";

/** Every import of the code, tests, benches and scripts, `import type` included. */
const graph = importGraph("apps", "packages", "e2e", "bench", "scripts", "test");

it("has no import circle: no module reaches itself through the modules it imports", () => {
  expect(circles(graph)).toEqual([]);
});

it("no package imports an app (packages -> apps, never back)", () => {
  const wrong = [...graph].flatMap(([file, deps]) =>
    file.startsWith("packages/")
      ? deps.filter((d) => d.startsWith("apps/")).map((d) => `${file} -> ${d}`)
      : [],
  );
  expect(wrong).toEqual([]);
});

it("sees the imports it guards: workspace packages, type imports and re-exports", () => {
  expect(graph.get("apps/server/src/main.ts")).toContain("apps/server/src/config.ts");
  // A workspace package's name resolves to its entry module.
  expect(graph.get("packages/sim/src/index.ts")?.length).toBeGreaterThan(0);
  expect([...graph.values()].flat()).toContain("packages/game/src/index.ts");
});

describe("the graph's reader and its circle finder", () => {
  it("reads static, type-only, re-exported and literal dynamic imports", () => {
    const code = [
      'import { a } from "./a";',
      'import type { B } from "./b";',
      'export { c } from "./c";',
      'export * from "./d";',
      'import "./e";',
      'const f = await import("./f");',
      "const g = await import(name);",
    ].join("\n");
    expect(importSpecifiers("x.ts", code)).toEqual(["./a", "./b", "./e", "./c", "./d", "./f"]);
  });

  it("finds a circle of three, a module that imports itself, and nothing in a tree", () => {
    const graphOf = (edges: Record<string, string[]>) => new Map(Object.entries(edges));
    expect(circles(graphOf({ a: ["b"], b: ["c"], c: ["a"], d: ["a"] }))).toEqual([["a", "b", "c"]]);
    expect(circles(graphOf({ a: ["a"], b: [] }))).toEqual([["a"]]);
    expect(circles(graphOf({ a: ["b", "c"], b: ["c"], c: [] }))).toEqual([]);
  });

  it("refuses a module that does not parse rather than reading half of it", () => {
    expect(() => importSpecifiers("x.ts", "import { from ;")).toThrow(/does not parse/);
  });
});
