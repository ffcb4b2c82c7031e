import { mkdirSync } from "node:fs";
import path from "node:path";
import { clientProtocol } from "@manaspire/protocol";
import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import WebSocket from "ws";

/** Helpers the end-to-end specs share. */

export const SHOTS = path.join("test-results", "screens");
/**
 * Screenshots are for a person to look at: `E2E_SHOTS=1` takes them (into SHOTS); without it
 * every screenshot helper returns at once. In CI nobody looks, and the resizes, the settling
 * waits and the captures cost the software-rendering browser CPU (docs/testing.md).
 */
export const SHOTS_ON = process.env.E2E_SHOTS === "1";
export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 360, height: 740 };
export const PASSWORD = "a-long-enough-password";

/** Names are 3-20 letters or underscores: a unique one from the clock, after `prefix`. */
export function uniqueName(prefix: string): string {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  let n = Date.now() * 1000 + Math.floor(Math.random() * 1000);
  let suffix = "";
  while (n > 0 && suffix.length < 19 - prefix.length) {
    suffix += letters[n % 26];
    n = Math.floor(n / 26);
  }
  return `${prefix}_${suffix}`;
}

/** The full number behind an abbreviated <Num> (its title holds "1,234"). */
export async function fullNumber(value: Locator): Promise<number> {
  const title = await value.locator("[title]").first().getAttribute("title");
  return Number((title ?? "").replace(/,/g, ""));
}

/** Screenshots at desktop and phone width into test-results/screens/NAME-WxH.png. */
export async function shoot(page: Page, name: string, scrollTo?: Locator): Promise<void> {
  if (!SHOTS_ON) return;
  mkdirSync(SHOTS, { recursive: true });
  for (const [label, size] of [
    ["1280x800", DESKTOP],
    ["360x740", PHONE],
  ] as const) {
    await page.setViewportSize(size);
    if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
    // Let the layout settle after the resize (bars animate their width).
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${label}.png`) });
  }
  await page.setViewportSize(DESKTOP);
}

/** Creates an account on the sign-in screen and waits for the shell to show its name. */
export async function createAccount(page: Page, name: string): Promise<void> {
  await page.goto("/login");
  await page.getByRole("button", { name: "Create account", exact: true }).first().click();
  await page.getByLabel("Username").fill(name);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.locator("form").getByRole("button", { name: "Create account" }).click();
}

/** A link of the top navigation. */
export function nav(page: Page, name: string): Locator {
  return page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true });
}

/** Screenshot at the page's own viewport into test-results/screens/NAME-WxH.png. */
export async function shootAsIs(page: Page, name: string): Promise<void> {
  if (!SHOTS_ON) return;
  mkdirSync(SHOTS, { recursive: true });
  const { width, height } = page.viewportSize() ?? DESKTOP;
  await page.waitForTimeout(300);
  await page.screenshot({ path: path.join(SHOTS, `${name}-${width}x${height}.png`) });
}

/** Creates an account through the HTTP API and returns its login token. */
export async function register(request: APIRequestContext, name: string): Promise<string> {
  const res = await request.post("/api/auth/register", {
    data: { username: name, password: PASSWORD },
  });
  const body = (await res.json()) as { token?: string; error?: string };
  if (!body.token) throw new Error(`register ${name}: ${body.error ?? res.status()}`);
  return body.token;
}

/** Sends a chat line from the chat input and waits for the input to clear. */
export async function say(page: Page, text: string): Promise<void> {
  const input = page.getByTestId("chat-input");
  await input.click();
  await input.fill(text);
  await input.press("Enter");
  await expect(input).toHaveValue("");
}

/** The chat lines holding `text`. */
export function chatLine(page: Page, text: string | RegExp): Locator {
  return page.getByTestId("chat-lines").getByTestId("chat-line").filter({ hasText: text });
}

/** Screenshots at the given sizes (default 1366x850 and 360x740) into test-results/screens/. */
export async function shootAt(
  page: Page,
  name: string,
  sizes: ReadonlyArray<{ width: number; height: number }> = [{ width: 1366, height: 850 }, PHONE],
  scrollTo?: Locator,
): Promise<void> {
  if (!SHOTS_ON) return;
  mkdirSync(SHOTS, { recursive: true });
  const before = page.viewportSize() ?? DESKTOP;
  for (const size of sizes) {
    await page.setViewportSize(size);
    if (scrollTo) await scrollTo.scrollIntoViewIfNeeded();
    await page.waitForTimeout(400);
    await page.screenshot({ path: path.join(SHOTS, `${name}-${size.width}x${size.height}.png`) });
  }
  await page.setViewportSize(before);
}

/**
 * A player with only a socket (no browser page): opens /ws, signs in with the token in the
 * first message, as the client does, and resolves at the server's first answer.
 */
export async function socketAs(baseURL: string, token: string): Promise<WebSocket> {
  const ws = new WebSocket(`${baseURL.replace(/^http/, "ws")}/ws`);
  ws.once("open", () => ws.send(clientProtocol.encode("authenticate", { token })));
  await new Promise<void>((resolve, reject) => {
    ws.once("message", () => resolve());
    ws.once("error", reject);
  });
  return ws;
}

/** A toast (the Notifications region) holding `text`. */
export function toast(page: Page, text: string | RegExp): Locator {
  return page.getByRole("region", { name: "Notifications" }).getByText(text);
}
