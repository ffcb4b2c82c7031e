import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { expect, type Page } from "@playwright/test";
import type { AxeResults, RunOptions } from "axe-core";

/** The WCAG rules every screen is held to (issue 14). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

const AXE_SOURCE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const OPTIONS: RunOptions = {
  runOnly: { type: "tag", values: WCAG_TAGS },
  // Only the violations are read: the passes' node details are not built.
  resultTypes: ["violations"],
};
const RUN_OPTIONS = JSON.stringify(OPTIONS);

/**
 * axe-core's serious and critical violations on the page as it is now: `axe.run` in the page,
 * the script put in once per document. `@axe-core/playwright` did the same checks in 0.8-3.4 s
 * a page here: it injects the script again on every check, and by default runs each frame's
 * part and opens a blank page to combine them. This takes 0.16-0.27 s and finds the same
 * rules and nodes (the game draws no frames).
 */
export async function seriousViolations(page: Page): Promise<AxeResults["violations"]> {
  if (!(await page.evaluate("typeof window.axe === 'object'"))) await page.evaluate(AXE_SOURCE);
  const results = (await page.evaluate(`axe.run(document, ${RUN_OPTIONS})`)) as AxeResults;
  return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
}

/** The page passes axe at a phone's and a desktop's size; the viewport is put back after. */
export async function expectAxeClean(
  page: Page,
  sizes: ReadonlyArray<{ width: number; height: number }> = [
    { width: 360, height: 740 },
    { width: 1366, height: 850 },
  ],
): Promise<void> {
  const before = page.viewportSize();
  for (const size of sizes) {
    await page.setViewportSize(size);
    expect((await seriousViolations(page)).map((v) => v.id)).toEqual([]);
  }
  if (before) await page.setViewportSize(before);
}
