import { Col, markDirty } from "../apps/server/src/world/player-columns";
import { addEvent, RiftType } from "../apps/server/test/support/events";
import { expect, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { shootAt, uniqueName } from "./support";

/**
 * Issue 31: a mage with no actions left who siphons a Rift of Power saw "SUCCESSES 0" and no
 * word why nothing happened. The siphon view says the mage is out of actions and offers
 * Refresh actions.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("siphon-actions", { EVENT_POLL_MS: "300" });
});

test.afterAll(async () => {
  await world?.stop();
});

test("siphoning with no actions left says the mage is out of actions", async ({ browser }) => {
  const name = uniqueName("Drained");
  const { context, page, loaded } = await openAs(world, browser, name, "/event");
  await addEvent(world.server.database.db, RiftType.RiftOfPower, {
    queueIn: -100,
    startsIn: -100,
    endsIn: 120_000,
  });
  const siphon = page.getByRole("button", { name: "Siphon", exact: true });
  await expect(siphon).toBeVisible();
  // With actions the view says nothing of them.
  await expect(page.getByTestId("out-of-actions")).toHaveCount(0);

  // The mage spends its last action (as a long day would), saved so that whichever copy of
  // the player the reloaded page meets has none; the page reads it anew.
  loaded.actions = 0;
  markDirty(loaded, Col.actions);
  await world.server.store.flush();
  await page.reload();
  await expect(page.getByRole("button", { name: /^Actions 0 \// }).first()).toBeVisible();
  await expect(siphon).toBeVisible();
  await siphon.click();
  await expect(page.getByRole("button", { name: "Stop siphoning" })).toBeVisible();
  await expect(page.getByTestId("siphon-successes")).toHaveText("0");
  const out = page.getByTestId("siphon-view").getByTestId("out-of-actions");
  await expect(out).toContainText(
    /Your mage is out of actions \(0 \/ \d+\): nothing is siphoned until you refresh them\./,
  );
  await expect(out.getByRole("button", { name: "Refresh actions" })).toBeVisible();
  await shootAt(page, "siphon-out-of-actions", [
    { width: 1366, height: 850 },
    { width: 390, height: 844 },
  ]);
  await context.close();
});
