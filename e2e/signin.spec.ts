import { expect, type Locator, type Page, test } from "./fixtures";
import { PASSWORD, SHOTS, SHOTS_ON, uniqueName } from "./support";

/**
 * Sign-in and accounts (issues 13 and 14) in Chromium, against the game server and the test
 * identity provider "Test ID" (e2e/identity-provider.ts, an OpenID Connect provider with a
 * name field, Continue and Deny).
 */

const WIDE = { width: 1366, height: 850 };
const NARROW = { width: 360, height: 740 };
/** How long a player stays at the provider (the popup fallback waits 0.4 s + 1 s). */
const AT_PROVIDER_MS = 2000;

/**
 * Screenshots of the page at 1366x850 and 360x740 into test-results/screens/ (toasts
 * dismissed first); with `parts`, one more at each size for each part scrolled into view.
 */
async function shootBoth(page: Page, name: string, parts: Locator[] = []): Promise<void> {
  if (!SHOTS_ON) return;
  for (const size of [WIDE, NARROW]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(400);
    const toasts = page.locator('[aria-live="polite"] > *');
    for (let i = 0; i < 6 && (await toasts.count()) > 0; i++) {
      await toasts
        .first()
        .click({ force: true })
        .catch(() => {});
      await page.waitForTimeout(100);
    }
    const label = `${size.width}x${size.height}`;
    await page.screenshot({ path: `${SHOTS}/${name}-${label}.png`, fullPage: true });
    for (const [i, part] of parts.entries()) {
      await part.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `${SHOTS}/${name}-${i + 2}-${label}.png` });
    }
  }
  await page.setViewportSize(WIDE);
}

/**
 * Goes through Test ID in the popup a click opens: types `user`, then Continue or Deny. Like a
 * person, it stays at the provider for a while: longer than the game's window waits for a
 * popup it can no longer see before it opens the address itself (a popup cut off from its
 * opener by an opener policy reads as closed, and the game's window went to the provider too).
 */
async function atTestId(page: Page, click: () => Promise<void>, user: string, deny = false) {
  const popupOpened = page.waitForEvent("popup");
  await click();
  const popup = await popupOpened;
  await expect(popup.getByRole("heading", { name: "Test ID" })).toBeVisible();
  await popup.waitForTimeout(AT_PROVIDER_MS);
  await popup.getByLabel("Your Test ID name").fill(user);
  const closed = popup.waitForEvent("close");
  await popup.getByRole("button", { name: deny ? "Deny" : "Continue" }).click();
  await closed;
}

/** Every socket the page opens, to check no address carries the login token. */
function socketUrls(page: Page): string[] {
  const urls: string[] = [];
  page.on("websocket", (ws) => urls.push(ws.url()));
  return urls;
}

test.use({ viewport: WIDE });

test("the login screen offers the server's providers and shows a message in red", async ({
  page,
}) => {
  await page.goto("/login?message=Your%20session%20has%20ended.");
  await expect(page.getByRole("alert")).toHaveText("Your session has ended.");
  await expect(page.getByRole("alert")).toHaveClass(/text-danger/);
  await page.getByRole("button", { name: "Sign in", exact: true }).first().click();
  await expect(page.getByRole("button", { name: "Sign in with Test ID" })).toBeVisible();
  await shootBoth(page, "signin-login");
  await page.getByRole("button", { name: "Create account", exact: true }).first().click();
  // A provider sign-up needs the mage's name first.
  await page.getByRole("button", { name: "Create account with Test ID" }).click();
  await expect(page.getByRole("alert")).toHaveText("Choose your mage's name above, then Test ID.");
  await shootBoth(page, "signin-register");
  // The legal pages name the methods this server offers.
  await page.goto("/terms");
  await expect(page.getByTestId("sign-in-methods")).toContainText("Test ID");
  await page.goto("/privacy");
  await expect(page.getByTestId("sign-in-methods")).toContainText(
    "Signing in with Test ID: you sign in on their site",
  );
});

