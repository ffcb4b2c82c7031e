import { execFileSync } from "node:child_process";
import path from "node:path";

/** The repository's root. */
export const root = path.resolve(import.meta.dirname, "../..");

/** The tracked files (under the given folders), relative to the root. */
export function trackedFiles(...folders: string[]): string[] {
  return execFileSync("git", ["ls-files", "-z", "--", ...folders], { cwd: root, encoding: "utf8" })
    .split("\0")
    .filter((f) => f !== "");
}

/** The tracked TypeScript files under the given folders, relative to the root. */
export function trackedSources(...folders: string[]): string[] {
  return trackedFiles(...folders).filter((f) => /\.tsx?$/.test(f) && !f.endsWith(".d.ts"));
}
