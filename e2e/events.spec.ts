import { expect, type Page, test } from "@playwright/test";
import { seriousViolations } from "./axe";
import { EVENTS_WORLD_URL, PASSWORD, shootAt, uniqueName } from "./support";

/**
 * The world's events in Chromium, on the events spec's own world (an Elemental Rift's queue
 * every 64 s, 8 s of queue and 22 s of rift, then a 22 s Rift of Power 8 s later): a player equips an
 * item, opens /event with the chat's /event command, joins the rift's queue (Leave Queue asks
 * first), fights the boss, sees the players table and the Event Points at the end, then
 * siphons the Rift of Power into the item and stops.
 */
test.use({ baseURL: EVENTS_WORLD_URL });

async function axe(page: Page, what: string): Promise<void> {
  const bad = await seriousViolations(page);
  expect(bad.map((v) => `${what}: ${v.id} ${v.nodes.map((n) => n.target).join(" ")}`)).toEqual([]);
}

test("join an Elemental Rift, fight its boss, see the results; siphon a Rift of Power", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const name = uniqueName("Rifter");
  const res = await request.post("/api/auth/register", {
    data: { username: name, password: PASSWORD },
  });
  const { token } = (await res.json()) as { token: string };
  await page.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  await page.setViewportSize({ width: 1366, height: 850 });

  // An item to siphon into: battles here drop items often; equip the first one that fits.
  await page.goto("/inventory");
  await expect(page.getByTestId("player-name")).toHaveText(name);
  const equip = page
    .getByTestId("inventory-item")
    .getByRole("button", { name: "Equip", exact: true });
  await expect(equip.first()).toBeEnabled({ timeout: 60_000 });
  await equip.first().click();
  await expect(page.getByRole("button", { name: /^Unequip / })).toBeVisible();

  // /event from the chat (the spec's slash command), between events: the next times.
  await page.getByTestId("chat-input").fill("/event");
  await page.getByTestId("chat-input").press("Enter");
  await expect(page).toHaveURL(/\/event$/);
  const joinQueue = page.getByRole("button", { name: "Join Queue" });
  const rift = page.getByTestId("rift-view");
  // The queue opens every 64 s (a rift may be on when we arrive: wait for the next queue).
  await expect(joinQueue).toBeVisible({ timeout: 90_000 });
  await joinQueue.click();
  await expect(page.getByTestId("rift-starting")).toHaveText(/^Starting in \d+ ticks$/);
  await expect(page.getByText(/Elemental Rift starting in \d+ ticks?/)).toBeVisible(); // banner
  await shootAt(page, "events-queue", undefined, page.getByTestId("rift-queue"));
  await page.getByRole("button", { name: "Leave Queue" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText("Leave the queue?");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("button", { name: "Leave Queue" })).toBeVisible();

  // The rift opens: the boss, the actions, the contribution and the buffs.
  await expect(rift).toBeVisible({ timeout: 20_000 });
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

  // The end: the between-events screen with the last rift's totals and the Event Points.
  const last = page.getByTestId("last-rift");
  await expect(last).toBeVisible({ timeout: 30_000 });
  // When the next rift starts is known at once, not "Not scheduled yet" (issue 31).
  await expect(page.getByTestId("next-events")).toContainText(
    /Next Elemental Rift\s*\d{1,2}:\d{2}/i,
  );
  await expect(last.getByRole("button", { name: /Event Points/ })).toBeVisible({ timeout: 15_000 });
  const points = last
    .getByTestId("event-player-row")
    .filter({ hasText: name })
    .locator("td")
    .last();
  await expect(points).toHaveText(/^[1-9]/);
  await shootAt(page, "events-results", undefined, last.getByTestId("event-player-row").first());

  // The Rift of Power follows: siphon (the first always succeeds) into the item, then stop.
  const siphon = page.getByRole("button", { name: "Siphon", exact: true });
  await expect(siphon).toBeVisible({ timeout: 30_000 });
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
});
