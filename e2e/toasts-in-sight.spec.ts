import { LootId, MarketSide } from "@manaspire/game";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
import { Col, markDirty } from "../apps/server/src/world/player-columns";
import { connect, toastFor } from "../apps/server/test/support/players";
import { expect, type Page, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { shootAsIs, toast, uniqueName } from "./support";
import { expectToastInSightAndClear, pageSize } from "./toast-support";

/**
 * Toasts in sight and out of the way (issue 31, findings 4 and 6): on a desktop (1366x850) and
 * a phone (390x844), the toast a click causes is wholly on screen and covers neither that
 * control nor the form around it, so the next click reaches the control; /guild's roster does
 * not widen the phone's page; the order book's Quantity and Total columns do not run together.
 * Its own world: the players are handed their iron, Mana Dust and the founding cost in memory.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("toasts");
});

test.afterAll(async () => {
  await world?.stop();
});

const DESKTOP = { width: 1366, height: 850 };
const PHONE = { width: 390, height: 844 };

/** Gives a player of the world loot in memory and reloads its page so the client shows it. */
async function hand(page: Page, loaded: LoadedPlayer, loot: Record<number, number>): Promise<void> {
  Object.assign(loaded.loot, loot);
  markDirty(loaded, Col.loot);
  await page.reload();
  await expect(page.getByTestId("player-name")).toBeVisible();
}

/** The toasts on screen. */
function toasts(page: Page) {
  return page.getByRole("region", { name: "Notifications" }).getByRole("button");
}

test("the order book's columns keep apart, and a market toast leaves the order form in reach", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  // Someone else's 28 Iron at 99,700 each: "28" beside "2.79M".
  const trader = await connect(world.server, await world.signUp(uniqueName("Trad")));
  trader.loaded.loot[LootId.Iron] = 28;
  markDirty(trader.loaded, Col.loot);
  expect(
    await toastFor(trader, () =>
      trader.client.send("createOrder", {
        side: MarketSide.Sell,
        lootId: LootId.Iron,
        quantity: 28,
        unitPrice: 99_700,
        quantityGiven: true,
      }),
    ),
  ).toContain("28 Iron");

  const { context, page, loaded } = await openAs(
    world,
    browser,
    uniqueName("Sellt"),
    "/market",
    DESKTOP,
  );
  await hand(page, loaded, { [LootId.Iron]: 28, [LootId.ManaDust]: 1000 });
  await page.getByRole("tab", { name: "Resources" }).click();
  await page.getByRole("button", { name: /^Iron\s/ }).click();

  // The player rests its 28 Iron at 99,800: the toast covers neither the Buy/Sell switch nor
  // the Sell button.
  const form = page.getByRole("region", { name: "Buy or sell Iron" });
  const sides = form.getByRole("group", { name: "Side" });
  await sides.getByRole("button", { name: "Sell", exact: true }).click();
  await form.getByLabel(/^Quantity/).fill("28");
  await form.getByLabel(/^Price each/).fill("99800");
  const sell = form.getByRole("button", { name: "Sell Iron" });
  await sell.click();
  const rested = toast(page, "Your order for 28 Iron waits on the market at 99,800 each.");
  await expectToastInSightAndClear(page, rested, [sell, sides]);
  await shootAsIs(page, "toasts-market-order");

  // The book's sell side: the trader's row and the player's own (its price marked "yours"):
  // Quantity and Total with a visible gap between them.
  const rows = page.getByRole("region", { name: "Iron order book" }).locator("tbody tr");
  await expect(rows.filter({ hasText: "99.8K" })).toHaveCount(1);
  for (const price of ["99.7K", "99.8K"]) {
    const row = rows.filter({ hasText: price });
    const quantity = row.locator("td").nth(1).locator("span[title]");
    const total = row.locator("td").nth(2).locator("span[title]");
    await expect(quantity).toHaveText("28");
    await expect(total).toHaveText("2.79M");
    const q = await quantity.boundingBox();
    const t = await total.boundingBox();
    expect(
      t!.x - (q!.x + q!.width),
      `gap between 28 and the total at ${price}`,
    ).toBeGreaterThanOrEqual(12);
  }

  // A buy while the sell rests is refused; the toast leaves the Buy button in reach, so a
  // second click, while it shows, is refused again rather than dismissing it.
  await sides.getByRole("button", { name: "Buy", exact: true }).click();
  const buy = form.getByRole("button", { name: "Buy Iron" });
  const refused = toast(page, "You already have an open order for Iron: edit or cancel it.");
  await form.getByLabel(/^Quantity/).fill("1");
  await form.getByLabel(/^Price each/).fill("1");
  await buy.click();
  await expectToastInSightAndClear(page, refused, [buy, sides]);
  // The first toast may have timed out by now on a slow machine: the second click's toast is
  // the one not marked as seen.
  await refused.evaluateAll((els) => {
    for (const el of els) el.setAttribute("data-seen", "");
  });
  await form.getByLabel(/^Quantity/).fill("1");
  await buy.click();
  const again = refused.and(page.locator(":not([data-seen])"));
  await expect(again).toHaveCount(1);
  await expectToastInSightAndClear(page, again, [buy, sides]);

  // On a phone, the toast is on screen and off the Buy button too.
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await page.setViewportSize(PHONE);
  await form.getByLabel(/^Quantity/).fill("1");
  await buy.click();
  await expectToastInSightAndClear(page, refused, [buy]);
  await shootAsIs(page, "toasts-market-order");

  // The Buy button scrolled up to the top bar, where the (two-line) toast would cover it:
  // the toasts go to the bottom, above the chat, instead.
  await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
  await form.getByLabel(/^Quantity/).fill("1");
  await buy.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await buy.click();
  // Checked with the toast in one locator, the moment it shows: a toast lives 4 s, and once
  // the stack is empty it goes back to the top (CI, 2026-11-28: checked after the in-sight
  // checks, which scroll the button, on a loaded machine it found "top").
  await expect(
    page
      .locator('section[aria-label="Notifications"][data-edge="bottom"]')
      .getByText("You already have an open order for Iron: edit or cancel it."),
  ).toBeVisible();
  await expectToastInSightAndClear(page, refused, [buy]);
  await shootAsIs(page, "toasts-market-order-moved");
  await context.close();
});

