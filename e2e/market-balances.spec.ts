import { expect, type Page, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { fullNumber, nav, shoot, toast, uniqueName } from "./support";

/**
 * The placer's own figures after a market order (issue 31, finding 1): a seller who rests all
 * its iron and a buyer who buys it see their Iron and Mana Dust change at once, in the order
 * form's "You hold" line and the status panel, with no reload. Both gather something else
 * meanwhile (wood, fish), so no tick tells them their iron or dust by chance. On the spec's own
 * world: no other spec's iron order can fill these (the market spec sells iron at 1 too).
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("market-balances");
});

test.afterAll(async () => {
  await world?.stop();
});

const VIEW = { width: 1366, height: 850 };

/** The order form's "You hold N item and M Mana Dust" figures. */
async function holds(page: Page): Promise<{ held: number; dust: number }> {
  const titles = await page
    .getByText(/^You hold/)
    .locator("[title]")
    .evaluateAll((spans) =>
      spans.map((s) => Number((s.getAttribute("title") ?? "").replace(/,/g, ""))),
    );
  return { held: titles[0] ?? Number.NaN, dust: titles[1] ?? Number.NaN };
}

async function gatherAt(page: Page, place: RegExp): Promise<void> {
  await nav(page, "Town").click();
  await page.getByRole("button", { name: place }).click();
}

async function ironMarket(page: Page): Promise<void> {
  await nav(page, "Market").click();
  await expect(page.getByRole("heading", { name: "Market" })).toBeVisible();
  await page.getByRole("tab", { name: "Resources" }).click();
  await page.getByRole("button", { name: /^Iron\s/ }).click();
}

test("the market tells the placer its new iron and Mana Dust at once", async ({ browser }) => {
  test.setTimeout(240_000);
  const sellerName = uniqueName("Selb");
  const buyerName = uniqueName("Buyb");
  const seller = await openAs(world, browser, sellerName, "/", VIEW);
  const buyer = await openAs(world, browser, buyerName, "/", VIEW);
  const s = seller.page;
  const b = buyer.page;

  // The seller mines a little iron, the buyer fights for a little Mana Dust (a new mage fights).
  await gatherAt(s, /Ironclad Mines/);
  await expect
    .poll(() => fullNumber(s.getByTestId("resource-iron")), { timeout: 30_000 })
    .toBeGreaterThanOrEqual(3);
  // Then each gathers something that is neither iron nor Mana Dust.
  await gatherAt(s, /Azure Lake/);
  await gatherAt(b, /Elderwood Grove/);

  // The seller rests all its iron: it holds none at once.
  await ironMarket(s);
  const before = await holds(s);
  expect(before.held).toBeGreaterThanOrEqual(3);
  await s.getByRole("button", { name: "Sell", exact: true }).click();
  await s.getByLabel(/^Quantity/).fill(String(before.held));
  await s.getByLabel(/^Price each/).fill("1");
  await s.getByRole("button", { name: "Sell Iron" }).click();
  await expect(
    toast(s, `Your order for ${before.held} Iron waits on the market at 1 each.`),
  ).toBeVisible();
  await expect.poll(() => holds(s)).toEqual({ held: 0, dust: before.dust });
  // The status panel follows the store in a deferred render (ShellDataProvider's
  // useDeferredState), so it may show the change a frame or two after the order form.
  await expect.poll(() => fullNumber(s.getByTestId("resource-iron"))).toBe(0);

  // The buyer buys 3: its iron and dust move with the toast.
  await ironMarket(b);
  const had = await holds(b);
  expect(had.held).toBe(0);
  expect(had.dust).toBeGreaterThanOrEqual(3);
  await b.getByRole("button", { name: "Buy", exact: true }).click();
  await b.getByLabel(/^Quantity/).fill("3");
  await b.getByLabel(/^Price each/).fill("1");
  await b.getByRole("button", { name: "Buy Iron" }).click();
  await expect(toast(b, "Bought 3 Iron for 3 Mana Dust.")).toBeVisible();
  await expect.poll(() => holds(b)).toEqual({ held: 3, dust: had.dust - 3 });
  await expect.poll(() => fullNumber(b.getByTestId("resource-iron"))).toBe(3);
  await shoot(b, "market-balances-bought");

  await seller.context.close();
  await buyer.context.close();
});
