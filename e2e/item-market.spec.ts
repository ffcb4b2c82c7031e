import { type Browser, expect, type Page, test } from "./fixtures";
import { DESKTOP, register, shoot, shootAt, toast, uniqueName } from "./support";

/**
 * The equipment market against the real server (issue 9): a mage lists a dropped item from the
 * inventory, reprices and withdraws another from My orders; a second mage finds the first by
 * search and buys it at the price shown; both are told and find it in their logs. Item drops
 * come fast (ITEM_DROP_RATE=40 in playwright.config.ts).
 */

async function open(browser: Browser, name: string, token: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("player-name")).toHaveText(name);
  return { context, page };
}

/** The inventory's unequipped items, once at least `n` have dropped: their ids and names. */
async function itemsOf(page: Page, n: number): Promise<Array<{ id: string; name: string }>> {
  await page.goto("/inventory");
  const rows = page.getByTestId("inventory-item");
  // Drops join the list as they happen.
  await expect.poll(() => rows.count(), { timeout: 60_000 }).toBeGreaterThanOrEqual(n);
  return rows.evaluateAll((list) =>
    list.map((row) => ({
      id: row.getAttribute("data-item-id") ?? "",
      name: row.querySelector("button.cursor-help")?.textContent?.trim() ?? "",
    })),
  );
}

test("an item listed from the inventory is found by search and bought at its price", async ({
  browser,
  request,
}) => {
  test.setTimeout(300_000);
  const sellerName = uniqueName("Vend");
  const buyerName = uniqueName("Kopa");
  const seller = await open(browser, sellerName, await register(request, sellerName));
  const buyer = await open(browser, buyerName, await register(request, buyerName));
  const s = seller.page;
  const b = buyer.page;

  // The seller battles until two items dropped, then lists the first for 1 Mana Dust.
  const [first, second] = await itemsOf(s, 2);
  if (!first || !second) throw new Error("no items");
  const firstRow = s.locator(`[data-testid="inventory-item"][data-item-id="${first.id}"]`);
  await firstRow.getByRole("button", { name: `Sell ${first.name}` }).click();
  const sell = s.getByRole("dialog", { name: "Sell item" });
  await expect(sell.getByRole("button", { name: "List for sale" })).toBeDisabled();
  await sell.getByLabel("Price (Mana Dust)").fill("0");
  await expect(sell).toContainText("at least 1 Mana Dust");
  await sell.getByLabel("Price (Mana Dust)").fill("1");
  await shoot(s, "item-market-sell-dialog");
  await sell.getByRole("button", { name: "List for sale" }).click();
  await expect(toast(s, `Listed ${first.name} for 1 Mana Dust.`)).toBeVisible();
  await expect(firstRow).toHaveCount(0);

  // The second goes up at 500, is repriced to 300 from My orders, then withdrawn.
  const secondRow = s.locator(`[data-testid="inventory-item"][data-item-id="${second.id}"]`);
  await secondRow.getByRole("button", { name: `Sell ${second.name}` }).click();
  await s.getByRole("dialog", { name: "Sell item" }).getByLabel("Price (Mana Dust)").fill("500");
  await s.getByRole("button", { name: "List for sale" }).click();
  await expect(toast(s, `Listed ${second.name} for 500 Mana Dust.`)).toBeVisible();
  await s.goto("/market/my-orders");
  const mine = s.getByTestId("item-order");
  await expect(mine).toHaveCount(2);
  const secondListing = s.locator(`[data-testid="item-order"][data-item-id="${second.id}"]`);
  await expect(secondListing).toContainText("500");
  await secondListing.getByRole("button", { name: "Edit" }).click();
  await s.getByLabel("New price").fill("300");
  await s.getByRole("button", { name: "Save" }).click();
  await expect(toast(s, "Your listing now asks 300 Mana Dust.")).toBeVisible();
  await expect(secondListing).toContainText("300");
  await shoot(s, "item-market-my-orders");
  await secondListing.getByRole("button", { name: "Cancel" }).click();
  await s
    .getByRole("dialog", { name: "Withdraw listing" })
    .getByRole("button", { name: "Withdraw" })
    .click();
  await expect(toast(s, `Withdrew ${second.name} from the market.`)).toBeVisible();
  await expect(mine).toHaveCount(1);
  await s.goto("/inventory");
  await expect(secondRow).toHaveCount(1);

  // The buyer searches the equipment tab (at most 1 Mana Dust) and buys the first item.
  await b.goto("/market");
  await b.getByRole("tab", { name: "Equipment" }).click();
  await b.getByLabel("Max price").fill("1");
  await b.getByRole("button", { name: "Search" }).click();
  // By item id: two drops can share a name (CI once dropped two Piercing Gloves).
  const listed = (id: string) => b.locator(`[data-testid="item-order"][data-item-id="${id}"]`);
  const listing = listed(first.id);
  await expect(listing).toHaveCount(1);
  await expect(listing).toContainText(sellerName);
  await expect(listed(second.id)).toHaveCount(0);
  await shoot(b, "item-market-search");
  await listing.getByRole("button", { name: "Buy" }).click();
  const confirm = b.getByRole("dialog", { name: "Buy item" });
  await expect(confirm).toContainText(`Buy ${first.name} from ${sellerName} for 1 Mana Dust?`);
  await confirm.getByRole("button", { name: "Buy" }).click();
  await expect(toast(b, `Bought ${first.name} for 1 Mana Dust.`)).toBeVisible();
  await expect(listing).toHaveCount(0);
  await expect(toast(s, `${buyerName} bought your ${first.name} for 1 Mana Dust.`)).toBeVisible();

  // The item is the buyer's now, and both logs say it.
  await b.goto("/inventory");
  await expect(b.locator(`[data-testid="inventory-item"][data-item-id="${first.id}"]`)).toHaveCount(
    1,
  );
  await b.goto("/activity-log");
  await expect(
    b
      .getByTestId("log-entry")
      .filter({ hasText: `Bought ${first.name} from ${sellerName} for 1 Mana Dust.` }),
  ).toHaveCount(1);
  await s.goto("/activity-log");
  await expect(
    s
      .getByTestId("log-entry")
      .filter({ hasText: `Sold ${first.name} to ${buyerName} for 1 Mana Dust.` }),
  ).toHaveCount(1);

  await seller.context.close();
  await buyer.context.close();
});

