import { boardByKey } from "@manaspire/game";
import { sql } from "drizzle-orm";
import { resultRows } from "../apps/server/src/db/runner";
import { expect, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { shootAt, uniqueName } from "./support";

/**
 * Rankings → Find a player (issue 31): "bob" used to find only a player named exactly bob. Now
 * any case and the start of a name match: several names are offered to pick from, one opens
 * the page holding that player, and "_" is an underscore, not a wildcard.
 */

let world: OwnWorld;

test.beforeAll(async () => {
  world = await startOwnWorld("rankings-find");
});

test.afterAll(async () => {
  await world?.stop();
});

const LETTERS = "abcdefghijklmnopqrstuvwxyz";

/** Letters no other player's name begins with. */
function stem(): string {
  let out = "Q";
  for (let i = 0; i < 7; i++) out += LETTERS[Math.floor(Math.random() * LETTERS.length)];
  return out;
}

/** Players with these names, on the Battle board (as their first battles would put them). */
async function onBattleBoard(names: string[]): Promise<void> {
  const db = world.server.database.db;
  for (const name of names) {
    await world.signUp(name);
    await db.execute(sql`
      insert into leaderboard_scores (player_id, board, key)
      select id, ${boardByKey("battle")!.id}, -1 from players where name = ${name}
      on conflict do nothing`);
  }
  const [row] = resultRows<{ n: string | number }>(
    await db.execute(sql`
      select count(*) as n from leaderboard_scores s join players p on p.id = s.player_id
      where s.board = ${boardByKey("battle")!.id} and p.name in (${sql.join(
        names.map((n) => sql`${n}`),
        sql`, `,
      )})`),
  );
  expect(Number(row?.n)).toBe(names.length);
}

test("Find a player matches the start of a name in any case and offers the matches", async ({
  browser,
}) => {
  const Stem = stem();
  const two = `${Stem}_Two`;
  const three = `${Stem}_Three`;
  const other = `${Stem}ly`;
  await onBattleBoard([two, three, other]);
  const { context, page } = await openAs(world, browser, uniqueName("Finder"), "/rankings");
  const box = page.getByLabel("Find a player");
  const searchFor = async (text: string) => {
    await box.fill(text);
    await page.getByRole("button", { name: "Search", exact: true }).click();
  };
  const found = page.getByTestId("find-matches");

  // The start of a name, lower case: all three are offered, in name order.
  await searchFor(Stem.toLowerCase());
  await expect(found).toContainText(`Names beginning with “${Stem.toLowerCase()}”`);
  await expect(found.getByRole("button", { name: /^Q/ })).toHaveText([three, two, other]);
  await shootAt(
    page,
    "rankings-find-matches",
    [
      { width: 1366, height: 850 },
      { width: 390, height: 844 },
    ],
    found,
  );

  // Picking one opens the page holding it, its row marked.
  await found.getByRole("button", { name: two, exact: true }).click();
  await expect(found).toHaveCount(0);
  const row = page.getByTestId("rankings-row").filter({ hasText: two });
  await expect(row).toBeVisible();
  await expect(row).toHaveClass(/bg-primary/);

  // "_" is an underscore: only the two names with one after the stem.
  await searchFor(`${Stem.toLowerCase()}_`);
  await expect(found.getByRole("button", { name: /^Q/ })).toHaveText([three, two]);

  // The only match opens its page at once.
  await searchFor(`${Stem.toUpperCase()}_TH`);
  await expect(found).toHaveCount(0);
  await expect(page.getByTestId("rankings-row").filter({ hasText: three })).toHaveClass(
    /bg-primary/,
  );
  await shootAt(
    page,
    "rankings-find-opened",
    [
      { width: 1366, height: 850 },
      { width: 390, height: 844 },
    ],
    page.getByTestId("rankings-row").filter({ hasText: three }),
  );
  await context.close();
});
