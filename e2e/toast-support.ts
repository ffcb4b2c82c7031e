import { expect, type Locator, type Page } from "@playwright/test";

/** Where toasts and the controls that caused them are on screen (issue 31, finding 4). */

/** A rectangle on screen, from a bounding box. */
export interface Box {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** The locator's bounding box; throws when it has none (not shown). */
export async function boxOf(locator: Locator): Promise<Box> {
  const box = await locator.boundingBox();
  if (!box) throw new Error(`${locator} has no box`);
  return box;
}

function overlaps(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/** How wide and tall the page is, and the screen it is on (px). */
export async function pageSize(page: Page): Promise<{ page: Size; screen: Size }> {
  return (await page.evaluate(`(() => {
    const root = document.documentElement;
    return {
      page: { width: root.scrollWidth, height: root.scrollHeight },
      screen: { width: root.clientWidth, height: root.clientHeight },
    };
  })()`)) as { page: Size; screen: Size };
}

interface Size {
  width: number;
  height: number;
}

/**
 * The toast `shown` lies wholly inside the viewport, the page is no larger than the viewport,
 * and the toast covers none of `controls` (the one that caused it, and any other that must
 * stay in reach): each one's centre is the control itself, not the toast.
 */
export async function expectToastInSightAndClear(
  page: Page,
  shown: Locator,
  controls: Locator[],
): Promise<void> {
  await expect(shown).toBeVisible();
  // Measured first and in one step: a toast lives 4 s, which a loaded machine can spend
  // between two of the calls below.
  const toast = await shown.evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { x: r.x, y: r.y, width: r.width, height: r.height };
  });
  const viewport = page.viewportSize();
  if (!viewport) throw new Error("no viewport");
  // The shell's page never scrolls (its regions do): no wider, no taller than the screen.
  const size = await pageSize(page);
  expect(size.page, "the page is no larger than the screen").toEqual(size.screen);
  expect(toast.x, "toast's left edge on screen").toBeGreaterThanOrEqual(0);
  expect(toast.y, "toast's top edge on screen").toBeGreaterThanOrEqual(0);
  expect(toast.x + toast.width, "toast's right edge on screen").toBeLessThanOrEqual(viewport.width);
  expect(toast.y + toast.height, "toast's bottom edge on screen").toBeLessThanOrEqual(
    viewport.height,
  );
  for (const control of controls) {
    await control.scrollIntoViewIfNeeded();
    const box = await boxOf(control);
    expect(overlaps(toast, box), `the toast covers ${control}`).toBe(false);
    const hit = await control.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const top = el.ownerDocument.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return top !== null && el.contains(top);
    });
    expect(hit, `${control} is in reach`).toBe(true);
  }
}
