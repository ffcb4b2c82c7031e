import { addEvent, moveEvent, RiftType } from "../apps/server/test/support/events";
import { giveItem } from "../apps/server/test/support/players";
import { seriousViolations } from "./axe";
import { expect, type Page, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { shootAt, uniqueName } from "./support";

/**
 * The world's events in Chromium, on the spec's own world where the spec opens, starts and ends
 * each rift itself (as the integration tests do) instead of waiting for the schedule: a player
 * equips an item, opens /event with the chat's /event command, joins the rift's queue (Leave
 * Queue asks first), fights the boss, sees the players table and the Event Points at the end,
 * then siphons the Rift of Power into the item and stops.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  // Events read every 300 ms, so a rift the spec moves shows within a tick or two.
  world = await startOwnWorld("events", {
    EVENT_POLL_MS: "300",
    ELEMENTAL_RIFT_BOSS_HEALTH: "800",
  });
});

test.afterAll(async () => {
  await world?.stop();
});

async function axe(page: Page, what: string): Promise<void> {
  const bad = await seriousViolations(page);
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

test("join an Elemental Rift, fight its boss, see the results; siphon a Rift of Power", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = uniqueName("Rifter");
  const { context, page, loaded } = await openAs(world, browser, name, "/inventory");
  const db = world.server.database.db;

  // An item to siphon into, handed over as a drop would be; equip it.
  giveItem(world.server, loaded, { slot: 1, rarity: 3, level: 1 });
  await page.reload();
  const equip = page
    .getByTestId("inventory-item")
    .getByRole("button", { name: "Equip", exact: true });
  await expect(equip.first()).toBeEnabled();
  await equip.first().click();
  await expect(page.getByRole("button", { name: /^Unequip / })).toBeVisible();

  // /event from the chat (the spec's slash command), between events: the next times.
  await page.getByTestId("chat-input").fill("/event");
  await page.getByTestId("chat-input").press("Enter");
  await expect(page).toHaveURL(/\/event$/);
  const joinQueue = page.getByRole("button", { name: "Join Queue" });
  const rift = page.getByTestId("rift-view");
  // An Elemental Rift's queue opens now; the rift would start in two minutes.
  const rift1 = await addEvent(db, RiftType.ElementalRift, {
    queueIn: -100,
    startsIn: 120_000,
    endsIn: 240_000,
  });
  await expect(joinQueue).toBeVisible();
  await joinQueue.click();
  await expect(page.getByTestId("rift-starting")).toHaveText(/^Starting in \d+ ticks$/);
  await expect(page.getByText(/Elemental Rift starting in \d+ ticks?/)).toBeVisible(); // banner
  await shootAt(page, "events-queue", undefined, page.getByTestId("rift-queue"));
  await page.getByRole("button", { name: "Leave Queue" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Leave the queue?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Leave Queue" })).toBeVisible();

  // The rift opens (now): the boss, the actions, the contribution and the buffs.
  await moveEvent(db, rift1, { startsIn: -100 });
  await expect(rift).toBeVisible();
  await expect(page.getByTestId("rift-boss")).toHaveText(/^Rift Guardian \d+$/);
  await expect(page.getByRole("button", { name: "Battle", pressed: true })).toBeVisible();
  await expect(page.getByTestId("rift-contribution")).toContainText(/damage \(/, {
    timeout: 10_000,
  });
  await expect(page.getByTestId("rift-buff-iron")).toContainText("Iron");
  await page.getByRole("button", { name: "Mine", exact: true }).click();
  await expect(page.getByRole("button", { name: "Mine", pressed: true })).toBeVisible();
  await page.getByRole("button", { name: "Battle", exact: true }).click();
  await expect(page.getByRole("button", { name: "Battle", pressed: true })).toBeVisible();
  await shootAt(page, "events-rift", undefined, page.getByTestId("rift-contribution"));
  await axe(page, "rift view");
  // The main view shows the rift too while the player is in it.
  await page.goto("/");
  await expect(page.getByTestId("rift-view")).toBeVisible();
  await page.goto("/event");
  await expect(page.getByTestId("rift-view")).toBeVisible(); // connected again
  await page.getByRole("button", { name: "View Players" }).click();
  const row = page.getByTestId("event-player-row").filter({ hasText: name });
  await expect(row).toBeVisible();
  await shootAt(page, "events-players", undefined, row);
  await page.getByRole("button", { name: "View Event" }).click();

  // The end (now): the between-events screen with the last rift's totals and the Event Points
  // (paid once the players' last contributions are saved and read, about 2 s).
  await moveEvent(db, rift1, { endsIn: -100 });
  const last = page.getByTestId("last-rift");
  await expect(last).toBeVisible();
  // When the next rift starts is known at once, not "Not scheduled yet" (issue 31).
  await expect(page.getByTestId("next-events")).toContainText(
    /Next Elemental Rift\s*\d{1,2}:\d{2}/i,
  );
  await expect(last.getByRole("button", { name: /Event Points/ })).toBeVisible();
  const points = last
    .getByTestId("event-player-row")
    .filter({ hasText: name })
    .locator("td")
    .last();
  await expect(points).toHaveText(/^[1-9]/);
  await shootAt(page, "events-results", undefined, last.getByTestId("event-player-row").first());

  // A Rift of Power follows (now): siphon (the first always succeeds) into the item, then stop.
  await addEvent(db, RiftType.RiftOfPower, { queueIn: -100, startsIn: -100, endsIn: 120_000 });
  const siphon = page.getByRole("button", { name: "Siphon", exact: true });
  await expect(siphon).toBeVisible();
  await siphon.click();
  await expect(page.getByTestId("siphon-result")).toContainText(
    /Success! An Orb of Power empowered/,
  );
  await expect(page.getByTestId("siphon-successes")).not.toHaveText("0");
  await expect(page.getByText(/Rift of Power: \d+ ticks? left/)).toBeVisible(); // banner
  await shootAt(page, "events-siphon", undefined, page.getByTestId("siphon-result"));
  await page.getByRole("button", { name: "Stop siphoning" }).click();
  await expect(siphon).toBeVisible();

  // The profile counts the rifts' actions (a fight, mining, siphons) as event actions, and
  // this mage never gathered outside them (issue 31).
  await page.goto("/profile");
  const fact = (label: string) =>
    page
      .locator("dl > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(fact("Gather Actions")).toHaveText("0");
  await expect(fact("Event Actions")).toHaveText(/^[1-9]/);
  await shootAt(page, "events-profile", undefined, fact("Event Actions"));
  await context.close();
});
