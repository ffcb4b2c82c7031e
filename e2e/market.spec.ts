import { type Browser, expect, test } from "./fixtures";
import { DESKTOP, fullNumber, nav, register, shoot, toast, uniqueName } from "./support";

/**
 * The resource market against the real server (issue 9): a miner lists iron, a fighter buys
 * it from the market page, both are told and find the trade in their logs; the seller edits
 * the order from My orders, the buyer cancels a resting order there.
 */

async function open(browser: Browser, name: string, token: string) {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("player-name")).toHaveText(name);
  return { context, page };
}

test("a player lists iron, another buys it, both see it; My orders edits and cancels", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const sellerName = uniqueName("Sela");
  const buyerName = uniqueName("Byra");
  const seller = await open(browser, sellerName, await register(request, sellerName));
  const buyer = await open(browser, buyerName, await register(request, buyerName));
  const s = seller.page;
  const b = buyer.page;

  // The seller mines iron until it has a few.
  await nav(s, "Town").click();
  await s.getByRole("button", { name: /Ironclad Mines/ }).click();
  await expect
    .poll(() => fullNumber(s.getByTestId("resource-iron")), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);

  // Seller: /market opens on Resources with Iron; sell 3 at 1 Mana Dust each.
  await nav(s, "Market").click();
  await expect(s.getByRole("heading", { name: "Market" })).toBeVisible();
  await expect(s.getByRole("tab", { name: "Resources" })).toHaveAttribute("aria-selected", "true");
  await s.getByRole("button", { name: /^Iron\s/ }).click();
  await s.getByRole("button", { name: "Sell", exact: true }).click();
  await s.getByLabel(/^Quantity/).fill("3");
  await s.getByLabel(/^Price each/).fill("1");
  await s.getByRole("button", { name: "Sell Iron" }).click();
  await expect(toast(s, "Your order for 3 Iron waits on the market at 1 each.")).toBeVisible();
  const ownRow = s.getByTestId("own-order");
  await expect(ownRow).toContainText("yours");
  await shoot(s, "market-sell-order");

  // Seller edits the order down to 2 from My orders.
  await s.getByRole("link", { name: "My orders" }).click();
  await expect(s).toHaveURL(/\/market\/my-orders$/);
  await s.getByTestId("own-order").getByRole("button", { name: "Edit" }).click();
  await s.getByLabel("New quantity").fill("2");
  await s.getByRole("button", { name: "Save" }).click();
  await expect(toast(s, "Your order for Iron is now 2.")).toBeVisible();
  await expect(s.getByTestId("own-order")).toContainText("2");
  await shoot(s, "market-my-orders");

  // Buyer: the iron market shows the seller's level; buying at any price asks first.
  await b.goto("/market");
  await b.getByRole("tab", { name: "Resources" }).click();
  await b.getByRole("button", { name: /^Iron\s/ }).click();
  const book = b.getByRole("region", { name: "Iron order book" });
  await expect(book.getByRole("button", { name: "Use the price 1" })).toBeVisible();
  await b.getByRole("button", { name: "Buy", exact: true }).click();
  await b.getByLabel(/^Quantity/).fill("2");
  await b.getByLabel(/^Price each/).fill("");
  await b.getByRole("button", { name: "Buy Iron" }).click();
  const dialog = b.getByRole("dialog");
  await expect(dialog).toContainText("Do you want to buy 2 Iron at any price?");
  await dialog.getByRole("button", { name: "Buy" }).click();
  await expect(toast(b, "Bought 2 Iron for 2 Mana Dust.")).toBeVisible();
  // The seller is told, and the order left My orders.
  await expect(
    toast(s, `${buyerName} bought 2 Iron from you for 2 Mana Dust (1 each).`),
  ).toBeVisible();
  await expect(s.getByText("No open orders")).toBeVisible();
  await expect(b.getByTestId("price-chart")).toBeVisible();
  await shoot(b, "market-bought", b.getByTestId("price-chart"));

  // Both logs say it.
  await b.goto("/activity-log");
  await expect(
    b
      .getByTestId("log-entry")
      .filter({ hasText: `Bought 2 Iron from ${sellerName} for 2 Mana Dust (1 each).` }),
  ).toHaveCount(1);
  await s.goto("/activity-log");
  await expect(
    s
      .getByTestId("log-entry")
      .filter({ hasText: `Sold 2 Iron to ${buyerName} for 2 Mana Dust (1 each).` }),
  ).toHaveCount(1);

  // The buyer leaves a buy order nobody fills, then cancels it from My orders.
  await b.goto("/market");
  await b.getByRole("button", { name: "Buy", exact: true }).click();
  await b.getByLabel(/^Quantity/).fill("5");
  await b.getByLabel(/^Price each/).fill("1");
  await b.getByRole("button", { name: "Buy Iron" }).click();
  await expect(toast(b, "Your order for 5 Iron waits on the market at 1 each.")).toBeVisible();
  await b.getByRole("link", { name: "My orders" }).click();
  await b.getByTestId("own-order").getByRole("button", { name: "Cancel" }).click();
  await expect(toast(b, "Cancelled your order for 5 Iron.")).toBeVisible();
  await expect(b.getByText("No open orders")).toBeVisible();

  // A currency in the status panel opens its own market.
  await b.getByTitle("Elemental Shards on the market").click();
  await expect(b).toHaveURL(/\/market$/);
  await expect(b.getByRole("tab", { name: "Other" })).toHaveAttribute("aria-selected", "true");
  const items = b.getByRole("list", { name: "Other items" });
  await expect(items.getByRole("button", { name: /^Elemental Shards\s/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );

  await seller.context.close();
  await buyer.context.close();
});