test("/guild fits a phone and the Donate toast shows on screen, clear of the form", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const { context, page, loaded } = await openAs(
    world,
    browser,
    uniqueName("Dona"),
    "/guild/list",
    PHONE,
  );
  await hand(page, loaded, {
    [LootId.Iron]: 2000,
    [LootId.Fish]: 2000,
    [LootId.Wood]: 2000,
  });
  const guildName = `Toast ${uniqueName("Hall").replace(/[^A-Za-z]/g, "")}`.slice(0, 30);
  await page.getByPlaceholder("Guild name").fill(guildName);
  await page.getByRole("button", { name: "Create Guild" }).click();
  await expect(toast(page, `You founded ${guildName}.`)).toBeVisible();
  await page.goto("/guild");
  await expect(page.getByTestId("roster-row")).toHaveCount(1);

  const size = await pageSize(page);
  expect(size.page.width).toBe(PHONE.width);
  expect(size.page).toEqual(size.screen);

  const donate = page.getByRole("button", { name: "Donate", exact: true });
  const amount = page.getByLabel("Amount");
  for (const size of [PHONE, DESKTOP]) {
    await page.setViewportSize(size);
    await expect(toasts(page)).toHaveCount(0, { timeout: 10_000 });
    await page.getByLabel("Currency").selectOption({ label: "Iron" });
    await amount.fill("100");
    await donate.click();
    const told = toast(page, "You donated 100 Iron to the guild.");
    await expectToastInSightAndClear(page, told, [donate, amount]);
    await shootAsIs(page, "toasts-guild-donate");
  }
  // On the phone the roster scrolls sideways inside its panel.
  await page.setViewportSize(PHONE);
  await page.getByRole("heading", { name: /^Roster/ }).scrollIntoViewIfNeeded();
  await shootAsIs(page, "toasts-guild-roster");
  await context.close();
});
