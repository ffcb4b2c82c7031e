import { LootId } from "@manaspire/game";
import type { GameServer } from "../apps/server/src/server";
import { Col, markDirty } from "../apps/server/src/world/player-columns";
import { giveItem } from "../apps/server/test/support/players";
import { type Browser, expect, type Page, test } from "./fixtures";
import { type OwnWorld, startOwnWorld } from "./own-world";
import { chatLine, say, shootAt, toast, uniqueName } from "./support";

/**
 * Guilds in Chromium (issue 10): one player founds a guild and invites another, who accepts
 * from the guild list; both talk in the Guild channel, which a third player never sees.
 *
 * Founding costs 1,000 each of iron, fish and wood, hours of gathering: this spec runs its
 * own server in-process (the built client, its own PGlite directory) so it can hand the
 * founder those resources in memory, as the integration tests do.
 */

let world: OwnWorld;
let server: GameServer;

test.beforeAll(async () => {
  world = await startOwnWorld("guild", {});
  server = world.server;
});

test.afterAll(async () => {
  await world?.stop();
});

function signUp(name: string): Promise<string> {
  return world.signUp(name);
}

async function open(browser: Browser, name: string, token: string) {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 850 },
    baseURL: server.url,
  });
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto("/");
  await expect(page.getByTestId("player-name")).toHaveText(name);
  return { context, page };
}

async function sayIn(page: Page, channel: string, text: string) {
  await page.getByRole("tab", { name: channel }).click();
  await page.getByTestId("chat-send-channel").selectOption({ label: channel });
  await say(page, text);
}

