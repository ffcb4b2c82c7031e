import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root, trackedFiles } from "./source-files";

/**
 * Paths the docs name that are not files of the repository on purpose: outputs of a run, an
 * address, a file beside the repository, a file named where the docs tell its history.
 */
const NOT_IN_THE_REPOSITORY = [
  /^\//, // an address (/api/openapi.json)
  /^shared\//, // the specification and reference beside the repository
  /^coverage\//,
  /(^|\/)dist\//,
  /^client-routes\.json$/, // written by the web build
  /^packages\/sim\/out\//, // written by npm run simulate
  /^bench\/fixtures\.ts$/, // testing.md: where a file used to be
];

const FILE_IN_BACKTICKS = /`([\w./-]+\.(?:ts|tsx|md|json|mjs|sh|ya?ml|sql|css|html|conf))`/g;

it("names only files that exist (each path ends a tracked file's path)", () => {
  const files = trackedFiles();
  const docs = files.filter((f) => /^docs\/.*\.md$|^README\.md$/.test(f));
  const missing = docs.flatMap((doc) =>
    [...readFileSync(path.join(root, doc), "utf8").matchAll(FILE_IN_BACKTICKS)]
      .map((m) => m[1] ?? "")
      .filter((named) => !NOT_IN_THE_REPOSITORY.some((re) => re.test(named)))
      .filter((named) => {
        const p = named.replace(/^\.\//, "");
        return !files.some((f) => f === p || f.endsWith(`/${p}`));
      })
      .map((named) => `${doc}: ${named}`),
  );
  expect(missing).toEqual([]);
});
