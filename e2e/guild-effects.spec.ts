import { guildUpgradeCost, LootId } from "@manaspire/game";
import { sql } from "drizzle-orm";
import type { GameServer } from "../apps/server/src/server";
import { Col, markDirty } from "../apps/server/src/world/player-columns";
import { type Browser, expect, test } from "./fixtures";
import { type OwnWorld, startOwnWorld } from "./own-world";
import { shootAt, toast, uniqueName } from "./support";

/**
 * Guild effects in Chromium (issue 10): a leader buys Sleeping Quarters and the actions
 * counter grows at once; the guild's level and experience show on the guild screens and the
 * public guild page; the upgrades screen says what each level does now; one's own profile
 * shows the guild's lines. Its own in-process server, as e2e/guild.spec.ts, so the test can
 * hand the founder resources and the guild experience.
 */

let world: OwnWorld;
let server: GameServer;

test.beforeAll(async () => {
  world = await startOwnWorld("guildfx", { TICK_MS: "60000" });
  server = world.server;
});

test.afterAll(async () => {
  await world?.stop();
});

function signUp(name: string): Promise<string> {
  return world.signUp(name);
}

async function open(browser: Browser, name: string) {
  const token = await signUp(name);
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

test("upgrades and the guild level reach the member's screens", async ({ browser }) => {
  test.setTimeout(240_000);
  const founderName = uniqueName("Fxl");
  const visitorName = uniqueName("Vis");
  const guildName = `House of ${uniqueName("Mage").replace(/[^A-Za-z]/g, "")}`.slice(0, 30);
  const founder = await open(browser, founderName);
  const f = founder.page;

  const loaded = [...server.store.loaded.values()].find((x) => x.name === founderName);
  if (!loaded) throw new Error("founder not loaded");
  loaded.actionType = 0; // idle: the counters stay put for the screenshots
  const cost = guildUpgradeCost(7, 1) ?? {};
  for (const id of [LootId.Iron, LootId.Fish, LootId.Wood]) loaded.loot[id] = 1000;
  markDirty(loaded, Col.loot, Col.actionType);
  await f.goto("/guild/list");
  await f.getByPlaceholder("Guild name").fill(guildName);
  await f.getByRole("button", { name: "Create Guild" }).click();
  await expect(toast(f, `You founded ${guildName}.`)).toBeVisible();
  await expect(f).toHaveURL(/\/guild$/);
  const guildId = server.guilds.guildOf(loaded.id) ?? 0;

  // Funds for Sleeping Quarters 1, upgrades bought before, and 3.5 levels of experience.
  await server.database.db.execute(sql`
    update guilds set funds = ${JSON.stringify(cost)}::jsonb,
      upgrades = '{"3":4,"5":3,"6":2,"8":5}'::jsonb, total_upgrades = 14,
      experience = 800000
    where id = ${guildId}`);
  server.guilds.changed(guildId);
  const level = f.getByTestId("guild-level");
  await expect(level).toContainText("Guild level 3");
  await expect(level).toContainText("+1.5% resources, orbs, formulas and elementium");
  await expect(f.getByTestId("actions-count")).toContainText("/ 1000");

  await f.getByRole("link", { name: "Upgrades" }).click();
  const sleeping = f.getByTestId("guild-upgrade").filter({ hasText: "Sleeping Quarters" });
  await sleeping.getByRole("button", { name: "Buy" }).click();
  await f.getByRole("dialog").getByRole("button", { name: "Buy" }).click();
  await expect(toast(f, "Sleeping Quarters is now level 1.")).toBeVisible();
  // The max actions grow at once (the next tick spends from them).
  await expect(f.getByTestId("actions-count")).toContainText("/ 1010");
  await expect(sleeping.getByTestId("guild-upgrade-now")).toHaveText("Now: +1% max actions");
  await expect(
    f
      .getByTestId("guild-upgrade")
      .filter({ hasText: "Mana Conduit" })
      .getByTestId("guild-upgrade-now"),
  ).toHaveText("Now: −11.53% spell cost");
  await shootAt(f, "guild-effects-upgrades", undefined, sleeping);
  await f.getByRole("link", { name: "Roster" }).click();
  await shootAt(f, "guild-effects-roster");

  // One's own profile: the guild's lines, and the derived ones that include them.
  await f.goto("/profile");
  const stats = f.getByTestId("profile-stats");
  await expect(stats).toContainText("Guild Max Actions (Sleeping Quarters)");
  await expect(stats).toContainText("Guild Spell Cost (Mana Conduit)");
  await expect(stats).toContainText("1,010");
  await shootAt(f, "guild-effects-profile", undefined, stats.getByText("Codex Boosts"));

  // Research: the farm's buildings cost 5% less (Ethereal Refinery 5).
  await f.goto("/research");
  await f.getByRole("tab", { name: "Base Power" }).click();
  const golem = f.getByTestId("research-130");
  await expect(golem.getByTestId("research-guild-discount")).toHaveText(
    "Guild Ethereal Refinery: −5% cost",
  );
  await expect(golem).toContainText("47.5K");
  await expect(f.getByTestId("research-1").getByTestId("research-guild-discount")).toHaveCount(0);
  await shootAt(f, "guild-effects-research", undefined, golem);

  // The public guild page, seen by a player of no guild.
  const visitor = await open(browser, visitorName);
  const v = visitor.page;
  await v.goto(`/guild/list/${guildId}`);
  const pub = v.getByTestId("guild-level");
  await expect(pub).toContainText("Guild level 3");
  await expect(pub).toContainText("200K / 400K");
  await shootAt(v, "guild-effects-public");

  for (const c of [founder, visitor]) await c.context.close();
});
