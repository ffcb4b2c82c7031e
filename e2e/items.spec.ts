import { expect, type Locator, type Page, test } from "./fixtures";
import { createAccount, DESKTOP, fullNumber, nav, shoot, uniqueName } from "./support";

/**
 * Items and progression: a new mage battles until items drop, reads an item tooltip, equips
 * an item and sees Total Spellpower rise, buys a research level, infuses the item and
 * disenchants one with the confirmation. Runs against the real server (TICK_MS=700) on a
 * fresh database, with ITEM_DROP_RATE=40: about one won battle in five drops an item.
 */

/** One drop takes ~3.5 s on average at 700 ms a battle; allow for bad luck. */
const DROP_TIMEOUT = 2 * 60_000;
/** Boosts that raise Total Spellpower on any item: intellect (3) and spellpower (8). */
const SPELLPOWER_BOOSTS = ["3", "8"];

/** The value cell of a stat row of the left status panel ("Total Spellpower"). */
function statValue(page: Page, label: string): Locator {
  return page
    .getByRole("complementary", { name: "Status" })
    .getByText(label, { exact: true })
    .locator("xpath=ancestor::div[1]");
}

/** Keeps the mage fighting: refreshes actions before they run out. */
async function keepActing(page: Page): Promise<void> {
  const actions = page.getByTestId("actions-count");
  if ((await actions.count()) === 0) return;
  if ((await fullNumber(actions)) < 50) await actions.click();
}

/** Ids (and boosts) of the unequipped items the inventory list shows. */
async function listedItems(page: Page): Promise<{ id: number; boosts: string[] }[]> {
  return page.getByTestId("inventory-item").evaluateAll((rows) =>
    rows.map((row) => ({
      id: Number(row.getAttribute("data-item-id")),
      boosts: (row.getAttribute("data-boosts") ?? "").split(",").filter(Boolean),
    })),
  );
}

/**
 * Rests the pointer on `trigger` and reads the item card its tooltip shows ("" when none shows
 * within a few seconds: the caller polls). Every wait is bounded, so a poll never hangs on a
 * tooltip that did not open (the 700 ms delay and the card's chunk can be slow under load).
 */
async function hoveredCardText(trigger: Locator, tooltip: Locator): Promise<string> {
  await trigger.hover({ timeout: 5000 }).catch(() => {});
  const card = tooltip.getByTestId("item-card").first();
  const shown = await card.waitFor({ timeout: 4000 }).then(
    () => true,
    () => false,
  );
  if (!shown) return "";
  return (await card.textContent({ timeout: 1000 }).catch(() => "")) ?? "";
}

test.use({ viewport: DESKTOP });

