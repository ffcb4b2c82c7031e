import {
  BATTLE_XP_BASE,
  doorToward,
  experienceForLevel,
  LootId,
  Occupant,
  runFlags,
  withOccupant,
} from "@manaspire/game";
import type { Locator, Page } from "@playwright/test";
import type { GameServer } from "../apps/server/src/server";
import { mapOf } from "../apps/server/src/world/dungeon-run-view";
import { Col, markDirty } from "../apps/server/src/world/player-columns";
import { battleLevelChanged, skill } from "../apps/server/src/world/player-view";
import { SIDES } from "./dungeon-support";
import { expect, test } from "./fixtures";
import { type OwnWorld, openAs, openWithToken, startOwnWorld } from "./own-world";
import { shootAsIs, toast, uniqueName } from "./support";
import { type Box, boxOf } from "./toast-support";

/**
 * The dungeon on a touch phone (issue 31): on first view of a solo run and of the guild
 * dungeon, the map, the joystick and Interact lie inside the viewport, between the top bar and
 * the chat bar, with no scrolling; the help says how to move by touch; a drag of the joystick
 * (real touch events) walks. A desktop keeps the keyboard help (here for a solo run, in
 * guild-dungeon.spec.ts for the guild dungeon). Its own world (own-world.ts):
 * the player is handed Mana Dust, the guild's founding cost and a battle level in memory.
 */

const PHONE = { width: 390, height: 844 };
const TOUCH = { hasTouch: true, isMobile: true };

let world: OwnWorld;
let server: GameServer;

test.beforeAll(async () => {
  world = await startOwnWorld("dungeon-phone", { TICK_MS: "60000" });
  server = world.server;
});

test.afterAll(async () => {
  await world?.stop();
});

function intersects(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

/**
 * Where `locator` lies without any scrolling: fully inside the viewport and the shell's
 * scrolling area (under the top bar), clear of the chat bar, and the element a touch at its
 * centre reaches. Returns the problems (empty when in reach).
 */
async function outOfReach(page: Page, name: string, locator: Locator): Promise<string[]> {
  const box = await boxOf(locator);
  const area = await boxOf(page.locator("#game").locator("xpath=.."));
  const chat = await boxOf(page.getByTestId("chat-box"));
  const view = page.viewportSize()!;
  const problems: string[] = [];
  const where = `${name} at y ${Math.round(box.y)}-${Math.round(box.y + box.height)}`;
  if (box.x < 0 || box.y < 0 || box.x + box.width > view.width) problems.push(`${where} off`);
  if (box.y + box.height > view.height) problems.push(`${where} below the viewport`);
  if (box.y < area.y || box.y + box.height > area.y + area.height) {
    problems.push(`${where} outside the visible area ${area.y}-${area.y + area.height}`);
  }
  if (intersects(box, chat)) problems.push(`${where} under the chat bar at ${chat.y}`);
  const hit = await locator.evaluate((el) => {
    const r = el.getBoundingClientRect();
    const top = el.ownerDocument.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return top !== null && el.contains(top);
  });
  if (!hit) problems.push(`${name} covered at its centre`);
  return problems;
}

/** The map, the joystick and Interact, all in reach (polled: the map sizes itself). */
async function expectControlsInReach(page: Page): Promise<void> {
  const parts: [string, Locator][] = [
    ["map", page.getByTestId("dungeon-canvas")],
    ["joystick", page.getByTestId("dungeon-joystick")],
    ["Interact", page.getByRole("button", { name: "Interact" })],
  ];
  await expect
    .poll(async () => {
      const problems: string[] = [];
      for (const [name, locator] of parts)
        problems.push(...(await outOfReach(page, name, locator)));
      return problems;
    })
    .toEqual([]);
}

/** Drags the joystick by touch (a real touch sequence) toward a side until the map shows `to`. */
async function walkByJoystick(
  page: Page,
  side: readonly [number, number],
  to: readonly [number, number],
): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const box = await boxOf(page.getByTestId("dungeon-joystick"));
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  const touch = (type: "touchStart" | "touchMove" | "touchEnd", at: { x: number; y: number }[]) =>
    cdp.send("Input.dispatchTouchEvent", { type, touchPoints: at });
  await touch("touchStart", [{ x, y }]);
  await touch("touchMove", [{ x: x + side[0] * 20, y: y + side[1] * 20 }]);
  await touch("touchMove", [{ x: x + side[0] * 40, y: y + side[1] * 40 }]);
  const at = async () =>
    (await page.getByTestId("dungeon-canvas").getAttribute("data-position"))
      ?.split(",")
      .map(Number);
  await expect.poll(at, { timeout: 10_000, intervals: [50] }).toEqual([...to]);
  await touch("touchEnd", []);
  await cdp.detach();
}

