import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  test,
} from "./fixtures";
import {
  chatLine,
  DESKTOP,
  PASSWORD,
  PHONE,
  register,
  say,
  shootAsIs,
  toast,
  uniqueName,
} from "./support";

/**
 * A moderator's chat tools against the real server: the e2e server runs with
 * MODERATOR_NAMES=Eve_Moderator (playwright.config.ts), the way an operator grants the role.
 * The moderator deletes a player's General line (it goes for the player too), mutes the
 * player from the player-name menu (the player's next line is refused with the muted toast)
 * and unmutes them. A player sees none of these tools.
 */

const MODERATOR = "Eve_Moderator";

/** A signed-in page; `phone` emulates a touch phone (no hover) at 360x740. */
async function open(browser: Browser, name: string, token: string, phone = false) {
  const context: BrowserContext = await browser.newContext(
    phone ? { viewport: PHONE, isMobile: true, hasTouch: true } : { viewport: DESKTOP },
  );
  // The emote set (the game server's copy) is an empty set here.
  await context.route("**/api/emotes", (route) =>
    route.fulfill({ status: 200, contentType: "application/json", json: { emotes: [] } }),
  );
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("player-name")).toHaveText(name);
  // On a phone the chat starts folded to its bar: open it.
  if (phone) await page.getByTestId("chat-collapse").click();
  await expect(page.getByTestId("chat-input")).toBeVisible();
  return { context, page };
}

