/**
 * The signed-in first load in one chunk. Rolldown's automatic splitting puts every module that
 * the entry and some lazy screen both import in a chunk of its own; with the shop, the events
 * and the dungeons the first load grew to 39 files, 17 of them under 1 KiB gzipped, each
 * compressed on its own (gzip shares nothing between files): 151 KiB gzipped. This group puts
 * every app module the entry reaches through static imports in the entry's chunk: 3 files,
 * 144 KiB. Modules only lazy screens import keep the automatic splitting.
 */
import type { CodeSplittingNameFunction } from "rolldown";

type ModuleGraph = Parameters<CodeSplittingNameFunction>[1];

/**
 * The game and protocol packages are reached through their index (a barrel that re-exports
 * every rule), so such a module being reached says nothing of whether the first load uses it:
 * the rankings' boards would come along. Their modules, and the libraries', keep Rolldown's
 * automatic splitting, which follows the names actually used (the first load's land in the
 * entry's chunk anyway).
 */
export function isSharedCode(id: string): boolean {
  return /[\\/]packages[\\/][^\\/]+[\\/]src[\\/]/.test(id) || /[\\/]node_modules[\\/]/.test(id);
}

/**
 * Whether `id` is an entry or an app module imported statically, through app modules, by one.
 * A backwards search over the importers; a search that finds no entry has seen every module
 * that could lead to one, so all it visited are recorded as not reached.
 */
function reachedStatically(id: string, ctx: ModuleGraph, known: Map<string, boolean>): boolean {
  const seen = new Set<string>([id]);
  const queue = [id];
  while (queue.length > 0) {
    const current = queue.shift() as string;
    const cached = known.get(current);
    if (cached === false || isSharedCode(current)) continue;
    const info = cached === true ? null : ctx.getModuleInfo(current);
    if (cached === true || info?.isEntry) {
      known.set(id, true);
      return true;
    }
    if (!info) continue;
    for (const importer of info.importers) {
      if (!seen.has(importer)) {
        seen.add(importer);
        queue.push(importer);
      }
    }
  }
  for (const visited of seen) known.set(visited, false);
  return false;
}

/** The group's name function: `name` for the first load's app modules, none for the rest. */
export function firstLoadChunk(name = "index"): CodeSplittingNameFunction {
  let known = new Map<string, boolean>();
  let lastGraph: ModuleGraph | undefined;
  return (id, ctx) => {
    if (ctx !== lastGraph) {
      known = new Map(); // a new build (watch mode): the graph may have changed
      lastGraph = ctx;
    }
    return !isSharedCode(id) && reachedStatically(id, ctx, known) ? name : null;
  };
}
