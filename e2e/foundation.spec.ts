import { expect, test } from "./fixtures";
import { createAccount, DESKTOP, fullNumber, shoot, uniqueName } from "./support";

/**
 * Foundation: a new mage signs up, fights, moves to the mines, gathers iron and finds the
 * same state after a reload. Runs against the real server (TICK_MS=700) on a fresh database.
 */

test.use({ viewport: DESKTOP });

test("a new mage battles, mines iron and keeps it after a reload", async ({ page }) => {
  const name = uniqueName("Mage");

  // Sign-in screen: create an account.
  await createAccount(page, name);
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
