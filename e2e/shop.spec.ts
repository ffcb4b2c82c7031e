import { expect, test } from "./fixtures";
import { chatLine, createAccount, nav, PHONE, say, shootAt, toast, uniqueName } from "./support";

/**
 * The premium shop end to end: a player pays 20 euros through Stripe Checkout (the fake of
 * e2e/stripe-fake.ts: its page's Pay sends the signed webhook, then returns to the shop), gets
 * 200 Codex, 20 Crystallized Mana and 20 Ascension points, buys Quality of Life, unlocks a title
 * and wears it, and sees them in the shop, chat, the profile and the settings.
 */
test("a player buys Crystallized Mana through the checkout, then Quality of Life and a title", async ({
  page,
}) => {
  test.setTimeout(240_000);
  const name = uniqueName("Shopper");
  await createAccount(page, name);
  await expect(page.getByTestId("player-name")).toHaveText(name);
  await nav(page, "Premium").click();
  await expect(page.getByRole("heading", { name: "Premium Shop" })).toBeVisible();

  // The purchase card: 5-500 euros, reset to 5 when empty; Checkout waits for the waiver.
  const purchase = page.getByTestId("shop-purchase");
  const amount = purchase.getByLabel(/Amount in euros/);
  await amount.fill("");
  await amount.blur();
  await expect(amount).toHaveValue("5");
  await amount.fill("9999");
  await amount.blur();
  await expect(amount).toHaveValue("500");
  await amount.fill("20");
  await amount.blur();
  await expect(purchase.getByTestId("shop-grant")).toContainText(
    "200 Codex, 20 Crystallized Mana and 20 Ascension points",
  );
  const checkout = purchase.getByRole("button", { name: "Checkout €20" });
  await expect(checkout).toBeDisabled();
  await purchase.getByLabel(/waive my 14-day right of withdrawal/).check();
  await expect(checkout).toBeEnabled();
  await shootAt(page, "shop-purchase", undefined, checkout);
  await checkout.click();

  // Stripe's page (the fake), then back to the shop with the purchase credited.
  await expect(page.getByRole("heading", { name: "Fake Stripe Checkout" })).toBeVisible();
  await expect(page.getByText("Pay €20.00")).toBeVisible();
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/shop\?checkout=success$/);
  await expect(page.getByText(/^Payment received\./)).toBeVisible();
  await expect(page.getByTestId("shop-ascension")).toHaveText("20");
  const qol = page.getByTestId("shop-qol");
  await expect(qol).toContainText("you have 20");
  await expect(
    chatLine(page, `${name} supported Manaspire with 20 Crystallized Mana`),
  ).toBeVisible();

  // Quality of Life: Purchase (asked first), then it reads Extend.
  await expect(qol.getByTestId("shop-qol-status")).toHaveText("Not active.");
  await qol.getByRole("button", { name: "Purchase" }).click();
  await page
    .getByRole("dialog", { name: "Purchase Quality of Life" })
    .getByRole("button", { name: "Purchase" })
    .click();
  await expect(qol.getByTestId("shop-qol-status")).toContainText("Active until");
  await expect(qol.getByRole("button", { name: "Extend" })).toBeEnabled();

  // A title: Unlock buys the 15 points to Conjurer with the 15 Crystallized Mana left.
  const titles = page.getByTestId("shop-titles");
  await expect(titles.getByTestId("shop-next-title")).toContainText("Next title Conjurer at 35");
  await titles.getByRole("button", { name: "Unlock" }).click();
  await page
    .getByRole("dialog", { name: "Unlock a title" })
    .getByRole("button", { name: "Unlock" })
    .click();
  await expect(page.getByTestId("shop-ascension")).toHaveText("35");
  await expect(titles.getByTestId("shop-next-title")).toContainText("Magus");
  await expect(titles.getByRole("button", { name: "Unlock" })).toBeDisabled();
  await expect(qol.getByRole("button", { name: "Extend" })).toBeDisabled();
  const save = titles.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await titles.getByLabel("Your title").selectOption("Conjurer");
  await expect(save).toBeEnabled();
  await save.click();
  await expect(toast(page, "Your title is now Conjurer.")).toBeVisible();
  await expect(save).toBeDisabled();

  // Seen elsewhere: the title in chat and on the profile, QoL in the settings.
  await say(page, "a title at last");
  await expect(chatLine(page, "a title at last")).toContainText("Conjurer");
  await page.goto("/profile");
  await expect(page.getByText("Conjurer", { exact: true }).first()).toBeVisible();
  await page.goto("/settings");
  await expect(page.getByTestId("settings-game")).toBeVisible();
  await expect(page.getByTestId("qol-hint")).toHaveCount(0);

  await nav(page, "Premium").click();
  await expect(page.getByTestId("shop-ascension")).toHaveText("35");
  await shootAt(page, "shop");
  await shootAt(page, "shop-titles", [PHONE], titles);
  await shootAt(page, "shop-qol", [PHONE], qol);
  await shootAt(page, "shop-username", undefined, page.getByTestId("shop-username"));
});
