import { clientProtocol, serverProtocol } from "@manaspire/protocol";
import {
  type Browser,
  type BrowserContext,
  expect,
  type Locator,
  type Page,
  test,
} from "./fixtures";
import { chatLine, DESKTOP, register, say, shootAsIs, socketAs, uniqueName } from "./support";

/**
 * Chat, the player-name menu and the activity log between real players on the real server
 * (TICK_MS=700): whispers with unread counts, a General line for both, markup staying text,
 * emotes from a local fixture of the emote service, and the activity log with Load More.
 *
 * The emote set (the build's default: the game server's /api/emotes) and its images are
 * answered by page routes with a fixture in the emote service's format. The images are on the
 * game's own origin, as the server's copy of the set puts them (the CSP allows no other).
 */

/**
 * The build's default emote set address (VITE_EMOTE_SET_URL unset): the game server's copy
 * of the set. Answered here with the fixture (the server's copy is tested in
 * apps/server/test/integration/emotes.test.ts).
 */
const EMOTE_SET_URL = "**/api/emotes";
/** Where the fixture's images are: the game's origin, as the server's copy of a set says. */
const EMOTE_PATH = "/emote-fixture";

const EMOTE_FIXTURE = {
  id: "global",
  name: "Global Emotes",
  emotes: [
    ["KEKW", false],
    ["catJAM", true],
  ].map(([name, animated], i) => ({
    id: `e${i}`,
    name,
    data: {
      id: `e${i}`,
      name,
      animated,
      host: {
        url: `${EMOTE_PATH}/emote/e${i}`,
        files: [
          { name: "1x.webp", static_name: "1x_static.webp", width: 28, height: 28, format: "WEBP" },
          { name: "2x.webp", static_name: "2x_static.webp", width: 56, height: 56, format: "WEBP" },
        ],
      },
    },
  })),
};

/** A small webp drawn by the browser, served as every emote image. */
async function drawEmote(browser: Browser): Promise<Buffer> {
  const page = await browser.newPage();
  // A string, so this file needs no DOM types.
  const dataUrl = (await page.evaluate(`(() => {
    const canvas = document.createElement("canvas");
    canvas.width = 28;
    canvas.height = 28;
    const g = canvas.getContext("2d");
    g.fillStyle = "#f5c542";
    g.beginPath();
    g.arc(14, 14, 13, 0, Math.PI * 2);
    g.fill();
    return canvas.toDataURL("image/webp");
  })()`)) as string;
  await page.close();
  return Buffer.from(dataUrl.split(",")[1] ?? "", "base64");
}

interface Player {
  name: string;
  context: BrowserContext;
  page: Page;
}

async function openPlayer(browser: Browser, name: string, token: string, emote: Buffer) {
  const context = await browser.newContext({ viewport: DESKTOP });
  await context.route(EMOTE_SET_URL, (route) =>
    route.fulfill({ status: 200, contentType: "application/json", json: EMOTE_FIXTURE }),
  );
  await context.route(`**${EMOTE_PATH}/**`, (route) =>
    route.fulfill({ status: 200, contentType: "image/webp", body: emote }),
  );
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("player-name")).toHaveText(name);
  await expect(page.getByTestId("chat-input")).toBeVisible();
  return { name, context, page } satisfies Player;
}

/** Pastes text into the chat input (a real paste event with clipboard data). */
async function paste(page: Page, text: string): Promise<void> {
  await page.getByTestId("chat-input").focus();
  await page.evaluate(`(() => {
    const data = new DataTransfer();
    data.setData("text/plain", ${JSON.stringify(text)});
    document.querySelector('[data-testid="chat-input"]').dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  })()`);
}

function unread(page: Page, tab: string): Locator {
  return page.getByTestId(`chat-tab-${tab}`).getByTestId("chat-unread");
}

/**
 * A player with only a socket (no browser page) who whispers `to` ten times: five at once,
 * then five more once the chat rate limit (five messages per 10 s per player) allows.
 */
async function whisperTenTimes(baseURL: string, token: string, to: string, tag: string) {
  const ws = await socketAs(baseURL, token);
  // Each whisper comes back to its sender as a chat line once the server took it.
  let echoed = 0;
  const echoes: Array<() => void> = [];
  ws.on("message", (data: Buffer) => {
    try {
      const message = serverProtocol.decode(new Uint8Array(data));
      if (
        message.type === "chatLine" &&
        message.data.entry.message.some((p) => p.text?.includes(`${tag} note`))
      ) {
        echoed++;
        for (const wake of echoes.splice(0)) wake();
      }
    } catch {
      // Frames of other kinds are not this helper's business.
    }
  });
  const echoedAll = async (n: number) => {
    while (echoed < n) await new Promise<void>((resolve) => echoes.push(resolve));
  };
  const burst = (from: number) => {
    for (let i = from; i < from + 5; i++) {
      ws.send(clientProtocol.encode("chat", { text: `/w ${to} ${tag} note ${i}` }));
    }
  };
  burst(1);
  // The rate limit's window starts when the server takes them, however late that is.
  await echoedAll(5);
  await new Promise((resolve) => setTimeout(resolve, 10_500));
  burst(6);
  await echoedAll(10);
  ws.close();
}

