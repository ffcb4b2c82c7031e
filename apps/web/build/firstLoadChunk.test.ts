import type { CodeSplittingNameFunction } from "rolldown";
import { describe, expect, it } from "vitest";
import { firstLoadChunk, isSharedCode } from "./firstLoadChunk";

type Graph = Record<string, { importers: string[]; isEntry?: boolean }>;

/** A module graph as Rolldown's chunking context shows it. */
function context(graph: Graph): Parameters<CodeSplittingNameFunction>[1] {
  return {
    getModuleInfo: (id: string) => {
      const node = graph[id];
      return node
        ? ({ id, importers: node.importers, isEntry: node.isEntry ?? false } as never)
        : null;
    },
  };
}

const app = (name: string) => `/repo/apps/web/src/${name}.tsx`;
const game = (name: string) => `/repo/packages/game/src/${name}.ts`;

describe("the first load's chunk", () => {
  const graph: Graph = {
    [app("main")]: { importers: [], isEntry: true },
    [app("App")]: { importers: [app("main")] },
    [app("MainLayout")]: { importers: [app("App")] },
    // a cycle on the first load's path
    [app("a")]: { importers: [app("b"), app("MainLayout")] },
    [app("b")]: { importers: [app("a")] },
    // a lazy screen (imported with import(): not among the importers) and its helpers
    [app("RankingsPage")]: { importers: [] },
    [app("rankingsModel")]: { importers: [app("RankingsPage")] },
    [app("c")]: { importers: [app("d")] },
    [app("d")]: { importers: [app("c")] },
    // shared by the shell and a lazy screen
    [app("Tooltip")]: { importers: [app("RankingsPage"), app("MainLayout")] },
    [game("index")]: { importers: [app("MainLayout"), app("rankingsModel")] },
    [game("boards")]: { importers: [game("index")] },
    // an app module reached only through the game's barrel is not taken for the first load's
    [app("onlyViaBarrel")]: { importers: [game("boards")] },
  };

  it("takes the entry and every app module it imports statically, cycles included", () => {
    const name = firstLoadChunk("index");
    const ctx = context(graph);
    for (const id of ["main", "App", "MainLayout", "b", "a", "Tooltip"]) {
      expect(name(app(id), ctx), id).toBe("index");
    }
  });

  it("leaves lazy screens' own modules, the packages and the libraries to Rolldown", () => {
    const name = firstLoadChunk("index");
    const ctx = context(graph);
    for (const id of ["RankingsPage", "rankingsModel", "c", "d", "onlyViaBarrel"]) {
      expect(name(app(id), ctx), id).toBeNull();
    }
    expect(name(game("boards"), ctx)).toBeNull();
    expect(name("/repo/node_modules/react-dom/index.js", ctx)).toBeNull();
    // asked again in another order, from the cache
    expect(name(app("a"), ctx)).toBe("index");
    expect(name(app("d"), ctx)).toBeNull();
  });

  it("tells shared code by its path on any system", () => {
    expect(isSharedCode("C:\\repo\\packages\\protocol\\src\\codecs.ts")).toBe(true);
    expect(isSharedCode("/repo/node_modules/zustand/esm/vanilla.mjs")).toBe(true);
    expect(isSharedCode("/repo/apps/web/src/packages/x.ts")).toBe(false);
  });
});