test("a moderator deletes a line and mutes a player from the chat", async ({
  browser,
  request,
}) => {
  test.setTimeout(240_000);
  const playerName = uniqueName("Tomo");
  const mod = await open(browser, MODERATOR, await register(request, MODERATOR));
  const player = await open(browser, playerName, await register(request, playerName));
  const m = mod.page;
  const p = player.page;

  // The moderator may post in Global; a player may not even pick it.
  await expect(m.getByTestId("chat-send-channel").locator("option")).toContainText(["Global"]);
  await expect(
    p.getByTestId("chat-send-channel").locator("option", { hasText: "Global" }),
  ).toHaveCount(0);
  await say(m, "Welcome, be kind in chat");
  await expect(chatLine(p, "Welcome, be kind").getByTestId("chat-role")).toHaveText("Mod");

  await say(p, `rude words from ${playerName}`);
  await say(p, `an honest question from ${playerName}`);
  const rude = chatLine(m, `rude words from ${playerName}`);
  await expect(rude).toBeVisible();
  await expect(chatLine(p, `rude words from ${playerName}`)).toBeVisible();

  // A player has no Delete control and no moderation entries in the player-name menu.
  await expect(p.getByRole("button", { name: "Delete message" })).toHaveCount(0);
  await chatLine(p, "Welcome, be kind").getByTestId("player-name-button").click();
  await expect(p.getByTestId("player-menu").getByRole("menuitem")).toHaveText([
    "View Profile",
    "Wire",
    "Whisper",
    "Ignore",
  ]);
  await p.keyboard.press("Escape");
  await expect(p.getByTestId("player-menu")).toHaveCount(0);

  // The moderator's Delete control: on every line, shown on hover (desktop).
  const del = rude.getByRole("button", { name: "Delete message" });
  await expect(del).toHaveCSS("opacity", "0");
  await rude.hover();
  await expect(del).toHaveCSS("opacity", "1");
  await shootAsIs(m, "moderation-delete-hover");
  await del.click();
  const dialog = m.getByRole("dialog");
  await expect(dialog).toContainText("Delete this message?");
  await expect(m.getByTestId("delete-line-preview")).toHaveText(
    `[General] ${playerName}: rude words from ${playerName}`,
  );
  await shootAsIs(m, "moderation-delete-confirm");
  // Cancel keeps the line.
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(rude).toBeVisible();
  // Keyboard: the control takes the focus (and shows), Enter asks again; Delete sends.
  await del.focus();
  await expect(del).toHaveCSS("opacity", "1");
  await m.keyboard.press("Enter");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(toast(m, /Message \d+ deleted\./)).toBeVisible();
  await expect(rude).toHaveCount(0);
  await expect(chatLine(p, `rude words from ${playerName}`)).toHaveCount(0);
  await expect(chatLine(p, `an honest question from ${playerName}`)).toBeVisible();

  // The player-name menu: Mute… and Unmute for the moderator, not on their own name.
  await chatLine(m, "Welcome, be kind").getByTestId("player-name-button").click();
  const menu = m.getByTestId("player-menu");
  await expect(menu.getByRole("menuitem")).toHaveText(["View Profile"]);
  await m.keyboard.press("Escape");
  await expect(menu).toHaveCount(0);
  const question = chatLine(m, `an honest question from ${playerName}`);
  await question.getByTestId("player-name-button").click();
  await expect(menu.getByRole("menuitem")).toHaveText([
    "View Profile",
    "Wire",
    "Whisper",
    "Ignore",
    "Mute…",
    "Unmute",
  ]);
  await shootAsIs(m, "moderation-player-menu");
  await menu.getByRole("menuitem", { name: "Mute…" }).click();

  const muteDialog = m.getByRole("dialog");
  await expect(muteDialog).toContainText(`Mute ${playerName}`);
  const minutes = muteDialog.getByLabel("Minutes");
  await expect(minutes).toBeFocused();
  await muteDialog.getByRole("button", { name: "1 hour" }).click();
  await expect(minutes).toHaveValue("60");
  await expect(muteDialog.getByRole("button", { name: "1 hour" })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  await minutes.fill("0");
  await expect(muteDialog.getByRole("button", { name: "Mute" })).toBeDisabled();
  await minutes.fill("525601");
  await expect(muteDialog.getByRole("button", { name: "Mute" })).toBeDisabled();
  await minutes.fill("15");
  await shootAsIs(m, "moderation-mute-dialog");
  await muteDialog.getByRole("button", { name: "Mute" }).click();
  await expect(muteDialog).toHaveCount(0);
  await expect(toast(m, `${playerName} is muted for 15 minutes.`)).toBeVisible();
  await expect(toast(p, "A moderator muted you in chat for 15 minutes.")).toBeVisible();

  // The muted player's line is refused with the muted toast and reaches nobody.
  await say(p, `can I still talk ${playerName}?`);
  await expect(toast(p, "You are muted for another 15 minutes.")).toBeVisible();
  await say(m, "moderator marker line");
  await expect(chatLine(p, "moderator marker line")).toBeVisible();
  await expect(chatLine(m, `can I still talk ${playerName}?`)).toHaveCount(0);

  // Unmute: the player can talk again.
  await question.getByTestId("player-name-button").click();
  await menu.getByRole("menuitem", { name: "Unmute" }).click();
  await expect(toast(m, `${playerName} can talk again.`)).toBeVisible();
  await expect(toast(p, "You can talk in chat again.")).toBeVisible();
  await say(p, `thanks from ${playerName}`);
  await expect(chatLine(m, `thanks from ${playerName}`)).toBeVisible();

  // On a touch phone the Delete controls are always shown; the tools fit the small screen.
  const touch = await open(browser, MODERATOR, await modToken(request), true);
  const t = touch.page;
  const thanks = chatLine(t, `thanks from ${playerName}`);
  await expect(thanks).toBeVisible();
  // A string, so this file needs no DOM types.
  expect(await t.evaluate(`matchMedia("(hover: hover)").matches`)).toBe(false);
  await expect(thanks.getByRole("button", { name: "Delete message" })).toHaveCSS("opacity", "1");
  await shootAsIs(t, "moderation-delete-touch");
  await thanks.getByTestId("player-name-button").click();
  await expect(t.getByTestId("player-menu").getByRole("menuitem", { name: "Mute…" })).toBeVisible();
  await shootAsIs(t, "moderation-player-menu");
  await t.getByTestId("player-menu").getByRole("menuitem", { name: "Mute…" }).click();
  await expect(t.getByRole("dialog")).toContainText(`Mute ${playerName}`);
  await shootAsIs(t, "moderation-mute-dialog");
  await t.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await thanks.getByRole("button", { name: "Delete message" }).click();
  await expect(t.getByRole("dialog")).toContainText("Delete this message?");
  await shootAsIs(t, "moderation-delete-confirm");

  await touch.context.close();
  await mod.context.close();
  await player.context.close();
});

/** A fresh login token of the moderator (a second device). */
async function modToken(request: APIRequestContext): Promise<string> {
  const res = await request.post("/api/auth/login", {
    data: { username: MODERATOR, password: PASSWORD },
  });
  const body = (await res.json()) as { token?: string };
  if (!body.token) throw new Error(`login ${MODERATOR}: ${res.status()}`);
  return body.token;
}