test("a mage finds, equips, researches, infuses and disenchants", async ({ page }) => {
  test.setTimeout(DROP_TIMEOUT * 2 + 5 * 60_000);
  const name = uniqueName("Item");

  await createAccount(page, name);
  await expect(page.getByTestId("player-name")).toHaveText(name);
  await expect(page.getByTestId("battle-outcome")).toHaveText("You won!");

  // Nothing is equipped yet.
  await nav(page, "Inventory").click();
  await expect(page.getByTestId("nothing-equipped")).toHaveText(
    "You don't have any items equipped.",
  );
  // Disenchanting with nothing to take: the preview says so and Confirm stays off. The mage is
  // already fighting and may have found items, so new drops up to Rare turn into dust at once
  // (auto-disenchant) and the ones found so far are disenchanted first.
  const autoDisenchant = page.getByTestId("auto-disenchant");
  const bulkRarity = page.getByLabel("Rarity to disenchant");
  await autoDisenchant.selectOption("3");
  await bulkRarity.selectOption("3");
  const empty = page.getByRole("dialog");
  await page.getByRole("button", { name: "Disenchant…" }).click();
  // "Disenchant", or "Disenchant 2" when the preview lists several items.
  const confirm = empty.getByRole("button", { name: /^Disenchant( \d+)?$/ });
  const preview = empty.getByTestId("disenchant-preview");
  await expect(empty.getByText("Nothing to disenchant.").or(preview)).toBeVisible();
  if (await preview.isVisible()) {
    await confirm.click();
    await expect(empty).toBeHidden();
    await page.getByRole("button", { name: "Disenchant…" }).click();
  }
  await expect(empty).toContainText("Nothing to disenchant.");
  await expect(confirm).toBeDisabled();
  await empty.getByRole("button", { name: "Cancel" }).click();
  await expect(empty).toBeHidden();
  await autoDisenchant.selectOption("0"); // items are kept again from here on
  await bulkRarity.selectOption("1");

  // Battle until an item drops: it shows in the loot tracker with its tooltip.
  const tracked = page.getByTestId("tracker-item");
  await expect
    .poll(
      async () => {
        await keepActing(page);
        return tracked.count();
      },
      { timeout: DROP_TIMEOUT, intervals: [3000] },
    )
    .toBeGreaterThan(0);
  // Resting the pointer on the tracker holds it still, then the item's tooltip opens. A loot
  // name's market tooltip may open on the way (the pointer crosses its row), and a line can
  // arrive before the pointer rests: each round reads the first item line and hovers it again
  // until the tooltip shows that very item.
  const log = page.getByRole("log", { name: "Loot received" });
  await log.hover({ position: { x: 20, y: 8 } });
  const tooltip = page.getByRole("tooltip");
  await expect
    .poll(
      async () => {
        // A loot name's tooltip left open can cover the item line (its hover is then refused):
        // the pointer first rests low in the log, which keeps it still and closes that tooltip.
        const box = await log.boundingBox();
        if (box) {
          await log.hover({ position: { x: 20, y: box.height - 6 } }).catch(() => {});
          await tooltip.waitFor({ state: "hidden", timeout: 2000 }).catch(() => {});
        }
        const first = tracked.first();
        const droppedName = (
          (await first.textContent({ timeout: 1000 }).catch(() => "")) ?? ""
        ).trim();
        const card = await hoveredCardText(first, tooltip);
        return droppedName !== "" && card.includes(droppedName);
      },
      { timeout: 30_000 },
    )
    .toBe(true);
  await expect(tooltip).toContainText("Quality");
  await expect(tooltip).toContainText("Level");
  await page.mouse.move(0, 0);
  await expect(tooltip).toBeHidden();

  // The inventory lists it; wait (battling on) for an item that carries spellpower or intellect.
  let target: { id: number; boosts: string[] } | undefined;
  await expect
    .poll(
      async () => {
        await keepActing(page);
        target = (await listedItems(page)).find((item) =>
          item.boosts.some((b) => SPELLPOWER_BOOSTS.includes(b)),
        );
        return target !== undefined;
      },
      { timeout: DROP_TIMEOUT, intervals: [3000] },
    )
    .toBe(true);
  const id = target!.id;
  // A search that matches nothing says so; clearing it brings the items back.
  const search = page.getByPlaceholder("Search by name");
  await search.fill("no item is called this");
  await expect(page.getByTestId("no-items")).toHaveText("No items found.");
  await search.fill("");
  await expect(page.getByTestId("inventory-item").first()).toBeVisible();
  const row = page.locator(`[data-testid="inventory-item"][data-item-id="${id}"]`);
  const itemName = (await row.getByRole("button").nth(1).textContent())?.trim() ?? "";

  // Its tooltip in the inventory shows the item. Drops keep arriving and can move the row
  // out from under the pointer (another item's tooltip opens): hover it again until it shows.
  await expect
    .poll(
      async () => {
        return hoveredCardText(row.getByRole("button", { name: itemName, exact: true }), tooltip);
      },
      { timeout: 15_000 },
    )
    .toContain(itemName);
  await shoot(page, "items-tooltip", row);
  await page.mouse.move(0, 0);
  await shoot(page, "items-inventory");

  // Equip it: Total Spellpower in the left panel rises.
  const spellpower = statValue(page, "Total Spellpower");
  const equip = row.getByRole("button", { name: "Equip", exact: true });
  await expect(equip).toBeEnabled({ timeout: 120_000 }); // the level requirement may need a level-up
  const before = await fullNumber(spellpower);
  await equip.click();
  await expect(row).toHaveCount(0);
  await expect(page.getByTestId("nothing-equipped")).toHaveCount(0);
  await expect(
    page.getByRole("button", { name: `Unequip ${itemName}`, exact: true }),
  ).toBeVisible();
  await expect.poll(() => fullNumber(spellpower)).toBeGreaterThan(before);

  // Research: buy one level of Base Spellpower; the tab is remembered.
  await nav(page, "Research").click();
  await page.getByRole("tab", { name: "Base Power" }).click();
  const research = page.getByTestId("research-1");
  await expect(research.getByTestId("research-level")).toHaveText("0");
  await research.getByRole("button", { name: "Buy" }).click();
  const dialog = page.getByRole("dialog");
  const amount = dialog.getByLabel("Levels to buy");
  await amount.fill("0");
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await amount.fill("lots");
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeDisabled();
  await amount.fill("1");
  await expect(dialog.getByRole("button", { name: "Confirm" })).toBeEnabled();
  await shoot(page, "items-research-buy");
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
  await expect(research.getByTestId("research-level")).toHaveText("1");
  // A codex reset with no codex research: the preview says so and Reset stays off.
  await page.getByRole("tab", { name: "Codex" }).click();
  await page.getByRole("button", { name: "Reset codex…" }).click();
  await expect(dialog).toContainText("You have no codex research to reset.");
  await expect(dialog.getByRole("button", { name: "Reset", exact: true })).toBeDisabled();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole("tab", { name: "Combat Skills" }).click();
  await page.reload();
  await expect(page.getByRole("tab", { name: "Combat Skills" })).toHaveAttribute(
    "aria-selected",
    "true",
  );
  await shoot(page, "items-research");

  // Infuse the equipped item to tier 1 after the 'Confirm upgrade' dialog.
  await page.goto(`/inventory/${id}/upgrade`);
  await expect(page.getByTestId("infusion-tier")).toHaveText("0");
  await expect(page.getByTestId("roll-percentile").first()).toBeVisible();
  const infusion = page.getByTestId("infusion");
  await infusion.getByRole("button", { name: "Infuse", exact: true }).click();
  await expect(dialog).toContainText("Confirm upgrade");
  await dialog.getByRole("button", { name: "Infuse" }).click();
  await expect(page.getByTestId("infusion-tier")).toHaveText("1");
  await shoot(page, "items-upgrade");

  // An unknown item id.
  await page.goto("/inventory/999999999/upgrade");
  await expect(page.getByRole("alert")).toContainText("Item not found");

  // Disenchant one item after the preview and the confirmation. Without another item, take off
  // the equipped one first.
  await nav(page, "Inventory").click();
  await expect(page.getByTestId("inventory-page")).toBeVisible();
  if ((await listedItems(page)).length === 0) {
    await page.getByRole("button", { name: `Unequip ${itemName}`, exact: true }).click();
    await expect(page.getByTestId("inventory-item")).not.toHaveCount(0);
  }
  const victim = page.getByTestId("inventory-item").first();
  const victimId = await victim.getAttribute("data-item-id");
  await victim.getByRole("button", { name: /^Disenchant / }).click();
  await expect(dialog.getByTestId("disenchant-preview")).toBeVisible();
  await expect(dialog).toContainText("Mana Dust");
  await shoot(page, "items-disenchant");
  await dialog.getByRole("button", { name: "Disenchant", exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(
    page.locator(`[data-testid="inventory-item"][data-item-id="${victimId}"]`),
  ).toHaveCount(0);

  // Sigils: the four sigils and the next level's cost.
  await page.goto("/sigils");
  for (const sigil of ["purpose", "distillation", "vitality", "growth"]) {
    await expect(page.getByTestId(`sigil-${sigil}`)).toBeVisible();
  }
  await expect(page.getByTestId("sigil-level")).toHaveText("0");
  await shoot(page, "items-sigils");
});
