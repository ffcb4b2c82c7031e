import { expect, test } from "./fixtures";
import { createAccount, uniqueName } from "./support";

/**
 * Tooltip modes (spec 000 section 9): in hover mode a tooltip opens after 700 ms of hover, on a
 * fake clock so the delay is exact; in click mode (chosen in the chat settings) a click opens
 * it at once and a click elsewhere closes it.
 */
test("tooltips open after 700 ms of hover, or at once on click in click mode", async ({ page }) => {
  await page.clock.install();
  const name = uniqueName("Tip");
  await createAccount(page, name);
  await expect(page.getByTestId("player-name")).toHaveText(name);

  // The status panel's Codex row (a button named by its label and amount), not a Codex the
  // mage may drop meanwhile (the loot tracker's line, no button).
  const codex = page.getByRole("button", { name: /^Codex\b/ });
  const tooltip = page.getByRole("tooltip");
  await page.clock.pauseAt(Date.now() + 2000);
  await codex.hover();
  await page.clock.runFor(650);
  await expect(tooltip).toHaveCount(0);
  await page.clock.runFor(100);
  await expect(tooltip).toBeVisible();
  await expect(tooltip).toContainText("Bound");
  await page.mouse.move(700, 5);
  await expect(tooltip).toHaveCount(0);
  await page.clock.resume();

  // Click mode: no tooltip on hover, a click opens it, a click elsewhere closes it.
  await page.getByTestId("chat-settings-button").click();
  const click = page.getByRole("button", { name: "Click", exact: true });
  await click.click();
  await expect(click).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");
  await codex.hover();
  await page.waitForTimeout(1000);
  await expect(tooltip).toHaveCount(0);
  await codex.click();
  await expect(tooltip).toBeVisible();
  await page.mouse.click(700, 5);
  await expect(tooltip).toHaveCount(0);
});
