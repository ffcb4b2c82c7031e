import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** The WCAG rules every screen is held to (issue 14). */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

/** axe-core's serious and critical violations on the page as it is now. */
export async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
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
