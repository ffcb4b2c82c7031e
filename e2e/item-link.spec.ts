import { type Browser, expect, type Page, test } from "./fixtures";
import { createAccount, DESKTOP, nav, shoot, uniqueName } from "./support";

/**
 * Item links in chat: a mage Ctrl+clicks an item that dropped (loot tracker), the link goes
 * into the chat input as one unit and out to General; another player sees the link in the
 * item's rarity and its tooltip; once the item is disenchanted, the link shows [[item??]] when
 * next looked at. Runs with ITEM_DROP_RATE=40, so drops come within seconds.
 */

async function newPlayer(browser: Browser, prefix: string): Promise<Page> {
  const context = await browser.newContext({ viewport: DESKTOP });
  // No third-party emote service in tests: the chat carries on without emotes.
  await context.route("https://7tv.io/**", (route) => route.fulfill({ status: 503, body: "" }));
  const page = await context.newPage();
  await createAccount(page, uniqueName(prefix));
  await expect(page.getByTestId("chat-input")).toBeVisible();
  return page;
}

test("a dropped item is shared as a chat link with its tooltip", async ({ browser }) => {
  test.setTimeout(4 * 60_000);
  const alice = await newPlayer(browser, "Link");
  const bob = await newPlayer(browser, "Look");

  // Battle until an item drops into Alice's loot tracker.
  const tracked = alice.getByTestId("tracker-item");
  await expect(tracked.first()).toBeVisible({ timeout: 2 * 60_000 });
  // Rest the pointer on the tracker so new entries do not move the one we click.
  await alice.getByRole("log", { name: "Loot received" }).hover({ position: { x: 20, y: 8 } });
  const item = tracked.first();
  const name = ((await item.textContent()) ?? "").trim();
  expect(name.length).toBeGreaterThan(0);
  // Drops share names (a run's tracker often holds two "Reckless Ring"s): the item is its id.
  const itemId = await item.getAttribute("data-item-id");
  expect(itemId).toMatch(/^\d+$/);

  // Ctrl+click puts the link into the chat input, shown as the item's name and a space.
  await item.click({ modifiers: ["Control"] });
  const input = alice.getByTestId("chat-input");
  await expect(input).toHaveValue(`[${name}] `);
  await input.press("End");
  await input.pressSequentially("for sale");
  await input.press("Enter");
  await expect(input).toHaveValue("");

  // Bob sees it in General as a link, and its tooltip shows the item.
  const line = bob.getByTestId("chat-line").filter({ hasText: "for sale" });
  await expect(line).toHaveCount(1);
  const link = line.getByTestId("chat-item-link");
  await expect(link).toHaveText(`[${name}]`);
  await link.hover();
  const tooltip = bob.getByRole("tooltip");
  await expect(tooltip.getByTestId("item-card").first()).toContainText(name);
  await expect(tooltip).toContainText("Quality");
  await shoot(bob, "chat-item-link", line);

  // Alice disenchants the item; the link in Bob's chat history now shows [[item??]].
  await nav(alice, "Inventory").click();
  const owned = alice.locator(`[data-testid="inventory-item"][data-item-id="${itemId}"]`);
  await owned.getByRole("button", { name: /^Disenchant / }).click();
  const dialog = alice.getByRole("dialog");
  await expect(dialog.getByTestId("disenchant-preview")).toBeVisible();
  await dialog.getByRole("button", { name: "Disenchant", exact: true }).click();
  await expect(dialog).toBeHidden();
  await bob.reload();
  const again = bob.getByTestId("chat-line").filter({ hasText: "for sale" });
  // The item is asked for when its tooltip first opens (spec: on first hover only).
  await again.getByTestId("chat-item-link").hover();
  await expect(again.getByTestId("chat-item-missing")).toHaveText("[[item??]]");
  await expect(again.getByTestId("chat-item-link")).toHaveCount(0);

  await alice.context().close();
  await bob.context().close();
});