test("a player founds a guild, invites another who accepts, and both chat in Guild", async ({
  browser,
}) => {
  test.setTimeout(300_000);
  const founderName = uniqueName("Gild");
  const joinerName = uniqueName("Jora");
  const outsiderName = uniqueName("Otto");
  const guildName = `Order of ${uniqueName("Mage").replace(/[^A-Za-z]/g, "")}`.slice(0, 30);
  const founder = await open(browser, founderName, await signUp(founderName));
  const joiner = await open(browser, joinerName, await signUp(joinerName));
  const outsider = await open(browser, outsiderName, await signUp(outsiderName));
  const f = founder.page;
  const j = joiner.page;

  // Without a guild, /guild sends to the list.
  await f.goto("/guild");
  await expect(f).toHaveURL(/\/guild\/list$/);
  await expect(f.getByRole("heading", { name: "Guilds", exact: true })).toBeVisible();

  // A bad name is refused in the form; without resources the server refuses.
  const nameBox = f.getByPlaceholder("Guild name");
  await nameBox.fill("No");
  await f.getByRole("button", { name: "Create Guild" }).click();
  await expect(
    f.getByRole("alert").filter({ hasText: "Name must be 3–30 letters." }),
  ).toBeVisible();
  await nameBox.fill(guildName);
  await f.getByRole("button", { name: "Create Guild" }).click();
  await expect(toast(f, "A guild costs 1,000 each of Iron, Fish and Wood to found.")).toBeVisible();

  // The founder gathers (in memory) what a guild costs, and founds it: on to /guild.
  const loaded = [...server.store.loaded.values()].find((x) => x.name === founderName);
  if (!loaded) throw new Error("founder not loaded");
  for (const id of [LootId.Iron, LootId.Fish, LootId.Wood]) loaded.loot[id] = 1000;
  markDirty(loaded, Col.loot);
  await f.getByRole("button", { name: "Create Guild" }).click();
  await expect(toast(f, `You founded ${guildName}.`)).toBeVisible();
  await expect(f).toHaveURL(/\/guild$/);
  await expect(f.getByRole("heading", { name: guildName })).toBeVisible();
  await expect(f.getByTestId("roster-row")).toHaveCount(1);

  // Invite by name; the invited player sees the invitation on the list and accepts.
  await f.getByLabel("Invite a player").fill(joinerName);
  await f.getByRole("button", { name: "Invite", exact: true }).click();
  await expect(toast(f, `You invited ${joinerName}.`)).toBeVisible();
  await expect(toast(j, `${founderName} invited you to join ${guildName}.`)).toBeVisible();
  await j.goto("/guild/list");
  const invite = j.getByTestId("guild-invite").filter({ hasText: guildName });
  await expect(invite).toBeVisible();
  await shootAt(j, "guild-list");
  await invite.getByRole("button", { name: "Accept" }).click();
  await expect(toast(j, `You joined ${guildName}.`)).toBeVisible();
  await expect(j).toHaveURL(/\/guild$/);
  await expect(f.getByTestId("roster-row")).toHaveCount(2);
  await expect(j.getByTestId("roster-row")).toHaveCount(2);
  // A plain member sees no invite box and no kick buttons; the founder does.
  await expect(j.getByLabel("Invite a player")).toHaveCount(0);
  await expect(j.getByRole("button", { name: "Kick" })).toHaveCount(0);
  await expect(f.getByRole("button", { name: "Kick" })).toHaveCount(1);

  // The Guild channel: both talk, the outsider has no Guild tab and sees nothing.
  await expect(j.getByRole("tab", { name: "Guild" })).toBeVisible();
  await expect(f.getByRole("tab", { name: "Guild" })).toBeVisible();
  await expect(outsider.page.getByRole("tab", { name: "Guild" })).toHaveCount(0);
  const hello = `Hello guild from ${joinerName}`;
  await sayIn(j, "Guild", hello);
  await expect(chatLine(f, hello)).toBeVisible();
  await expect(chatLine(f, hello)).toContainText("[Guild]");
  const reply = `Welcome ${joinerName}`;
  await sayIn(f, "Guild", reply);
  await expect(chatLine(j, reply)).toBeVisible();
  await f.waitForTimeout(500);
  await expect(chatLine(outsider.page, hello)).toHaveCount(0);
  await expect(chatLine(outsider.page, reply)).toHaveCount(0);

  await shootAt(f, "guild-roster");
  // The guild log tells who joined; with a guild, /guild/list sends back to /guild.
  await f.goto("/guild/log");
  await expect(f.getByText(`${joinerName} joined the guild.`)).toBeVisible();
  await shootAt(f, "guild-log");
  await f.goto("/guild/list");
  await expect(f).toHaveURL(/\/guild$/);
  await f.goto("/guild/ranks");
  await expect(f.getByRole("button", { name: "Save", exact: true })).toBeDisabled();
  // Taxes: the Member rank pays half its Mana Dust; the joiner's battles show "Guild Tax".
  const memberRank = f.locator("li").filter({ hasText: "10. Member" });
  await memberRank.getByLabel("Mana Dust %").fill("50");
  await memberRank.getByRole("button", { name: "Save taxes" }).click();
  await expect(toast(f, "Taxes of Member saved.")).toBeVisible();
  await expect(memberRank.getByTestId("rank-taxes")).toHaveText("Taxes: 50% Mana Dust");
  await shootAt(f, "guild-ranks");
  await j.goto("/");
  await expect(j.getByRole("heading", { name: "Guild Tax" })).toBeVisible({ timeout: 20_000 });
  await shootAt(j, "guild-battle-tax");
  // The member's personal tax in Settings.
  await j.goto("/settings");
  const personal = j.getByTestId("settings-guild-taxes");
  await personal.getByLabel("Elemental Shards %").fill("20");
  await personal.getByRole("button", { name: "Save taxes" }).click();
  await expect(toast(j, "Your personal guild tax is saved.")).toBeVisible();
  await expect(personal.getByLabel("Elemental Shards %")).toHaveValue("20");
  await f.getByRole("link", { name: "Upgrades" }).click();
  await expect(f.getByTestId("guild-upgrade")).toHaveCount(8);
  await f
    .getByTestId("guild-upgrade")
    .filter({ hasText: "Study" })
    .getByRole("button", { name: "Mark" })
    .click();
  await expect(toast(f, "Study is marked next.")).toBeVisible();
  await expect(f.getByTestId("guild-upgrade").filter({ hasText: "Study" })).toContainText(
    "Marked next",
  );
  await shootAt(f, "guild-upgrades");

  // The armory: Members may borrow; the founder deposits an item from the inventory ('Deposit
  // item'); the joiner borrows it (borrowed in their inventory) and returns it.
  await f.goto("/guild/armory");
  await expect(f.getByTestId("armory-empty")).toBeVisible();
  await f.goto("/guild/ranks");
  await f
    .locator("li")
    .filter({ hasText: "10. Member" })
    .getByRole("button", { name: "Edit" })
    .click();
  await f.getByRole("checkbox", { name: "Borrow Items" }).check();
  await f.getByRole("button", { name: "Save", exact: true }).click();
  await expect(toast(f, "Rank Member saved.")).toBeVisible();
  const { item } = giveItem(server, loaded, { slot: 3, rarity: 4 });
  await f.goto("/inventory");
  // By id: the founder battles, and a dropped item may bear the same name.
  const givenRow = f.locator(`[data-testid="inventory-item"][data-item-id="${item.id}"]`);
  await givenRow.getByRole("button", { name: `Deposit ${item.name} to guild armory` }).click();
  const depositDialog = f.getByRole("dialog", { name: "Deposit item" });
  await expect(depositDialog).toContainText(item.name);
  await shootAt(f, "guild-armory-deposit");
  await depositDialog.getByRole("button", { name: "Deposit", exact: true }).click();
  await expect(toast(f, `You deposited ${item.name} in the guild armory.`)).toBeVisible();
  await expect(givenRow).toHaveCount(0);
  await f.goto("/guild/armory");
  await expect(f.getByTestId("armory-capacity")).toContainText("1 / 200");
  const founderRow = f.getByTestId("armory-item").filter({ hasText: item.name });
  await expect(founderRow).toContainText("In the armory");

  await j.goto("/guild/armory");
  const joinerRow = j.getByTestId("armory-item").filter({ hasText: item.name });
  await expect(joinerRow.getByRole("button", { name: `Withdraw ${item.name}` })).toHaveCount(0);
  await joinerRow.getByRole("button", { name: `Borrow ${item.name}` }).click();
  await expect(toast(j, `You borrowed ${item.name} from the guild armory.`)).toBeVisible();
  await expect(joinerRow).toContainText("On loan to you");
  // The founder's screen follows: who holds it, and Revoke.
  await expect(founderRow).toContainText(`On loan to ${joinerName}`);
  await expect(founderRow.getByRole("button", { name: `Revoke ${item.name}` })).toBeVisible();
  await shootAt(f, "guild-armory", undefined, founderRow);
  await shootAt(j, "guild-armory-member", undefined, joinerRow);
  await j.goto("/inventory");
  const borrowed = j.locator(`[data-testid="inventory-item"][data-item-id="${item.id}"]`);
  await expect(borrowed).toContainText("borrowed");
  await expect(borrowed.getByRole("button", { name: `Sell ${item.name}` })).toBeDisabled();
  await shootAt(j, "guild-armory-borrowed", undefined, borrowed);
  await borrowed.getByRole("button", { name: "Return" }).click();
  await expect(toast(j, `You returned ${item.name} to the guild armory.`)).toBeVisible();
  await expect(borrowed).toHaveCount(0);
  await expect(founderRow).toContainText("In the armory");
  // Depositing from the armory screen lists what may go in (battle drops, or nothing yet).
  await f.getByRole("button", { name: "Deposit an item" }).click();
  const picker = f.getByRole("dialog", { name: "Deposit an item" });
  await expect(
    picker.getByTestId("deposit-picker").or(picker.getByText("Nothing to deposit")),
  ).toBeVisible();
  await picker.getByRole("button", { name: "Cancel" }).click();

  // The leader renames the guild for 5 Crystallized Mana (asked first) in the premium shop,
  // whose rename card shows once the guild record has an API key; every screen follows.
  loaded.loot[LootId.CrystallizedMana] = 5;
  markDirty(loaded, Col.loot);
  await f.goto("/shop");
  await expect(f.getByTestId("shop-username")).toBeVisible();
  await expect(f.getByTestId("shop-guild-rename")).toHaveCount(0);
  await f.goto("/guild/info");
  await f.getByRole("button", { name: "Create API key" }).click();
  await f
    .getByRole("dialog", { name: "Create API key" })
    .getByRole("button", { name: "OK" })
    .click();
  await expect(f.getByTestId("guild-api-key")).toBeVisible();
  await f.getByRole("link", { name: "Premium shop", exact: true }).click();
  // This world sells no premium currency (no Stripe): the purchase card says so.
  await expect(f.getByTestId("shop-unavailable")).toBeVisible();
  await shootAt(f, "shop-unavailable");
  await shootAt(f, "shop-guild-rename", undefined, f.getByTestId("shop-guild-rename"));
  const renamed = `${guildName.slice(0, 24)} Renew`;
  await f.getByLabel("New guild name").fill(renamed);
  await expect(f.getByTestId("guild-rename-cost")).toContainText("Costs 5 Crystallized Mana");
  await f.getByRole("button", { name: "Rename", exact: true }).click();
  const renameDialog = f.getByRole("dialog", { name: "Rename guild" });
  await expect(renameDialog).toContainText(`Rename ${guildName} to ${renamed}`);
  await shootAt(f, "guild-rename");
  await renameDialog.getByRole("button", { name: "Rename", exact: true }).click();
  await expect(toast(f, `Your guild is now called ${renamed}.`)).toBeVisible();
  await j.goto("/guild");
  await expect(j.getByRole("heading", { name: renamed })).toBeVisible();

  // The founder hands the guild to the joiner (Make leader, with its confirmation); the two
  // swap ranks and only the new leader is offered the hand-over from then on.
  await f.goto("/guild");
  const joinerInRoster = f.getByTestId("roster-row").filter({ hasText: joinerName });
  await joinerInRoster.getByRole("button", { name: "Make leader" }).click();
  const handOver = f.getByRole("dialog", { name: "Make Leader" });
  await expect(handOver).toContainText(`Make ${joinerName} the leader of ${renamed}?`);
  await shootAt(f, "guild-make-leader");
  await handOver.getByRole("button", { name: "Make leader" }).click();
  await expect(toast(f, `${joinerName} now leads ${renamed}.`)).toBeVisible();
  await expect(toast(j, `${founderName} made you the leader of ${renamed}.`)).toBeVisible();
  await expect(f.getByRole("button", { name: "Make leader" })).toHaveCount(0);
  await expect(joinerInRoster).toContainText("Leader");
  await j.goto("/guild");
  await expect(
    j
      .getByTestId("roster-row")
      .filter({ hasText: founderName })
      .getByRole("button", { name: "Make leader" }),
  ).toBeVisible();

  for (const c of [founder, joiner, outsider]) await c.context.close();
});

