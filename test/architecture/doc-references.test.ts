import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import { root, trackedFiles } from "./source-files";

/**
 * Where code and docs point into the docs, the target exists: a section named as
 * `docs/<page>.md "Heading"` is a heading of that page (its start suffices: "Events" names
 * "Events (Rift of Power, Elemental Rift)"), and every relative Markdown link of the docs
 * reaches a file.
 */

const texts = () =>
  trackedFiles().filter((f) => /\.(ts|tsx|mjs|md)$/.test(f) && !f.includes("node_modules"));

function headings(page: string): string[] {
  return readFileSync(path.join(root, page), "utf8")
    .split("\n")
    .flatMap((line) => {
      const m = /^#{1,6} (.+)$/.exec(line);
      return m?.[1] ? [m[1].trim()] : [];
    });
}

it('names only sections that exist when it says docs/<page>.md "Section"', () => {
  const wrong: string[] = [];
  for (const file of texts()) {
    const text = readFileSync(path.join(root, file), "utf8");
    for (const m of text.matchAll(/docs\/([\w/.-]+\.md)\s+(?:\/\/\s*|\*\s*)?"([^"\n]+)"/g)) {
      const page = `docs/${m[1]}`;
      const section = m[2] ?? "";
      if (!existsSync(path.join(root, page))) {
        wrong.push(`${file}: ${page} does not exist`);
      } else if (!headings(page).some((h) => h.startsWith(section))) {
        wrong.push(`${file}: ${page} has no section "${section}"`);
      }
    }
  }
  expect(wrong).toEqual([]);
});

it("links from the docs only to files that exist", () => {
  const broken: string[] = [];
  for (const doc of trackedFiles("docs", "README.md").filter((f) => f.endsWith(".md"))) {
    const text = readFileSync(path.join(root, doc), "utf8");
    for (const m of text.matchAll(/\]\(([^)\s#]+)(#[^)]*)?\)/g)) {
      const target = m[1] ?? "";
      if (/^[a-z]+:/.test(target)) continue; // https:, mailto:
      if (!existsSync(path.resolve(path.dirname(path.join(root, doc)), target))) {
        broken.push(`${doc}: ${target}`);
      }
    }
  }
  expect(broken).toEqual([]);
});

it("keeps docs/architecture.md an overview a newcomer reads in one sitting (at most 300 lines)", () => {
  const lines = readFileSync(path.join(root, "docs/architecture.md"), "utf8").split("\n").length;
  expect(
    lines,
    "move a part's details to its page under docs/core or docs/features",
  ).toBeLessThanOrEqual(300);
});
