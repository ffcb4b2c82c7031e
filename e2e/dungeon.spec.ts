import { doorToward, LootId, Occupant, RoomFlag, runFlags, withOccupant } from "@manaspire/game";
import type { GameServer } from "../apps/server/src/server";
import { mapOf } from "../apps/server/src/world/dungeon-run-view";
import { Col, markDirty } from "../apps/server/src/world/player-columns";
import { expectAxeClean } from "./axe";
import { SIDES, standBeside } from "./dungeon-support";
import { expect, test } from "./fixtures";
import { type OwnWorld, openAs, startOwnWorld } from "./own-world";
import { DESKTOP, PHONE, shootAt, toast, uniqueName } from "./support";

/**
 * Dungeons in Chromium: the hub (buy an upgrade, choose an idle size, unlock a dungeon) and a
 * small dungeon by hand (move with the keyboard and a click, open a chest, leave through the
 * exit). Dungeon Points and Mana Dust take hours to earn: this spec runs its own world
 * (own-world.ts) and hands the player them in memory; it also walks the player
 * next to a chest and to the exit in memory (the moves in between are the server's own).
 */

let world: OwnWorld;
let server: GameServer;

test.beforeAll(async () => {
  world = await startOwnWorld("dungeon", { TICK_MS: "60000" });
  server = world.server;
});

test.afterAll(async () => {
  await world?.stop();
});

test("the dungeon hub, then a small dungeon by hand", async ({ browser }) => {
  test.setTimeout(240_000);
  const {
    context,
    page,
    loaded: p,
  } = await openAs(world, browser, uniqueName("Delv"), "/dungeon-shop");
  p.loot[LootId.DungeonPoints] = 300;
  p.loot[LootId.ManaDust] = 5000;
  markDirty(p, Col.loot);
  server.sessions.send(p.id, "playerUpdate", { patch: { loot: { ...p.loot } } });

  // Choose an idle size: nothing unlocked yet, so it is finished at once (quote, unlock prompt).
  await page.getByTestId("idle-size-1").click();
  await expect(page.getByTestId("idle-size-1")).toHaveAttribute("aria-checked", "true");
  await expect(toast(page, "Idle dungeon size: Small.")).toBeVisible();
  await expect(page.getByTestId("dungeon-finished-quote")).toBeVisible();
  await expect(page.getByTestId("status-dungeon-unlock")).toBeVisible();

  // Buy a Swiftness level with Dungeon Points ('Confirm upgrade').
  const swiftness = page.getByTestId("research-143");
  await swiftness.getByRole("button", { name: "Buy" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm upgrade" });
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(swiftness.getByTestId("research-level")).toContainText("1");
  expect(p.boosts[143]).toBe(1);
  expect(p.loot[LootId.DungeonPoints]).toBe(275);

  // Unlock one dungeon with Mana Dust: the idle dungeon runs (0 / 1,200 ticks). The button
  // has a border like the others, so it does not read as text (issue 31).
  const unlock = page.getByTestId("dungeon-unlock");
  await expect(unlock).toHaveCSS("border-top-width", /^[1-9]/);
  await expect(unlock).not.toHaveCSS(
    "border-top-color",
    /^rgba\(\d+, \d+, \d+, 0\)$|^transparent$/,
  );
  await unlock.click();
  await page
    .getByRole("dialog", { name: "Confirm upgrade" })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(page.getByTestId("dungeon-idle-progress")).toContainText(/0 \/ 1,?200 ticks/);
  await expect(page.getByTestId("status-dungeon-unlock")).toHaveCount(0);
  await shootAt(page, "dungeon-hub", undefined, page.getByTestId("dungeon-idle-progress"));

  // A small dungeon by hand.
  await page.getByTestId("manual-start-1").click();
  await expect(page).toHaveURL(/\/dungeon$/);
  const canvas = page.getByTestId("dungeon-canvas");
  await expect(canvas).toBeVisible();
  const run = p.dungeon.run!;
  const map = mapOf(run);

  // One step with the keyboard and one with a click, through doors of the start room.
  // Where the browser shows the player (the server's answer arrived).
  const at = async () => (await canvas.getAttribute("data-position"))?.split(",").map(Number);
  const start = map.rooms[map.start]!;
  const [dx, dy, key] = SIDES.find(([x, y]) => start.doors & doorToward(x, y))!;
  const target = map.start + dy * map.side + dx;
  run.flags[target] = withOccupant(runFlags(map, run, target), Occupant.None);
  if (map.rooms[target]!.lock > 0) run.keys.push(map.rooms[target]!.lock);
  await expect.poll(at).toEqual([start.x, start.y]);
  await page.keyboard.press(key);
  await expect.poll(at, { timeout: 10_000 }).toEqual([start.x + dx, start.y + dy]);
  // Back to the start by a click on its tile (the neighbour the other way).
  const box = (await canvas.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2 - dx * 64, box.y + box.height / 2 - dy * 64);
  await expect.poll(at, { timeout: 10_000 }).toEqual([start.x, start.y]);

  // A treasure chest: step in with D/W/A/S style keys, open it with E.
  const chest = map.rooms.findIndex(
    (r, c) => (r.flags & RoomFlag.Chest) !== 0 && r.key === 0 && c !== map.exit,
  );
  const into = standBeside(server, p, run, map, chest);
  await page.waitForTimeout(1_600); // the movement delay since the click
  await page.keyboard.press(into);
  await expect
    .poll(at, { timeout: 10_000 })
    .toEqual([chest % map.side, Math.floor(chest / map.side)]);
  await page.keyboard.press("e");
  await expect(page.getByTestId("dungeon-run-loot")).toContainText("Dungeon Points");
  expect(runFlags(map, run, chest) & RoomFlag.Opened).toBe(RoomFlag.Opened);
  await shootAt(page, "dungeon-run", undefined, canvas);
  await shootAt(page, "dungeon-joystick", [PHONE], page.getByTestId("dungeon-joystick"));
  // The map screen passes axe like every other (the shared spec sees it only without a dungeon).
  await expectAxeClean(page, [PHONE, DESKTOP]);

  // The exit: step in, E, confirm 'Exit Dungeon', back on the hub with the dungeon counted.
  run.flags[map.exit] = runFlags(map, run, map.exit) & ~RoomFlag.Chest;
  const toExit = standBeside(server, p, run, map, map.exit);
  await page.waitForTimeout(1_600);
  await page.keyboard.press(toExit);
  await expect
    .poll(at, { timeout: 10_000 })
    .toEqual([map.exit % map.side, Math.floor(map.exit / map.side)]);
  await page.keyboard.press(" ");
  const exit = page.getByRole("dialog", { name: "Exit Dungeon" });
  await expect(exit).toContainText("There could still be some treasure");
  await exit.getByRole("button", { name: "Leave" }).click();
  await expect(toast(page, /Dungeon complete!/)).toBeVisible();
  await expect(page).toHaveURL(/\/dungeon-shop$/);
  await expect(page.getByTestId("dungeon-unlocks")).toContainText("1 completed");
  expect(p.dungeon).toMatchObject({ completed: 1, manual: 1, treasures: 1, run: null });
  await context.close();
});
