import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Locator, type Page, test } from "@playwright/test";

/**
 * Foundation: a new mage signs up, fights, moves to the mines, gathers iron and finds the
 * same state after a reload. Runs against the real server (TICK_MS=700) on a fresh database.
 */

const SHOTS = path.join("test-results", "screens");
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** Names are 3-20 letters or underscores: derive a unique one from the clock. */
function uniqueName(): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let suffix = "";
  while (n > 0 && suffix.length < 12) {
    suffix += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `Mage_${suffix}`;
}

/** The full number behind an abbreviated <Num> (its title holds "1,234"). */
async function fullNumber(value: Locator): Promise<number> {
  const title = await value.locator("[title]").first().getAttribute("title");
  return Number((title ?? "").replace(/,/g, ""));
}

async function shoot(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ["1280x800", DESKTOP],
    ["360x740", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
    // Let the layout settle after the resize (bars animate their width).
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

test.use({ viewport: DESKTOP });

test("a new mage battles, mines iron and keeps it after a reload", async ({ page }) => {
  const name = uniqueName();

  // Sign-in screen: create an account.
  await page.goto("/login");
  await page.getByRole("button", { name: "Create account", exact: true }).first().click();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill("a-long-enough-password");
  await page.locator("form").getByRole("button", { name: "Create account" }).click();
  await expect(page).toHaveURL(/\/$/);

  // The shell fills in from the server.
  await expect(page.getByTestId("player-name")).toHaveText(name);
  const actions = page.getByTestId("actions-count");
  await expect(actions).toBeVisible();

  // Battle results arrive: a win against the enemy the header names.
  const battleView = page.getByTestId("battle-view");
  await expect(battleView).toBeVisible();
  const enemy = (await page.getByTestId("current-enemy").textContent())?.trim() ?? "";
  expect(enemy.length).toBeGreaterThan(0);
  await expect(page.getByTestId("battle-outcome")).toHaveText("You won!");
  await expect(page.getByTestId("enemy-name")).toHaveText(enemy);
  await expect(page.getByTestId("battle-result")).toContainText("experience");

  // Actions count down with every battle.
  const actionsBefore = await fullNumber(actions);
  await expect.poll(() => fullNumber(actions)).toBeLessThan(actionsBefore);

  await shoot(page, "battle", page.getByTestId("battle-result"));

  // Enemy selection opens from the battle view.
  await page.getByRole("button", { name: "Change Enemy" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByRole("button", { name: "Select Enemy" })).toBeDisabled();
  await dialog.getByRole("button", { name: "Increase enemy" }).click();
  await expect(dialog.getByRole("button", { name: "Select Enemy" })).toBeEnabled();
  await shoot(page, "enemy-select");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  // Town: pick the mines.
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Town" }).click();
  await expect(page).toHaveURL(/\/town$/);
  await expect(page.getByRole("heading", { name: "Welcome to Town" })).toBeVisible();
  await shoot(page, "town");
  await page.getByRole("button", { name: /Ironclad Mines/ }).click();
  await expect(page).toHaveURL(/\/$/);

  // Gathering: the mines view, gathering results and iron growing in the left panel.
  await expect(page.getByTestId("gathering-zone")).toHaveText("Ironclad Mines");
  await expect(page.getByTestId("gather-result")).toContainText("Iron");
  const iron = page.getByTestId("resource-iron");
  await expect.poll(() => fullNumber(iron)).toBeGreaterThan(0);
  const ironSeen = await fullNumber(iron);
  await expect.poll(() => fullNumber(iron)).toBeGreaterThan(ironSeen);
  await shoot(page, "gathering", page.getByTestId("gather-result"));

  // Reload: same mage, still mining, at least as much iron.
  const ironBeforeReload = await fullNumber(iron);
  await page.reload();
  await expect(page.getByTestId("player-name")).toHaveText(name);
  await expect(page.getByTestId("gathering-zone")).toHaveText("Ironclad Mines");
  await expect(
    page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Mining" }),
  ).toBeVisible();
  await expect
    .poll(() => fullNumber(page.getByTestId("resource-iron")))
    .toBeGreaterThanOrEqual(ironBeforeReload);
});

test("an invalid stored token ends on the sign-in screen", async ({ page }) => {
  // Store a token on the site's origin (from a page outside the signed-in shell).
  await page.goto("/about");
  await page.evaluate("localStorage.setItem('token', 'not-a-real-token')");

  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByRole("alert")).toContainText("Invalid token");
  await expect.poll(() => page.evaluate("localStorage.getItem('token')")).toBeNull();
  await expect(
    page.getByRole("button", { name: "Create account", exact: true }).first(),
  ).toBeVisible();
});
