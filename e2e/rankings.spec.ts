import { giveItem } from "../apps/server/test/support/players";
import { expect, type Locator, type Page, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { chatLine, say, shootAt, uniqueName } from "./support";

/**
 * Leaderboards and profiles (issue 12) between real players, on the spec's own world (TICK_MS=700,
 * FLUSH_MS=500), so its boards hold only this spec's players: a player finds themself on the
 * Battle board, opens another player's profile from chat (name menu and `/profile name`) and from
 * the board, uses the lookup box, and edits their own text with its counter, Cancel and Save.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("rankings");
});

test.afterAll(async () => {
  await world?.stop();
});

const WIDE = { width: 1366, height: 850 };

/** Opens the rankings with `name` searched on the Battle board, retrying until it is listed. */
async function searchBattle(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await page.goto("/rankings?type=battle");
    await page.getByLabel("Find a player").fill(name);
    await page.getByRole("button", { name: "Search" }).click();
    await expect(page.getByTestId("rankings-row").filter({ hasText: name })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 45_000 });
}

/**
 * Opens a name's menu from its button and picks View Profile. The menu closes when its name
 * moves (a late answer scrolls the board to the found row, a new line scrolls the chat), so it
 * is opened again until it stays.
 */
async function viewProfileFrom(page: Page, nameButton: Locator): Promise<void> {
  const viewProfile = page
    .getByTestId("player-menu")
    .getByRole("menuitem", { name: "View Profile" });
  await expect(async () => {
    if (!(await viewProfile.isVisible())) await nameButton.click({ timeout: 5000 });
    await expect(viewProfile).toBeVisible({ timeout: 3000 });
    await viewProfile.click({ timeout: 2000 });
  }).toPass({ timeout: 45_000 });
}