// Issue 31: a guild without a key is offered a key, not warned that a previous one will stop.
test("the leader creates the guild's first API key without a warning, and regenerating warns", async ({
  browser,
}) => {
  const name = uniqueName("Keyl");
  const guildName = `Keys of ${uniqueName("Mage").replace(/[^A-Za-z]/g, "")}`.slice(0, 30);
  const { context, page } = await open(browser, name, await signUp(name));
  const loaded = [...server.store.loaded.values()].find((x) => x.name === name);
  if (!loaded) throw new Error("player not loaded");
  for (const id of [LootId.Iron, LootId.Fish, LootId.Wood]) loaded.loot[id] = 1000;
  markDirty(loaded, Col.loot);
  await page.goto("/guild/list");
  await page.getByPlaceholder("Guild name").fill(guildName);
  await page.getByRole("button", { name: "Create Guild" }).click();
  await expect(toast(page, `You founded ${guildName}.`)).toBeVisible();

  await page.goto("/guild/info");
  await expect(page.getByText("No API key yet.")).toBeVisible();
  await page.getByRole("button", { name: "Create API key" }).click();
  const create = page.getByRole("dialog", { name: "Create API key" });
  await expect(create).toContainText("Give it only to tools you trust");
  await expect(create).not.toContainText("previous");
  await expect(page.getByRole("dialog", { name: "Regenerate API key" })).toHaveCount(0);
  await shootAt(page, "guild-api-key-create", [
    { width: 1366, height: 850 },
    { width: 390, height: 844 },
  ]);
  await create.getByRole("button", { name: "OK" }).click();
  await expect(toast(page, "Your guild's API key was made.")).toBeVisible();
  const key = page.getByTestId("guild-api-key");
  await expect(key).toBeVisible();
  const first = await key.textContent();

  // With a key, the same place regenerates it, with the spec's warning.
  await page.getByRole("button", { name: "Regenerate API key" }).click();
  const regenerate = page.getByRole("dialog", { name: "Regenerate API key" });
  await expect(regenerate).toContainText("This will invalidate the previous API Key");
  await shootAt(page, "guild-api-key-regenerate", [
    { width: 1366, height: 850 },
    { width: 390, height: 844 },
  ]);
  await regenerate.getByRole("button", { name: "OK" }).click();
  await expect(
    toast(page, "A new API key was made; the previous one no longer works."),
  ).toBeVisible();
  await expect(key).not.toHaveText(first ?? "");
  await context.close();
});