test("a solo dungeon on a touch phone: map and controls in reach, touch help", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = uniqueName("Thumb");
  const {
    context,
    page,
    loaded: p,
    token,
  } = await openAs(world, browser, name, "/dungeon-shop", PHONE, TOUCH);
  p.loot[LootId.ManaDust] = 5000;
  markDirty(p, Col.loot);
  server.sessions.send(p.id, "playerUpdate", { patch: { loot: { ...p.loot } } });
  await page.getByTestId("dungeon-unlock").click();
  await page
    .getByRole("dialog", { name: "Confirm upgrade" })
    .getByRole("button", { name: "Confirm" })
    .click();
  await expect(page.getByTestId("status-dungeon-unlock")).toHaveCount(0);
  await page.getByTestId("manual-start-1").click();
  await expect(page).toHaveURL(/\/dungeon$/);
  await expect(page.getByTestId("dungeon-canvas")).toBeVisible();

  // First view: the map, the joystick and Interact in reach; the help speaks of touch.
  await expectControlsInReach(page);
  const subtitle = page.getByTestId("dungeon-page").locator("header p");
  await expect(subtitle).toContainText("Drag the joystick or tap a neighbouring cell to move");
  await expect(subtitle).toContainText("tap Interact");
  await shootAsIs(page, "dungeon-phone-touch");

  // The joystick walks: into an opened neighbour of the start room.
  const run = p.dungeon.run!;
  const map = mapOf(run);
  const start = map.rooms[map.start]!;
  const [dx, dy] = SIDES.find(([x, y]) => start.doors & doorToward(x, y))!;
  const target = map.start + dy * map.side + dx;
  run.flags[target] = withOccupant(runFlags(map, run, target), Occupant.None);
  if (map.rooms[target]!.lock > 0) run.keys.push(map.rooms[target]!.lock);
  await walkByJoystick(page, [dx, dy], [start.x + dx, start.y + dy]);
  expect([run.x, run.y]).toEqual([start.x + dx, start.y + dy]);
  // Opened afresh (the status card above the page at first): in reach again.
  await page.reload();
  await expect(page.getByTestId("dungeon-canvas")).toBeVisible();
  await expectControlsInReach(page);
  await context.close();

  // A desktop keeps the keyboard help and shows no joystick.
  const desk = await openWithToken(world, browser, name, token, "/dungeon");
  const deskSubtitle = desk.page.getByTestId("dungeon-page").locator("header p");
  await expect(deskSubtitle).toHaveText(
    "Arrow keys or W/A/S/D to move, E or Space to open a chest or leave.",
  );
  await expect(desk.page.getByTestId("dungeon-joystick")).toHaveCount(0);
  await shootAsIs(desk.page, "dungeon-desktop-keys");
  await desk.context.close();
});

test("the guild dungeon on a touch phone: map and controls in reach, touch help", async ({
  browser,
}) => {
  test.setTimeout(240_000);
  const name = uniqueName("Palm");
  const {
    context,
    page,
    loaded: p,
  } = await openAs(world, browser, name, "/guild/list", PHONE, TOUCH);
  for (const id of [LootId.Iron, LootId.Fish, LootId.Wood]) p.loot[id] = 1000;
  markDirty(p, Col.loot);
  const guildName = `Thumb ${uniqueName("Hall").replace(/[^A-Za-z]/g, "")}`.slice(0, 30);
  await page.getByPlaceholder("Guild name").fill(guildName);
  await page.getByRole("button", { name: "Create Guild" }).click();
  await expect(toast(page, `You founded ${guildName}.`)).toBeVisible();
  p.battleXp = experienceForLevel(BATTLE_XP_BASE, 5);
  battleLevelChanged(p);
  markDirty(p, Col.battleXp);
  server.sessions.send(p.id, "playerUpdate", {
    patch: { battle: skill(BATTLE_XP_BASE, p.battleXp) },
  });
  await page.goto("/dungeon-guild");
  await page.getByRole("button", { name: "Enter the guild dungeon" }).click();
  await expect(page.getByTestId("dungeon-canvas")).toBeVisible();

  await expectControlsInReach(page);
  const subtitle = page.getByTestId("guild-dungeon-page").locator("header p");
  await expect(subtitle).toContainText("Drag the joystick or tap a neighbouring cell to move");
  await expect(subtitle).toContainText("tap Interact");
  await shootAsIs(page, "guild-dungeon-phone-touch");
  await context.close();
});