test.describe.configure({ mode: "serial" });

test("two players chat, whisper, ignore markup and read their activity log", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const emote = await drawEmote(browser);
  const aliceName = uniqueName("Alia");
  const bobName = uniqueName("Brom");
  const alice = await openPlayer(browser, aliceName, await register(request, aliceName), emote);
  const bob = await openPlayer(browser, bobName, await register(request, bobName), emote);
  const a = alice.page;
  const b = bob.page;

  // Tabs: All, Whispers and the joined channels in the server's order.
  await expect(a.getByRole("tab")).toHaveText([
    "All",
    "Whispers",
    "General",
    "Trade",
    "Help",
    "Global",
    "Notifications",
  ]);
  await expect(a.getByTestId("chat-send-channel")).toHaveValue("1");

  // A General line (with an emote from the fixture set) reaches both players.
  await say(a, `Hello from ${aliceName} KEKW`);
  for (const page of [a, b]) {
    const line = chatLine(page, `Hello from ${aliceName}`);
    await expect(line).toBeVisible();
    await expect(line).toContainText("[General]");
    const img = line.getByRole("img", { name: "KEKW" });
    await expect(img).toHaveAttribute(
      "src",
      new URL(`${EMOTE_PATH}/emote/e0/1x.webp`, page.url()).href,
    );
    await expect
      .poll(() => img.evaluate((el) => (el as { naturalWidth?: number }).naturalWidth))
      .toBe(28);
  }

  // Markup stays text: the line shows "<script>" and nothing runs.
  await say(b, `<script>window.__chatPwned = 1</script><b>bold?</b> plain text ${bobName}`);
  const markup = chatLine(a, `plain text ${bobName}`);
  await expect(markup).toContainText("<script>window.__chatPwned = 1</script><b>bold?</b>");
  await expect(a.getByTestId("chat-lines").locator("script, b")).toHaveCount(0);
  expect(await a.evaluate("typeof window.__chatPwned")).toBe("undefined");

  // An address becomes a safe link.
  await say(a, `Guide for ${bobName}: example.com/manaspire-guide`);
  const link = chatLine(b, `Guide for ${bobName}:`).getByRole("link", {
    name: "example.com/manaspire-guide",
  });
  await expect(link).toHaveAttribute("href", "https://example.com/manaspire-guide");
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("rel", "noopener noreferrer nofollow");

  // Alice whispers Bob, who is looking at All: his Whispers tab counts it.
  await expect(unread(b, "whispers")).toHaveCount(0);
  await say(a, `/w ${bobName} hello`);
  await expect(unread(b, "whispers")).toHaveAttribute("data-count", "1");
  await expect(chatLine(a, "hello").filter({ hasText: `To ${bobName}` })).toBeVisible();
  await expect(unread(a, "whispers")).toHaveCount(0);
  await shootAsIs(b, "chat-whisper-unread");

  // Bob opens Whispers (which clears it) and replies.
  await b.getByTestId("chat-tab-whispers").click();
  await expect(unread(b, "whispers")).toHaveCount(0);
  await expect(chatLine(b, `From ${aliceName}`)).toContainText("hello");
  await say(b, `/w ${aliceName} hi back`);
  await expect(unread(a, "whispers")).toHaveAttribute("data-count", "1");
  await expect(chatLine(a, "hi back")).toContainText(`From ${bobName}`);

  // While Bob reads Whispers, a General line counts under General and All; viewing All
  // clears General but would keep Whispers and Notifications.
  await say(a, `General news for ${bobName}`);
  await expect(unread(b, "general")).toHaveAttribute("data-count", "1");
  await expect(unread(b, "all")).toHaveAttribute("data-count", "1");
  await b.getByTestId("chat-tab-all").click();
  await expect(unread(b, "general")).toHaveCount(0);
  await expect(unread(b, "all")).toHaveCount(0);
  await expect(chatLine(b, `General news for ${bobName}`)).toBeVisible();

  // Selecting the Trade tab makes Trade the send channel; Whispers does not change it.
  await b.getByTestId("chat-tab-trade").click();
  await expect(b.getByTestId("chat-send-channel")).toHaveValue("2");
  await b.getByTestId("chat-tab-whispers").click();
  await expect(b.getByTestId("chat-send-channel")).toHaveValue("2");
  await b.getByTestId("chat-tab-all").click();

  // The player-name menu: Whisper prefills the input.
  await chatLine(b, `General news for ${bobName}`).getByTestId("player-name-button").click();
  const menu = b.getByTestId("player-menu");
  await expect(menu.getByRole("menuitem")).toHaveText([
    "View Profile",
    "Wire",
    "Whisper",
    "Ignore",
  ]);
  await shootAsIs(b, "chat-player-menu");
  await menu.getByRole("menuitem", { name: "Whisper" }).click();
  await expect(b.getByTestId("chat-input")).toHaveValue(`/w ${aliceName} `);
  await expect(b.getByTestId("chat-input")).toBeFocused();
  // Ignore asks first; Cancel sends nothing.
  await chatLine(b, `General news for ${bobName}`).getByTestId("player-name-button").click();
  await menu.getByRole("menuitem", { name: "Ignore" }).click();
  await expect(b.getByRole("dialog")).toContainText(`Ignore ${aliceName}?`);
  await b.getByRole("button", { name: "Cancel" }).click();
  await expect(b.getByRole("dialog")).toHaveCount(0);
  // Typed, /ignore asks the same question.
  await say(b, `/ignore ${aliceName}`);
  await expect(b.getByRole("dialog")).toContainText(`Ignore ${aliceName}?`);
  await b.getByRole("button", { name: "Cancel" }).click();
  await expect(b.getByRole("dialog")).toHaveCount(0);
  await b.getByTestId("chat-input").fill("");

  // Pasted line breaks become spaces; a pasted item link is one unit that Backspace removes
  // whole.
  const input = b.getByTestId("chat-input");
  await paste(b, "one\ntwo\r\nthree");
  await expect(input).toHaveValue("one two three");
  await input.fill("");
  await paste(b, "look [[item:5:Gloves:3]]");
  await expect(input).toHaveValue("look [Gloves]");
  await expect(b.getByTestId("chat-box").getByText("[Gloves]", { exact: true })).toBeVisible();
  await input.press("End");
  await input.press("Backspace");
  await expect(input).toHaveValue("look ");
  await input.fill("");

  // Client-side commands navigate without sending.
  await say(b, `/profile ${aliceName}`);
  await expect(b).toHaveURL(new RegExp(`/profile/${aliceName}$`));
  await say(b, "/event");
  await expect(b).toHaveURL(/\/event$/);

  // Activity log: Alice's level-up (new players level up within seconds) and her whispers.
  // The log page reads once when it opens: wait for the level-up first (it may come after
  // the whispers when the machine is busy).
  await expect(a.getByRole("button", { name: /^Battle Lv [1-9]/ })).toBeVisible({
    timeout: 30_000,
  });
  await a.getByRole("link", { name: "Log" }).first().click();
  await expect(a).toHaveURL(/\/activity-log$/);
  await expect(a.getByRole("heading", { name: "Activity Log" })).toBeVisible();
  const entries = a.getByTestId("log-entry");
  await expect(entries.filter({ hasText: "Battle level up! You reached level 1." })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Whisper to ${bobName}: hello` })).toHaveCount(1);
  await expect(entries.filter({ hasText: `Whisper from ${bobName}: hi back` })).toHaveCount(1);
  await expect(a.getByTestId("log-end")).toHaveText("End of Results.");
  await expect(a.getByTestId("log-load-more")).toHaveCount(0);

  // The filter reloads from the start: only whispers.
  await a.getByTestId("log-filter").selectOption({ label: "Whisper" });
  await expect(entries).toHaveCount(2);
  // Search with Enter.
  await a.getByTestId("log-search").fill("hi back");
  await a.getByTestId("log-search").press("Enter");
  await expect(entries).toHaveCount(1);
  await expect(entries.first()).toContainText("hi back");
  // Search button, all categories.
  await a.getByTestId("log-filter").selectOption({ label: "All" });
  await a.getByTestId("log-search").fill("");
  await a.getByTestId("log-search-button").click();
  await expect(entries.filter({ hasText: "Account created" })).toHaveCount(1);

  // More than a page (50): five more players whisper Alice ten times each (two bursts, as
  // the chat rate limit allows). Each whisper is an entry in her log.
  const helpers = await Promise.all(
    Array.from({ length: 5 }, async (_, i) => {
      const name = uniqueName(`Echo${"abcde"[i]}`);
      return { name, token: await register(request, name) };
    }),
  );
  await Promise.all(helpers.map((h) => whisperTenTimes(baseURL ?? "", h.token, aliceName, h.name)));
  // The log's writes are batched: search again until the newest whispers are stored.
  await expect(async () => {
    await a.getByTestId("log-search-button").click();
    await expect(entries.filter({ hasText: "note 10" })).toHaveCount(5, { timeout: 2_000 });
  }).toPass({ timeout: 30_000 });
  await expect(entries).toHaveCount(50);
  await expect(a.getByTestId("log-load-more")).toBeVisible();
  await expect(a.getByTestId("log-end")).toHaveCount(0);
  await shootAsIs(a, "activity-log");
  await a.getByTestId("log-load-more").click();
  await expect.poll(() => entries.count()).toBeGreaterThan(50);
  await expect(a.getByTestId("log-end")).toHaveText("End of Results.");
  // The oldest entry, account creation, is on the second page.
  await expect(entries.last()).toContainText("Account created");

  await alice.context.close();
  await bob.context.close();
});
