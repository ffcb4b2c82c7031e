import { createECDH, randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { clientProtocol, serverProtocol } from "@manaspire/protocol";
import { type BrowserContext, expect, type Page, test } from "./fixtures";
import { DESKTOP, register, shootAt, socketAs, uniqueName } from "./support";

/**
 * The settings screen end to end: every section this feature owns, changed and seen applied
 * after a reload; the push section in each permission state (set through Chromium's own
 * permission settings). Chromium cannot reach a real push service here, so in the granted
 * state the page's PushManager hands out a subscription on a push service this test runs on
 * 127.0.0.1 (PUSH_ENDPOINT_HOSTS of the e2e server); everything else is real: the service
 * worker, the server's sends, its failure counting and the client's re-arming.
 */

test.describe.configure({ mode: "serial" });

const COMMUNITY_URL = "https://chat.example.org/invite/manaspire";

/** A page signed in with a token (set before the app reads it). */
async function signedIn(context: BrowserContext, token: string, path = "/settings"): Promise<Page> {
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto(path);
  await expect(page.getByTestId("player-name")).toBeVisible();
  return page;
}

/**
 * Sets Chromium's notification permission for the app's origin ("granted", "denied",
 * "prompt") through the DevTools protocol. The session stays open: closing it would drop the
 * setting.
 */
async function permissionSetter(context: BrowserContext, page: Page, origin: string) {
  const cdp = await context.newCDPSession(page);
  // The page's own browser context (Playwright's contexts are not the default one).
  const { targetInfo } = await cdp.send("Target.getTargetInfo");
  return async (setting: "granted" | "denied" | "prompt") => {
    await cdp.send("Browser.setPermission", {
      origin,
      permission: { name: "notifications" },
      setting,
      browserContextId: targetInfo.browserContextId,
    });
  };
}

test("every settings section changes what it should and keeps it after a reload", async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const name = uniqueName("Set");
  const token = await register(request, name);
  const context = await browser.newContext({ viewport: DESKTOP });
  const page = await signedIn(context, token, "/");
  await page
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page).toHaveURL(/\/settings$/);

  // The sections in the spec's order (Guild taxes shows only to guild members).
  await expect(page.getByTestId("settings-community")).toBeVisible();
  const titles = await page.locator("[data-testid^=settings-] h2").allTextContents();
  expect(titles).toEqual([
    "Referrer link",
    "Push notifications",
    "Game preferences",
    "UI preferences",
    "Colour customisation",
    "Menu items",
    "Identity providers",
    "Community",
  ]);

  // Referrer link.
  await expect(page.getByTestId("referrer-link")).toHaveValue(
    /^http:\/\/127\.0\.0\.1:\d+\/login\?ref=\d+$/,
  );

  // Game preferences: QoL-only controls are disabled with a hint to the shop.
  const game = page.getByTestId("settings-game");
  await expect(game.getByTestId("qol-hint")).toContainText("Quality of Life");
  await expect(game.getByRole("link", { name: /Premium shop/ })).toHaveAttribute("href", "/shop");
  await expect(game.getByRole("switch", { name: /Auto join Elemental Rift/ })).toBeDisabled();
  await expect(game.getByRole("switch", { name: /Auto collect farm/ })).toBeDisabled();
  await expect(game.getByLabel(/Auto siphon Rift of Power/)).toBeDisabled();
  await expect(game.getByRole("switch", { name: /Auto join Elemental Rift/ })).toBeChecked();
  await game.getByLabel(/Auto disenchant/).selectOption("Uncommon");
  await game
    .getByRole("switch", { name: /Block enchants/ })
    .locator("xpath=ancestor::label")
    .click();
  await expect(game.getByRole("switch", { name: /Block enchants/ })).toBeChecked();

  // UI preferences.
  const ui = page.getByTestId("settings-ui");
  await ui.getByLabel(/Chat box size/).fill("40");
  await expect(ui.getByText("40 vh")).toBeVisible();
  await ui
    .getByRole("group", { name: "Channel prefix" })
    .getByRole("button", { name: "Short" })
    .click();
  await ui
    .getByRole("group", { name: "Chat titles" })
    .getByRole("button", { name: "Gray" })
    .click();
  await ui.getByRole("group", { name: "Emotes" }).getByRole("button", { name: "Static" }).click();
  await ui.getByLabel("Emotes in system messages").uncheck();
  await ui.getByRole("group", { name: "Tooltips" }).getByRole("button", { name: "Click" }).click();

  // Colours, applied at once.
  await page.getByTestId("color-primary").fill("#c02060");
  await page.getByTestId("color-trade").fill("#123456");
  const cssVar = (name: string) =>
    page.evaluate(`getComputedStyle(document.documentElement).getPropertyValue("${name}").trim()`);
  await expect.poll(() => cssVar("--color-primary")).toBe("#c02060");
  await expect.poll(() => cssVar("--color-chan-trade")).toBe("#123456");

  // Menu items: hide the logo and Rankings.
  const menu = page.getByTestId("settings-menu");
  await menu.getByRole("switch", { name: /^Logo/ }).locator("xpath=ancestor::label").click();
  await menu
    .getByRole("switch", { name: /^Rankings/ })
    .locator("xpath=ancestor::label")
    .click();
  const mainNav = page.getByRole("navigation", { name: "Main" });
  await expect(mainNav.getByRole("link", { name: "Rankings" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByTitle("Refresh actions")).toHaveCount(0);

  // Community chat server.
  await expect(page.getByTestId("community-link")).toHaveAttribute("href", COMMUNITY_URL);

  await shootAt(page, "settings-top", undefined, page.getByTestId("settings-page"));
  await shootAt(page, "settings-game", undefined, game);
  await shootAt(page, "settings-ui", undefined, ui);
  await shootAt(page, "settings-colors", undefined, page.getByTestId("settings-colors"));
  await shootAt(page, "settings-menu", undefined, menu);

  // Everything is still so after a reload.
  await page.reload();
  await expect(page.getByTestId("player-name")).toBeVisible();
  await expect(game.getByLabel(/Auto disenchant/)).toHaveValue("2");
  await expect(game.getByRole("switch", { name: /Block enchants/ })).toBeChecked();
  await expect(ui.getByLabel(/Chat box size/)).toHaveValue("40");
  for (const [group, option] of [
    ["Channel prefix", "Short"],
    ["Chat titles", "Gray"],
    ["Emotes", "Static"],
    ["Tooltips", "Click"],
  ]) {
    await expect(
      ui.getByRole("group", { name: group }).getByRole("button", { name: option }),
    ).toHaveAttribute("aria-pressed", "true");
  }
  await expect(ui.getByLabel("Emotes in system messages")).not.toBeChecked();
  await expect(page.getByTestId("color-primary")).toHaveValue("#c02060");
  await expect.poll(() => cssVar("--color-primary")).toBe("#c02060");
  await expect(mainNav.getByRole("link", { name: "Rankings" })).toHaveCount(0);
  await expect(page.getByRole("banner").getByTitle("Refresh actions")).toHaveCount(0);
  await expect(menu.getByRole("switch", { name: /^Logo/ })).not.toBeChecked();

  // The chat box's gear is a shortcut to the same values.
  await page.getByTestId("chat-settings-button").click();
  const popover = page.getByRole("dialog", { name: "Chat settings" });
  await expect(popover.getByText("40 vh")).toBeVisible();
  await popover
    .getByRole("group", { name: "Channel prefix" })
    .getByRole("button", { name: "None" })
    .click();
  await expect(
    ui.getByRole("group", { name: "Channel prefix" }).getByRole("button", { name: "None" }),
  ).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Escape");

  // Reset brings the spec's default colours back; the menu entries come back too.
  await page.getByRole("button", { name: "Reset colours" }).click();
  await expect.poll(() => cssVar("--color-primary")).toBe("#703fe2");
  await expect(page.getByTestId("color-trade")).toHaveValue("#00a63e");
  await menu
    .getByRole("switch", { name: /^Rankings/ })
    .locator("xpath=ancestor::label")
    .click();
  await expect(mainNav.getByRole("link", { name: "Rankings" })).toBeVisible();
  await context.close();
});

/** A push service on 127.0.0.1: records requests, answers each path with a chosen status. */
class PushService {
  readonly received: string[] = [];
  status = 201;
  private constructor(
    private readonly server: Server,
    readonly origin: string,
  ) {}

  static async start(): Promise<PushService> {
    let self: PushService | undefined;
    const server = createServer((req, res) => {
      req.resume();
      req.on("end", () => {
        self?.received.push(req.url ?? "");
        res.statusCode = self?.status ?? 201;
        res.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    self = new PushService(server, `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
    return self;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/**
 * Makes the page's PushManager hand out a subscription on `endpoint` (with real P-256 keys):
 * Chromium's own push service is not reachable from this machine.
 */
function fakePushManager(endpoint: string): string {
  const ecdh = createECDH("prime256v1");
  ecdh.generateKeys();
  const p256dh = ecdh.getPublicKey().toString("base64");
  const auth = randomBytes(16).toString("base64");
  return `(() => {
    const bytes = (b64) => Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)).buffer;
    let current = null;
    const make = (options) => ({
      endpoint: ${JSON.stringify(endpoint)},
      options: { applicationServerKey: options.applicationServerKey.buffer ?? options.applicationServerKey, userVisibleOnly: true },
      getKey: (name) => bytes(name === "p256dh" ? ${JSON.stringify(p256dh)} : ${JSON.stringify(auth)}),
      unsubscribe: async () => { current = null; return true; },
    });
    PushManager.prototype.subscribe = async function (options) { current = make(options); return current; };
    PushManager.prototype.getSubscription = async function () { return current; };
  })();`;
}

/**
 * A player with only a socket, who whispers `to` `count` times; returns the toasts the
 * server answered (each "… is offline …" when `to` has no socket open). The server handles a
 * socket's messages in order and echoes a whisper to its sender before the offline toast, so
 * each whisper is followed by a `getPremiumShop` whose answer says the whisper's handling is
 * over. A whisper that reached `to` (its socket was still closing: no toast) is sent again.
 */
async function whisper(baseURL: string, token: string, to: string, count: number, tag: string) {
  const ws = await socketAs(baseURL, token);
  const toasts: string[] = [];
  let handled = 0;
  ws.on("message", (data: Buffer) => {
    const message = serverProtocol.decode(new Uint8Array(data));
    // The whispers' answers only: the whisperer battles meanwhile (its level-ups are toasts).
    if (message.type === "toast" && !/level up!/i.test(message.data.text)) {
      toasts.push(message.data.text);
    }
    if (message.type === "premiumShop") handled++;
  });
  for (let i = 1; i <= count; i++) {
    await expect
      .poll(
        async () => {
          const [told, done] = [toasts.length, handled];
          ws.send(clientProtocol.encode("chat", { text: `/w ${to} ${tag} ${i}` }));
          ws.send(clientProtocol.encode("getPremiumShop", {}));
          await expect
            .poll(() => handled > done, { message: `whisper ${i} handled`, timeout: 15_000 })
            .toBe(true);
          return toasts.length > told;
        },
        { message: `whisper ${i} answered as to an offline player`, timeout: 30_000 },
      )
      .toBe(true);
  }
  ws.close();
  return toasts;
}

/** Leaves the game in this page (the socket closes with its close frame), then the page. */
async function leave(page: Page): Promise<void> {
  await page.goto("about:blank");
  await page.close();
}

test("the push section in each permission state, a device's settings and its sending errors", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const origin = baseURL ?? "";
  const push = await PushService.start();
  const name = uniqueName("Psh");
  const token = await register(request, name);
  const friend = await register(request, uniqueName("Frd"));
  // Push subscriptions belong to the service worker (blocked by default in this suite).
  const context = await browser.newContext({ viewport: DESKTOP, serviceWorkers: "allow" });
  const endpoint = `${push.origin}/push/${randomBytes(6).toString("hex")}`;
  await context.addInitScript(fakePushManager(endpoint));
  const page = await signedIn(context, token);
  const section = page.getByTestId("settings-push");
  const status = section.getByTestId("push-status");
  const setNotificationPermission = await permissionSetter(context, page, origin);

  // default: waiting for the browser, with a button that asks.
  await setNotificationPermission("prompt");
  await page.reload();
  await expect(status).toHaveText(/^Waiting for browser permissions/);
  await expect(section.getByRole("button", { name: "Allow notifications" })).toBeVisible();
  await expect(section.getByTestId("no-devices")).toHaveText("No device gets notifications yet.");
  await shootAt(page, "settings-push-default", undefined, section);

  // denied.
  await setNotificationPermission("denied");
  await page.reload();
  await expect(status).toHaveText("Notifications blocked, check browser settings");
  await shootAt(page, "settings-push-denied", undefined, section);

  // granted: this browser subscribes and registers its device.
  await setNotificationPermission("granted");
  await page.reload();
  await expect(status).toHaveCount(0);
  const device = section.getByTestId("push-device");
  await expect(device).toHaveCount(1);
  await expect(device).toHaveAttribute("data-this-browser", "true");
  await expect(device.getByTestId("device-name")).toHaveValue("Chrome");
  const switches = device.getByRole("switch");
  await expect(switches).toHaveCount(8);
  expect(
    await switches.evaluateAll((els) => els.map((e) => e.closest("label")?.textContent)),
  ).toEqual([
    "Quest Complete",
    "Fatigue",
    "Whisper",
    "Potion Expired",
    "DungeonQueue",
    "Guild Dungeon Objective",
    "ElementalRift",
    "RiftOfPower",
  ]);

  // A name is cut to 10 characters; a switch turned off stays off after a reload.
  await device.getByTestId("device-name").fill("My gaming laptop");
  await expect(device.getByTestId("device-name")).toHaveValue("My gaming ");
  await device.getByTestId("device-name").press("Enter");
  await device
    .getByRole("switch", { name: "Potion Expired" })
    .locator("xpath=ancestor::label")
    .click();
  await expect(device.getByRole("switch", { name: "Potion Expired" })).not.toBeChecked();
  await page.reload();
  await expect(device.getByTestId("device-name")).toHaveValue("My gaming");
  await expect(device.getByRole("switch", { name: "Potion Expired" })).not.toBeChecked();
  await expect(device.getByRole("switch", { name: "Whisper" })).toBeChecked();

  // The test button reaches the push service.
  await device.getByRole("button", { name: "Test" }).click();
  await expect(page.getByText("Test notification sent to My gaming.")).toBeVisible();
  expect(push.received).toHaveLength(1);
  await shootAt(page, "settings-push-granted", undefined, section);

  // The push service fails while the player is away: after three whispers the device is off.
  push.status = 500;
  await leave(page);
  const offline = `${name} is offline and will see your whisper next time.`;
  expect(await whisper(origin, friend, name, 3, "are you there")).toEqual(Array(3).fill(offline));
  await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(4);
  const back = await context.newPage();
  // The permission set through the closed page's DevTools session went with it.
  await (await permissionSetter(context, back, origin))("granted");
  await back.goto("/settings");
  const backDevice = back.getByTestId("settings-push").getByTestId("push-device");
  await expect(backDevice).toHaveAttribute("data-this-browser", "true");
  await expect(backDevice.getByTestId("device-error")).toHaveText(
    "Notifcations Disabled due to sending errors",
  );
  await shootAt(back, "settings-push-error", undefined, back.getByTestId("settings-push"));

  // The client re-armed it with an empty settings update: the next whisper is sent again.
  push.status = 201;
  await leave(back);
  // Another sender: the first one's chat rate may still count its three whispers and retries.
  const secondFriend = await register(request, uniqueName("Frd"));
  expect(await whisper(origin, secondFriend, name, 1, "again")).toEqual([offline]);
  await expect.poll(() => push.received.length, { timeout: 15_000 }).toBe(5);
  await context.close();
  await push.stop();
});