// This spec's world is in-process, so a player's Quality of Life can be set to end soon.
test("Quality of Life in its last 3 days: the status icon's Extend goes to the market, then extends", async ({
  browser,
}) => {
  const name = uniqueName("Qual");
  const { context, page } = await open(browser, name, await signUp(name));
  const loaded = [...server.store.loaded.values()].find((x) => x.name === name);
  if (!loaded) throw new Error("player not loaded");
  loaded.qolEnd = Date.now() + 2 * 86_400_000;
  markDirty(loaded, Col.qolEnd);
  await page.reload();
  const icon = page.getByTestId("status-qol");
  await expect(
    icon.getByRole("img", { name: /^Quality of Life expiring in 1 day 23 hours/ }),
  ).toBeVisible();
  await shootAt(page, "status-qol-expiring", [{ width: 1366, height: 850 }]);
  // Without 5 Crystallized Mana, Extend opens the market on it.
  await icon.getByRole("button", { name: "Extend" }).click();
  await expect(page).toHaveURL(/\/market$/);
  await expect(page.getByRole("button", { name: /^Crystallized Mana\s/ })).toHaveAttribute(
    "aria-pressed",
    "true",
  );
  // With them, it asks, then extends by 30 days: no longer expiring.
  loaded.loot[LootId.CrystallizedMana] = 5;
  markDirty(loaded, Col.loot);
  await page.reload();
  await icon.getByRole("button", { name: "Extend" }).click();
  await page
    .getByRole("dialog", { name: "Extend Quality of Life" })
    .getByRole("button", { name: "Extend" })
    .click();
  await expect(toast(page, /^Quality of Life extended until /)).toBeVisible();
  await expect(icon).toHaveCount(0);
  await context.close();
});
