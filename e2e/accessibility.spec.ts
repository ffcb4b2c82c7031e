import { mkdirSync } from "node:fs";
import path from "node:path";
import { seriousViolations } from "./axe";
import { type APIRequestContext, type Browser, expect, type Page, test } from "./fixtures";
import { register, SHOTS, SHOTS_ON, uniqueName } from "./support";

/**
 * axe-core on every route of the client at phone sizes (360x740, 390x844) and a desktop
 * (1280x800): any serious or critical violation of WCAG 2.0-2.2 A/AA fails, target sizes
 * (24 px) included. Each screen is also checked for sideways overflow (labels cut off or a
 * page wider than the phone) and photographed at the phone sizes.
 */

const SIZES = [
  { width: 360, height: 740 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/** Signed-in screens (spec 000 and 001 section 2), with a value for each parameter. */
const GAME_ROUTES = [
  "/",
  "/town",
  "/research",
  "/inventory",
  "/inventory/999999/upgrade",
  "/sigils",
  "/event",
  "/profile",
  "/market",
  "/market/my-orders",
  "/guild",
  "/guild/list",
  "/farm",
  "/rules",
  "/rankings",
  "/activity-log",
  "/settings",
  "/news",
  "/shop",
  "/dungeon",
  "/dungeon-guild",
  "/dungeon-shop",
  "/pets",
  "/nowhere",
];
const PUBLIC_ROUTES = ["/login", "/privacy", "/terms", "/about", "/developers"];

interface Finding {
  route: string;
  size: string;
  problem: string;
}

async function settle(page: Page, signedIn: boolean): Promise<void> {
  if (signedIn) await expect(page.getByTestId("player-name")).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  await page.waitForLoadState("networkidle");
}

/**
 * One load of the route, then each size in turn: the screen is resized as a player turning a
 * phone or narrowing a window would, and checked again (a load per size tripled the spec's
 * time for the same checks: the route's own requests, the socket and hydration each time).
 */
async function check(page: Page, route: string, signedIn: boolean): Promise<Finding[]> {
  const findings: Finding[] = [];
  await page.setViewportSize(SIZES[0]);
  await page.goto(route);
  await settle(page, signedIn);
  for (const size of SIZES) {
    const label = `${size.width}x${size.height}`;
    await page.setViewportSize(size);
    await afterLayout(page);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    for (const v of await seriousViolations(page)) {
      const nodes = v.nodes.map((n) => n.target.join(" ")).slice(0, 4);
      findings.push({ route, size: label, problem: `${v.id} (${v.impact}): ${nodes.join(" | ")}` });
    }
    if (size.width < 640) {
      const overflow = await page.evaluate(
        "document.documentElement.scrollWidth - document.documentElement.clientWidth",
      );
      if (Number(overflow) > 0) {
        findings.push({ route, size: label, problem: `page ${overflow} px wider than the screen` });
      }
      if (!SHOTS_ON) continue;
      mkdirSync(path.join(SHOTS, "a11y"), { recursive: true });
      const name = route === "/" ? "main" : route.slice(1).replace(/\//g, "_");
      await page.screenshot({
        path: path.join(SHOTS, "a11y", `${name}-${label}.png`),
        animations: "disabled",
      });
    }
  }
  return findings;
}

/** Two animation frames: the resize's layout and the render it caused are on screen. */
function afterLayout(page: Page): Promise<unknown> {
  return page.evaluate(
    "new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))",
  );
}

/** A page of a new signed-in player (service workers blocked, so each load is the server's). */
async function signedInPage(browser: Browser, request: APIRequestContext): Promise<Page> {
  const token = await register(request, uniqueName("Axe"));
  const context = await browser.newContext({ serviceWorkers: "block" });
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  return context.newPage();
}

/** The routes in chunks of four: each chunk is a test, and the two workers share them. */
const CHUNK = 4;
const chunks: string[][] = [];
for (let i = 0; i < GAME_ROUTES.length; i += CHUNK) chunks.push(GAME_ROUTES.slice(i, i + CHUNK));

test.describe.configure({ mode: "parallel" });

for (const routes of chunks) {
  test(`signed-in screens ${routes.join(", ")} pass axe at phone and desktop sizes, with nothing off-screen`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(300_000);
    const page = await signedInPage(browser, request);
    const findings: Finding[] = [];
    for (const route of routes) findings.push(...(await check(page, route, true)));
    await page.context().close();
    expect(findings.map((f) => `${f.route} @ ${f.size}: ${f.problem}`)).toEqual([]);
  });
}

test("every signed-out screen passes axe at phone and desktop sizes", async ({ browser }) => {
  test.setTimeout(300_000);
  const context = await browser.newContext({ serviceWorkers: "block" });
  const page = await context.newPage();
  const findings: Finding[] = [];
  for (const route of PUBLIC_ROUTES) findings.push(...(await check(page, route, false)));
  await context.close();
  expect(findings.map((f) => `${f.route} @ ${f.size}: ${f.problem}`)).toEqual([]);
});
