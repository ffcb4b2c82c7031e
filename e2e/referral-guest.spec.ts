import { sql } from "drizzle-orm";
import { resultRows } from "../apps/server/src/db/runner";
import { expect, test } from "./fixtures";
import { type OwnWorld, startOwnWorld } from "./own-world";
import { PASSWORD, uniqueName } from "./support";

/**
 * Issue 31: a guest who came by a referral link (`/login?ref=<player id>`) lost the referral
 * when the mage was later kept. The guest's account records the referrer, and keeping the mage
 * with a name and password keeps it.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("referral-guest");
});

test.afterAll(async () => {
  await world?.stop();
});

async function accountOf(name: string) {
  const [row] = resultRows<{
    id: string | number;
    referrer_id: string | number | null;
    guest: boolean;
  }>(
    await world.server.database.db.execute(sql`
      select p.id, a.referrer_id, a.guest from players p join accounts a on a.id = p.account_id
      where lower(p.name) = ${name.toLowerCase()}`),
  );
  if (!row) throw new Error(`no player ${name}`);
  return {
    id: Number(row.id),
    referrer: row.referrer_id === null ? null : Number(row.referrer_id),
    guest: row.guest,
  };
}

test("a guest from a ?ref= link keeps the referral when the mage is kept", async ({ browser }) => {
  const inviter = uniqueName("Inviter");
  await world.signUp(inviter);
  const { id: inviterId } = await accountOf(inviter);

  const context = await browser.newContext({
    viewport: { width: 1366, height: 850 },
    baseURL: world.server.url,
    serviceWorkers: "block",
  });
  const page = await context.newPage();
  await page.goto(`/login?ref=${inviterId}`);
  await page.getByRole("button", { name: "Play as guest" }).click();
  const keep = page.getByRole("link", { name: "Guest account: keep your mage" });
  await expect(keep).toBeVisible();
  const guestName = (await page.getByTestId("player-name").textContent()) ?? "";
  expect(guestName).toMatch(/^Guest_/);
  expect(await accountOf(guestName)).toMatchObject({ referrer: inviterId, guest: true });

  await keep.click();
  const section = page.getByTestId("identities");
  const kept = uniqueName("Kept");
  await section.getByLabel("New name").fill(kept);
  await section.getByLabel("Password").fill(PASSWORD);
  await section.getByRole("button", { name: "Keep my mage" }).click();
  await expect(page.getByText(`Your mage is yours to keep: sign in as ${kept}`)).toBeVisible();
  expect(await accountOf(kept)).toMatchObject({ referrer: inviterId, guest: false });
  await context.close();
});
