import { expect, test } from "./fixtures";
import { createAccount, nav, shoot, uniqueName } from "./support";

/**
 * Equipment sets on /inventory against the real server: a player names a set, updates it
 * (after the confirmation), equips it and deletes it (after the confirmation); a duplicate
 * name is refused before anything is sent.
 */
test("a player creates, updates, equips and deletes an equipment set", async ({ page }) => {
  const name = uniqueName("Sets");
  await createAccount(page, name);
  await expect(page.getByTestId("player-name")).toHaveText(name);
  await nav(page, "Inventory").click();

  const panel = page.locator("section", {
    has: page.getByRole("heading", { name: "Equipment Sets" }),
  });
  await expect(panel).toContainText("No sets yet.");
  await panel.getByPlaceholder("New set name").fill("Grove run");
  await panel.getByRole("button", { name: "Create set" }).click();
  const row = panel.getByRole("listitem").filter({ hasText: "Grove run" });
  await expect(row).toContainText("Active");
  await expect(panel).toContainText("1 / ");

  // The same name again is refused in the form.
  await panel.getByPlaceholder("New set name").fill("grove run");
  await expect(panel.getByRole("button", { name: "Create set" })).toBeDisabled();
  await panel.getByPlaceholder("New set name").fill("");

  // Update asks first; Cancel changes nothing, Update saves.
  await row.getByRole("button", { name: "Update" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(
    "Replace the items and sigil of Grove run with what you wear now?",
  );
  await shoot(page, "equipment-sets-update");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await row.getByRole("button", { name: "Update" }).click();
  await dialog.getByRole("button", { name: "Update" }).click();
  await expect(dialog).toBeHidden();

  await row.getByRole("button", { name: "Equip" }).click();
  await expect(row).toContainText("Active");

  // Delete asks first, then the set is gone (after a reload too).
  await row.getByRole("button", { name: "Delete Grove run" }).click();
  await expect(dialog).toContainText("Delete the set Grove run?");
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(panel).toContainText("No sets yet.");
  await page.reload();
  await expect(page.getByTestId("player-name")).toHaveText(name);
  await expect(panel).toContainText("No sets yet.");
});