test("find yourself on a board, open profiles from chat and from the board, edit your text", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const annName = uniqueName("Ann");
  const bobName = uniqueName("Bob");
  const { page: ann, loaded: annLoaded } = await openAs(world, browser, annName, "/", WIDE);
  const { page: bob } = await openAs(world, browser, bobName, "/", WIDE);

  // Both battle from the start; within a flush interval Ann is on the Battle board.
  await ann
    .getByRole("navigation", { name: "Main" })
    .getByRole("link", { name: "Rankings" })
    .click();
  await expect(ann).toHaveURL(/\/rankings/);
  await expect(ann.getByRole("combobox", { name: "Leaderboard" })).toHaveValue("battle");
  await searchBattle(ann, annName);
  const own = ann.getByTestId("rankings-row").filter({ hasText: annName });
  await expect(own).toHaveAttribute("aria-current", "true");
  await expect(ann.getByTestId("own-place")).toContainText("Your rank: #");
  await expect(ann.getByRole("button", { name: "First page" })).toBeDisabled();
  await shootAt(ann, "rankings", undefined, ann.getByTestId("rankings-table"));

  // Another board: the large dungeon speedruns (nobody runs dungeons in this world) is empty.
  await ann.getByRole("combobox", { name: "Leaderboard" }).selectOption("dungeon_speedrun_large");
  await expect(ann.getByTestId("rankings-empty")).toHaveText("No one is on this board yet.");
  await expect(ann).toHaveURL(/type=dungeon_speedrun_large/);

  // From the board: Bob's name opens the name menu; View Profile shows his profile.
  await searchBattle(ann, bobName);
  await viewProfileFrom(
    ann,
    ann.getByTestId("rankings-row").filter({ hasText: bobName }).getByTestId("player-name-button"),
  );
  await expect(ann).toHaveURL(new RegExp(`/profile/${bobName}$`));
  await expect(ann.getByTestId("profile-name")).toHaveText(bobName);
  await expect(ann.getByTestId("profile-stats").getByRole("heading")).toHaveCount(10);

  // From chat: Bob says something; his name's menu and /profile both lead to his profile.
  await ann.goto("/town");
  await say(bob, `hello from ${bobName}`);
  await viewProfileFrom(
    ann,
    chatLine(ann, `hello from ${bobName}`).getByTestId("player-name-button"),
  );
  await expect(ann.getByTestId("profile-name")).toHaveText(bobName);
  await ann.goto("/town");
  await say(ann, `/profile ${bobName}`);
  await expect(ann).toHaveURL(new RegExp(`/profile/${bobName}$`));
  await expect(ann.getByTestId("profile-name")).toHaveText(bobName);
  await expect(ann.getByTestId("profile-text")).toContainText("has not written anything yet");

  // The lookup box trims the name; Enter goes there too.
  await ann.getByLabel("Player name").fill(`   ${annName}  `);
  await ann.getByLabel("Player name").press("Enter");
  await expect(ann).toHaveURL(new RegExp(`/profile/${annName}$`));
  await expect(ann.getByTestId("profile-name")).toHaveText(annName);
  await ann.getByLabel("Player name").fill("Nobody_is_called_this");
  await ann.getByRole("button", { name: "Search" }).click();
  await expect(ann.getByTestId("profile-missing")).toBeVisible();

  // Edit your own text: the counter, Cancel restores, Save stores plain text.
  await ann.goto("/profile");
  await expect(ann.getByTestId("profile-name")).toHaveText(annName);
  await ann.getByRole("button", { name: "Edit" }).click();
  const editor = ann.getByLabel("Profile text");
  await editor.fill("A draft I will throw away");
  await expect(ann.getByTestId("profile-counter")).toHaveText("25/2000 characters");
  await ann.getByRole("button", { name: "Cancel" }).click();
  await expect(ann.getByTestId("profile-text")).toContainText("Tell other mages about yourself");
  await ann.getByRole("button", { name: "Edit" }).click();
  await expect(editor).toHaveValue("");
  const story = "<b>Fire mage</b> of the Grove.\nTrading tomes, ask me!";
  await editor.fill(story);
  await expect(ann.getByTestId("profile-counter")).toHaveText(`${story.length}/2000 characters`);
  await ann.getByRole("button", { name: "Save" }).click();
  await expect(ann.getByTestId("profile-text-body")).toHaveText(story); // as text, not markup
  await expect(ann.getByTestId("profile-text-body").locator("b")).toHaveCount(0);
  await shootAt(ann, "profile-own", undefined, ann.getByTestId("profile-text"));

  // Ann is handed an item (as a drop would) and puts it on, so her profile shows gear.
  giveItem(world.server, annLoaded, { slot: 1, rarity: 3, level: 1 });
  await ann.goto("/inventory");
  const equip = ann
    .getByTestId("inventory-item")
    .getByRole("button", { name: "Equip", exact: true });
  await expect(equip.first()).toBeEnabled();
  await equip.first().click();
  await expect(ann.getByRole("button", { name: /^Unequip / }).first()).toBeVisible();

  // Bob sees it; his view of Ann has Enchant buttons when she wears something.
  await bob.goto(`/profile/${annName.toLowerCase()}`);
  await expect(bob.getByTestId("profile-name")).toHaveText(annName);
  await expect(bob.getByTestId("profile-text-body")).toHaveText(story);
  const slot = bob
    .getByTestId("profile-slot")
    .filter({ has: bob.getByRole("button", { name: "Enchant" }) });
  await expect(slot.first()).toBeVisible({ timeout: 15_000 });
  await shootAt(bob, "profile-other", undefined, bob.getByTestId("profile-equipment"));
  await shootAt(bob, "profile-stats", undefined, bob.getByTestId("profile-stats"));
  await slot.first().getByRole("button", { name: "Enchant" }).click();
  await expect(bob.getByRole("dialog")).toContainText(`Enchant ${annName}'s`);
  await shootAt(bob, "profile-enchant");
  await bob.getByRole("dialog").getByRole("button", { name: "Close" }).click();

  // Leaving the page clears the profile: coming back shows the new one only.
  await bob.goto("/town");
  await bob.goto(`/profile/${bobName}`);
  await expect(bob.getByTestId("profile-name")).toHaveText(bobName);
  await ann.context().close();
  await bob.context().close();
});