test("a guest claims a name and signs in with it after clearing storage", async ({ page }) => {
  const urls = socketUrls(page);
  await page.goto("/login");
  await page.getByRole("button", { name: "Play as guest" }).click();
  const keep = page.getByRole("link", { name: "Guest account: keep your mage" });
  await expect(keep).toBeVisible();
  const token = (await page.evaluate("localStorage.getItem('token')")) as string | null;
  await keep.click();
  await expect(page).toHaveURL(/\/account$/);
  const section = page.getByTestId("identities");
  await expect(section).toContainText("You are currently using a guest account.");
  await expect(section).toContainText(
    "Please link an identity provider or you will lose access to your account.",
  );
  await expect(section).toContainText("No sign-in method is linked yet");
  await shootBoth(page, "signin-identities-guest", [
    section.getByRole("button", { name: "Keep my mage" }),
  ]);

  const name = uniqueName("Kept");
  await section.getByLabel("New name").fill(name);
  await section.getByLabel("Password").fill("short");
  await section.getByRole("button", { name: "Keep my mage" }).click();
  await expect(section.getByRole("alert")).toHaveText("Password must be at least 8 characters.");
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Keep my mage" }).click();
  await expect(page.getByText(`Your mage is yours to keep: sign in as ${name}`)).toBeVisible();
  await expect(section).not.toContainText("You are currently using a guest account.");
  await expect(
    section.getByRole("listitem").filter({ hasText: "Name and password" }),
  ).toContainText(`Signs in as ${name.toLowerCase()}`);
  await expect(page.getByRole("link", { name: "Account" })).toBeVisible();

  // The login token never went into a socket's address.
  expect(urls.length).toBeGreaterThan(0);
  for (const url of urls) {
    expect(new URL(url).pathname).toBe("/ws");
    expect(new URL(url).search).toBe("");
    expect(url).not.toContain(token ?? "no token");
  }

  // Another day, a browser with nothing stored: sign in with the name and password.
  await page.evaluate("localStorage.clear()");
  await page.context().clearCookies();
  await page.goto("/");
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Sign in", exact: true }).first().click();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.locator("form").getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
});

test("signs up through the identity provider, links a second identity and signs in with it", async ({
  page,
}) => {
  const name = uniqueName("Oidc");
  const first = `first${Date.now()}`;
  const second = `second${Date.now()}`;
  await page.goto("/login");
  await page.getByRole("button", { name: "Create account", exact: true }).first().click();
  await page.getByLabel("Username").fill(name);
  await atTestId(
    page,
    () => page.getByRole("button", { name: "Create account with Test ID" }).click(),
    first,
  );
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Account" }).click();
  const section = page.getByTestId("identities");
  const linked = section
    .getByRole("list", { name: "Linked sign-in methods" })
    .getByRole("listitem");
  await expect(linked).toHaveCount(1);
  await expect(linked.first()).toContainText(`${first}@example.test`);
  // The only way to sign in cannot be removed.
  await expect(linked.first().getByRole("button", { name: "Remove" })).toBeDisabled();

  await atTestId(page, () => section.getByRole("button", { name: "Link Test ID" }).click(), second);
  await expect(linked).toHaveCount(2);
  await expect(section).toContainText(`${second}@example.test`);
  await shootBoth(page, "signin-identities", [
    section.getByRole("heading", { name: "Identity providers" }),
    section.getByRole("button", { name: "Logout" }),
  ]);

  // Remove the first: it no longer signs in.
  await linked.filter({ hasText: first }).getByRole("button", { name: "Remove" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove sign-in method" });
  await dialog.getByRole("button", { name: "Remove" }).click();
  await expect(linked).toHaveCount(1);
  await expect(linked.first()).toContainText(second);

  await section.getByRole("button", { name: "Logout" }).click();
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole("button", { name: "Sign in", exact: true }).first().click();
  await atTestId(
    page,
    () => page.getByRole("button", { name: "Sign in with Test ID" }).click(),
    first,
  );
  await expect(page.getByRole("alert")).toHaveText(
    "No mage is linked to this Test ID account yet. Choose Create account to start one.",
  );
  await atTestId(
    page,
    () => page.getByRole("button", { name: "Sign in with Test ID" }).click(),
    second,
  );
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
});

test("a denied consent shows in red, and a blocked popup signs in in this window", async ({
  page,
}) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign in", exact: true }).first().click();
  await atTestId(
    page,
    () => page.getByRole("button", { name: "Sign in with Test ID" }).click(),
    "nobody",
    true,
  );
  await expect(page.getByRole("alert")).toHaveText("You declined to sign in with Test ID.");

  // A popup blocker: the same address opens in this window, and the game comes back signed in.
  const name = uniqueName("Here");
  const user = `here${Date.now()}`;
  await page.addInitScript("window.open = () => null;");
  await page.goto("/login");
  await page.getByRole("button", { name: "Create account", exact: true }).first().click();
  await page.getByLabel("Username").fill(name);
  await page.getByRole("button", { name: "Create account with Test ID" }).click();
  await expect(page.getByRole("heading", { name: "Test ID" })).toBeVisible();
  await page.getByLabel("Your Test ID name").fill(user);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  expect(new URL(page.url()).search).toBe("");
});
