import { mkdirSync } from "node:fs";
import path from "node:path";
import { expect, type Page, test } from "./fixtures";
import { openAs, startOwnWorld } from "./own-world";
import { createAccount, nav, SHOTS, SHOTS_ON, say, uniqueName } from "./support";

/** A screenshot at the page's size with animations finished (overlays fade in). */
async function shot(page: Page, name: string): Promise<void> {
  if (!SHOTS_ON) return;
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize() ?? { width: 0, height: 0 };
  await page.screenshot({
    path: path.join(SHOTS, `${name}-${width}x${height}.png`),
    animations: "disabled",
  });
}

/** Open WebSockets of a page (the game opens one). */
function countSockets(page: Page): { open: number } {
  const state = { open: 0 };
  page.on("websocket", (ws) => {
    state.open++;
    ws.on("close", () => state.open--);
  });
  return state;
}

test("a screen whose code fails to load reloads once, then shows the error screen; Reload recovers", async ({
  browser,
}) => {
  // Without the offline cache, so the chunk really comes from the network.
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  await createAccount(page, uniqueName("Chunk"));
  await expect(page.getByTestId("player-name")).toBeVisible();

  let blocked = 0;
  const chunk = /\/assets\/ResearchPage-[\w-]+\.js$/;
  await page.route(chunk, (route) => {
    blocked++;
    return route.abort();
  });
  let loads = 0;
  page.on("load", () => loads++);
  await nav(page, "Research").click();

  // The first failure reloads the page by itself; the second shows the error screen.
  const error = page.getByTestId("route-error");
  await expect(error).toBeVisible();
  await expect(
    error.getByRole("heading", { name: "This screen could not be loaded" }),
  ).toBeVisible();
  expect(loads).toBe(1);
  expect(blocked).toBe(2);
  expect(page.url()).toMatch(/\/research$/);
  await expect(page).toHaveTitle("Something went wrong · Manaspire");
  // The shell stays around the failed screen.
  await expect(page.getByTestId("player-name")).toBeVisible();
  await shot(page, "route-error");

  await page.unroute(chunk);
  await error.getByRole("button", { name: "Reload" }).click();
  await expect(page.getByRole("heading", { name: "Research", level: 1 })).toBeVisible();
  await expect(page).toHaveTitle("Research · Manaspire");
  await context.close();
});

test("an offline reload shows the game's offline screen and reconnects when the network returns", async ({
  browser,
}) => {
  // The offline cache's service worker (blocked by default in this suite) answers the reload.
  const context = await browser.newContext({ serviceWorkers: "allow" });
  const page = await context.newPage();
  await createAccount(page, uniqueName("Offline"));
  await expect(page.getByTestId("player-name")).toBeVisible();
  // The worker installs (precaching the game) after the first load; it controls the next one.
  await page.evaluate("navigator.serviceWorker.ready.then(() => true)");
  await page.reload();
  await expect
    .poll(() => page.evaluate('navigator.serviceWorker.controller?.scriptURL ?? ""'))
    .toMatch(/\/sw\.js$/);
  await expect(page.getByTestId("player-name")).toBeVisible();

  await context.setOffline(true);
  await page.reload();
  const offline = page.getByRole("dialog", { name: "You are offline" });
  await expect(offline).toBeVisible();
  await expect(offline.getByRole("button", { name: "Retry now" })).toBeVisible();
  await shot(page, "offline");

  await context.setOffline(false);
  await expect(offline).toBeHidden();
  await expect(page.getByTestId("player-name")).toBeVisible();
  await expect(page.getByTestId("main-loading")).toBeHidden();
  await context.close();
});

test("a second tab of the same player shows Playing in another tab; Play here takes the game back", async ({
  browser,
}) => {
  const context = await browser.newContext({ serviceWorkers: "block" });
  const first = await context.newPage();
  const firstSockets = countSockets(first);
  await createAccount(first, uniqueName("Twin"));
  await expect(first.getByTestId("player-name")).toBeVisible();

  const second = await context.newPage();
  const secondSockets = countSockets(second);
  await second.goto("/");
  await expect(second.getByTestId("player-name")).toBeVisible();
  const aside = (page: Page) => page.getByRole("dialog", { name: "Playing in another tab" });
  await expect(aside(first)).toBeVisible();
  await expect(aside(second)).toHaveCount(0);
  await expect.poll(() => firstSockets.open).toBe(0);
  expect(secondSockets.open).toBe(1);
  await shot(first, "playing-elsewhere");

  // Coming back to the first tab does not take the game by itself…
  await first.bringToFront();
  await first.waitForTimeout(500);
  expect(firstSockets.open).toBe(0);
  // …"Play here" does.
  await aside(first).getByRole("button", { name: "Play here" }).click();
  await expect(aside(first)).toBeHidden();
  await expect(first.getByTestId("player-name")).toBeVisible();
  await expect(aside(second)).toBeVisible();
  await expect.poll(() => secondSockets.open).toBe(0);
  expect(firstSockets.open).toBe(1);
  await context.close();
});

test("after an absence, While you were away says what the mage did, from the server", async ({
  browser,
}) => {
  test.setTimeout(240_000); // two players and a real absence
  // Its own world, where 6 s away is an absence. On the shared world (5 minutes there) any
  // page load that took over 6 s on a loaded machine showed this dialog over another test.
  const world = await startOwnWorld("away", { AWAY_SUMMARY_MS: "6000" });
  const mage = uniqueName("Idle");
  const { context: mageContext, page: first } = await openAs(world, browser, mage, "/");
  await first.close(); // the last tab closes: the absence starts

  const { context: friendContext, page: friend } = await openAs(
    world,
    browser,
    uniqueName("Pal"),
    "/",
  );
  await say(friend, `/w ${mage} your mage fights well`);
  await friend.waitForTimeout(6500); // past AWAY_SUMMARY_MS, a few 700 ms ticks of battle

  const page = await mageContext.newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const dialog = page.getByRole("dialog", { name: "While you were away" });
  await expect(dialog).toBeVisible();
  const summary = dialog.getByTestId("away-summary");
  await expect(summary).toContainText(/You were away for \d+ min/);
  const actions = Number(
    (
      await summary.getByText("Actions spent").locator("xpath=following-sibling::dd").textContent()
    )?.replace(/,/g, ""),
  );
  expect(actions).toBeGreaterThan(2);
  await expect(dialog.getByRole("heading", { name: "Experience" })).toBeVisible();
  await expect(summary.getByText("Battle", { exact: true })).toBeVisible();
  await expect(summary.getByText("Mana Dust")).toBeVisible();
  await expect(summary).toContainText(/Whisper from Pal_\w+: your mage fights well/);
  await shot(page, "away-summary");

  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();
  // Told once: a reload right away has nothing to tell.
  await page.reload();
  await expect(page.getByTestId("player-name")).toBeVisible();
  await page.waitForTimeout(1500);
  await expect(dialog).toHaveCount(0);
  await mageContext.close();
  await friendContext.close();
  await world.stop();
});