// Issue 31: at 1366 px every market tab is in view; the boost filters name every option apart;
// Min quality shows what is sent once the field is left.
test("the equipment search at 1366 px: every tab in view, boosts told apart, Min quality as sent", async ({
  browser,
  request,
}) => {
  const name = uniqueName("Srch");
  const token = await register(request, name);
  const context = await browser.newContext({ viewport: { width: 1366, height: 850 } });
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto("/market");
  await expect(page.getByTestId("player-name")).toHaveText(name);

  // Every tab lies inside the strip's visible box, and no arrow hides any.
  const strip = page.getByRole("tablist", { name: "Market categories" });
  const box = await strip.boundingBox();
  if (!box) throw new Error("no tab strip");
  const tabs = strip.getByRole("tab");
  expect(await tabs.count()).toBe(10);
  for (const tab of await tabs.all()) {
    const t = await tab.boundingBox();
    if (!t) throw new Error("a tab without a box");
    expect(t.x).toBeGreaterThanOrEqual(box.x - 1);
    expect(t.x + t.width).toBeLessThanOrEqual(box.x + box.width + 1);
    await expect(tab).toBeInViewport({ ratio: 1 });
  }
  await expect(page.getByRole("button", { name: "More market categories" })).toHaveCount(0);
  await page.getByRole("tab", { name: "Equipment" }).click();

  // Each boost filter's options carry distinct names: "Focus" and "Focus %", not two Focus.
  for (const label of ["Boost", "Secondary boost", "Third boost"]) {
    const options = await page
      .getByLabel(label, { exact: true })
      .locator("option")
      .allTextContents();
    expect(new Set(options).size).toBe(options.length);
    for (const stat of ["Focus", "Mana", "Ward"]) {
      expect(options).toContain(stat);
      expect(options).toContain(`${stat} %`);
    }
  }

  // Min quality is sent clamped to 99, and shows 99 once left (Tab) or searched (Enter).
  const quality = page.getByLabel("Min quality %");
  await quality.fill("150");
  await quality.press("Tab");
  await expect(quality).toHaveValue("99");
  await quality.fill("-5");
  await quality.press("Enter");
  await expect(quality).toHaveValue("0");
  await quality.fill("150");
  await quality.press("Tab");
  await page.getByLabel("Boost", { exact: true }).selectOption({ label: "Focus %" });
  await shootAt(page, "market-equipment-search", [
    { width: 1366, height: 850 },
    { width: 390, height: 844 },
  ]);
  await context.close();
});
