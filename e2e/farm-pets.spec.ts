import { LootId } from "@manaspire/game";
import { setLoot } from "../apps/server/test/support/players";
import { expect, type Locator, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { shootAt, toast, uniqueName } from "./support";

/**
 * Farm, potions and pets in Chromium (issue 11), on the spec's own world where herbs grow
 * many hours a second: collect the farm, brew and drink a potion and see its status icon,
 * quick brew's empty rule, unlock and activate a pet (the spec hands the player its Eggs) and
 * see it in the battle view.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("farm", { FARM_GROWTH_RATE: "20000" });
});

test.afterAll(async () => {
  await world?.stop();
});

/** The number a locator shows (the full number behind an abbreviated <Num> when there is one). */
async function numberIn(locator: Locator): Promise<number> {
  const full = locator.locator("[title]");
  const text =
    (await full.count()) > 0
      ? await full.first().getAttribute("title")
      : await locator.textContent();
  return Number((text ?? "").replace(/[^0-9.-]/g, ""));
}

test("collect herbs, brew and drink a potion, unlock and activate a pet", async ({ browser }) => {
  test.setTimeout(240_000);
  const name = uniqueName("Farmr");
  const { context, page, loaded } = await openAs(world, browser, name, "/");

  // Quick brew with an empty brewing section: the spec's toast, then /farm.
  await page.getByTestId("status-rebrew").click();
  await expect(toast(page, "Fill in the amounts in the brewing section first.")).toBeVisible();
  await expect(page).toHaveURL(/\/farm\?tab=potions$/);

  // The farm: about 5.5 hours pass in a second here. Collectable after 3, fully grown after 24
  // (the shell's farm icon shows then).
  await page.getByRole("tab", { name: "Farm", exact: true }).click();
  const collect = page.getByRole("button", { name: "Collect" });
  await expect(collect).toBeEnabled();
  await expect(page.getByRole("heading", { name: "Fully grown" })).toBeVisible();
  await expect(page.getByTestId("status-farm")).toBeVisible();
  await expect(page.getByTestId("farm-herbs")).toHaveText("60");
  await collect.click();
  await expect(toast(page, /^Collected .* Mana Dust of upkeep\./)).toBeVisible();
  await expect(page.getByTestId("farm-last-harvest")).toContainText("Last harvest");
  await expect(page.getByTestId("status-farm")).toBeHidden();
  for (const id of [39, 40, 41]) {
    await expect.poll(() => numberIn(page.getByTestId(`herb-${id}`))).toBeGreaterThanOrEqual(20);
  }
  await shootAt(page, "farm-collected", undefined, page.getByTestId("farm-status"));

  // Brew a Wisdom potion (we are battling) and drink it: its icon shows in the status panel.
  await page.getByRole("tab", { name: "Potions" }).click();
  const wisdom = page.getByTestId("brew-120");
  await wisdom.getByLabel(/^Tier/).fill("1");
  await wisdom.getByLabel(/^Amount/).fill("2");
  await wisdom.getByRole("button", { name: "Brew Wisdom" }).click();
  await expect(toast(page, "Brewed 2 Wisdom potions of tier 1.")).toBeVisible();
  const belt = page.getByTestId("belt-120");
  await expect(belt).toContainText("2 × Wisdom");
  await belt.getByRole("button", { name: "Drink" }).click();
  await expect(toast(page, "You drank a Wisdom potion of tier 1.")).toBeVisible();
  await expect(page.getByTestId("active-potions")).toContainText("+5% battle experience");
  const icon = page.getByTestId("status-potion-120");
  await expect(icon).toBeVisible();
  await expect(icon).toHaveAttribute("aria-label", /Wisdom potion, \d+ ticks left/);
  // Quick brew now brews the section's amounts again (Wisdom, as we battle).
  await page.getByTestId("status-rebrew").click();
  await expect(belt).toContainText("3 × Wisdom");
  await shootAt(page, "farm-potions", undefined, page.getByTestId("active-potions"));

  // Pets: the player is handed 30 Eggs; unlock the Golem, then activate it from its menu.
  await page.getByRole("link", { name: "Pets", exact: true }).first().click();
  await expect(page.getByRole("heading", { name: "Pets", exact: true })).toBeVisible();
  await expect(page.getByText("You have no pets.")).toBeVisible();
  await expect(page.getByText("You have no inactive pets")).toBeVisible();
  setLoot(loaded, LootId.Egg, 30);
  await page.reload();
  await expect.poll(() => numberIn(page.getByTestId("egg-count"))).toBeGreaterThanOrEqual(1);
  await page.getByRole("button", { name: "Unlock Golem (1 Egg)" }).click();
  await expect(toast(page, "Golem joined you!")).toBeVisible();
  const inactive = page.getByRole("list", { name: "Inactive pets" });
  await expect(inactive.getByTestId("pet-3")).toContainText("Level 0");
  await inactive.getByRole("button", { name: "Golem menu" }).click();
  await page.getByRole("menuitem", { name: "Activate" }).click();
  await expect(toast(page, "Golem is active.")).toBeVisible();
  const active = page.getByRole("list", { name: "Active Combat pets" });
  await expect(active.getByTestId("pet-3")).toBeVisible();
  await expect(page.getByText("You have no inactive pets")).toBeVisible();
  // Rename it from the menu.
  await active.getByRole("button", { name: "Golem menu" }).click();
  await page.getByRole("menuitem", { name: "Rename" }).click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Name").fill("Rocky");
  await dialog.getByRole("button", { name: "OK" }).click();
  await expect(active.getByTestId("pet-name")).toHaveText("Rocky");
  // Feed it 25 Eggs (2.5M experience): level 1, which nullifies the first 5 enemy attacks.
  await expect.poll(() => numberIn(page.getByTestId("egg-count"))).toBeGreaterThanOrEqual(25);
  await active.getByRole("button", { name: "Rocky menu" }).click();
  await page.getByRole("menuitem", { name: "Feed" }).click();
  await page.getByRole("dialog").getByLabel("Eggs", { exact: true }).fill("25");
  await page.getByRole("dialog").getByRole("button", { name: "OK" }).click();
  await expect(toast(page, "Rocky ate 25 Eggs and reached level 1!")).toBeVisible();
  await expect(active.getByTestId("pet-level")).toHaveText("Level 1");
  await expect(active.getByTestId("pet-3")).toContainText("Nullifies the first 5 enemy attacks.");
  await shootAt(
    page,
    "pets",
    undefined,
    page.getByRole("heading", { name: "Active Pets", exact: true }),
  );

  // The battle view shows the active pet.
  await page.goto("/");
  const pets = page.getByTestId("active-pets");
  await expect(pets).toContainText("Rocky");
  await expect(pets).toContainText("Immunity");
  await expect(page.getByTestId("battle-view")).toBeVisible();
  // Its effect in the battle result: the enemy's first attacks did nothing.
  await expect(page.getByTestId("battle-view")).toContainText("Nullified Attacks", {
    timeout: 20_000,
  });
  await shootAt(page, "battle-with-pet", undefined, pets);

  // The profile counts the potions brewed: two, then two more by quick brew.
  await page.goto("/profile");
  const brewed = page
    .locator("dl > div")
    .filter({ has: page.getByText("Potions Brewed", { exact: true }) })
    .locator("dd");
  await expect(brewed).toHaveText("4");
  await shootAt(page, "profile-potions-brewed", undefined, brewed);
  await context.close();
});
