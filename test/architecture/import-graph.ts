import { readFileSync } from "node:fs";
import path from "node:path";
import { parseSync } from "rolldown/utils";
import { root, trackedFiles, trackedSources } from "./source-files";

/**
 * Every import between the repository's TypeScript modules (`import type`, re-exports and
 * `import()` included), read by Oxc's parser (rolldown, which Vite builds with): module →
 * the modules it imports, as paths relative to the root. Relative specifiers resolve as the
 * bundler does (the file, then .ts, .tsx, /index.ts, /index.tsx); a workspace package's name
 * resolves to the module its package.json exports as ".". Other packages are not followed.
 */
export type ImportGraph = Map<string, string[]>;

const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

/** The workspace packages by name (`@manaspire/game`) → the module their "." export names. */
function workspaceEntries(): Map<string, string> {
  const entries = new Map<string, string>();
  for (const manifest of trackedFiles("apps", "packages").filter((f) =>
    f.endsWith("/package.json"),
  )) {
    const pkg = JSON.parse(readFileSync(path.join(root, manifest), "utf8")) as {
      name?: string;
      exports?: Record<string, unknown>;
    };
    const main = pkg.exports?.["."];
    if (pkg.name && typeof main === "string") {
      entries.set(pkg.name, path.posix.join(path.posix.dirname(manifest), main));
    }
  }
  return entries;
}

/** The specifiers a module imports, in source order. */
export function importSpecifiers(file: string, code: string): string[] {
  const parsed = parseSync(file, code);
  if (parsed.errors.length > 0) {
    throw new Error(`${file} does not parse: ${parsed.errors.map((e) => e.message).join("; ")}`);
  }
  const { staticImports, staticExports, dynamicImports } = parsed.module;
  const dynamic = dynamicImports.flatMap(({ moduleRequest }) => {
    // Only a string literal names a module (`import(name)` with a variable does not).
    const literal = code.slice(moduleRequest.start, moduleRequest.end).trim();
    return /^(["'])[^"'`]*\1$/.test(literal) ? [literal.slice(1, -1)] : [];
  });
  return [
    ...staticImports.map((i) => i.moduleRequest.value),
    ...staticExports.flatMap((e) => e.entries.flatMap((x) => x.moduleRequest?.value ?? [])),
    ...dynamic,
  ];
}

/** The graph of the tracked modules under the given folders. */
export function importGraph(...folders: string[]): ImportGraph {
  const files = trackedSources(...folders);
  const known = new Set(files);
  const packages = workspaceEntries();
  const resolve = (from: string, specifier: string): string | undefined => {
    if (packages.has(specifier)) return packages.get(specifier);
    if (!specifier.startsWith(".")) return undefined;
    const base = path.posix.join(path.posix.dirname(from), specifier);
    return EXTENSIONS.map((ext) => base + ext).find((f) => known.has(f));
  };
  const graph: ImportGraph = new Map();
  for (const file of files) {
    const code = readFileSync(path.join(root, file), "utf8");
    const targets = importSpecifiers(file, code).flatMap((s) => resolve(file, s) ?? []);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/**
 * The circles of a graph: each strongly connected group of two or more modules (or a module
 * that imports itself), as its modules sorted (Tarjan's algorithm, iterative).
 */
export function circles(graph: ImportGraph): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found: string[][] = [];
  let next = 0;
  for (const start of graph.keys()) {
    if (index.has(start)) continue;
    const work: { node: string; edge: number }[] = [{ node: start, edge: 0 }];
    index.set(start, next);
    low.set(start, next++);
    stack.push(start);
    onStack.add(start);
    while (work.length > 0) {
      const frame = work[work.length - 1] as { node: string; edge: number };
      const edges = graph.get(frame.node) ?? [];
      if (frame.edge < edges.length) {
        const to = edges[frame.edge++] as string;
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
          stack.push(to);
          onStack.add(to);
          work.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node) ?? 0, index.get(to) ?? 0));
        }
        continue;
      }
      work.pop();
      const parent = work[work.length - 1];
      if (parent) {
        low.set(parent.node, Math.min(low.get(parent.node) ?? 0, low.get(frame.node) ?? 0));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const group: string[] = [];
      for (;;) {
        const member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
        if (member === frame.node) break;
      }
      if (group.length > 1 || edges.includes(frame.node)) found.push(group.sort());
    }
  }
  return found;
}
