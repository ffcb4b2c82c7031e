import { cpSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import {
  type Browser,
  type BrowserContext,
  type BrowserContextOptions,
  expect,
  type Page,
} from "@playwright/test";
import type { GameServer } from "../apps/server/src/server";
import type { LoadedPlayer } from "../apps/server/src/world/loaded-player";
import { startTestServer } from "../apps/server/test/support/server";
import { PASSWORD } from "./support";

/**
 * A world run inside the spec's worker (the built client, its own PGlite directory, a copy of
 * the run's migrated template), for specs that arrange what they need: players handed what
 * takes hours to earn, in memory, or an event that opens now, as the integration tests do.
 */
export interface OwnWorld {
  server: GameServer;
  stop(): Promise<void>;
  /** Registers a named player and returns its login token. */
  signUp(name: string): Promise<string>;
}

export async function startOwnWorld(
  prefix: string,
  env: Record<string, string> = {},
): Promise<OwnWorld> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `manaspire-e2e-${prefix}-`));
  const template = process.env.E2E_PGLITE_TEMPLATE;
  if (template) cpSync(template, dataDir, { recursive: true });
  const server = await startTestServer(
    { kind: "pglite", env: { DATA_DIR: dataDir }, dispose: async () => {} },
    { TICK_MS: "700", FLUSH_MS: "500", WEB_DIST: path.resolve("apps/web/dist"), ...env },
  );
  const stopNow = async () => {
    running.delete(stopNow);
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  };
  running.add(stopNow);
  const world: OwnWorld = {
    server,
    stop: stopNow,
    async signUp(name) {
      const res = await fetch(`${server.url}/api/auth/register`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: name, password: PASSWORD }),
      });
      const body = (await res.json()) as { token?: string; error?: string };
      if (!body.token) throw new Error(`register ${name}: ${body.error ?? res.status}`);
      return body.token;
    },
  };
  return world;
}

/** The stops of this worker's worlds still running. */
const running = new Set<() => Promise<void>>();

/**
 * Stops the worlds of this worker that are still running (e2e/fixtures.ts, at worker end): a
 * spec whose `beforeAll` failed after starting its world never reached its `afterAll`.
 */
export async function stopOwnWorlds(): Promise<void> {
  for (const stop of [...running]) await stop();
}

/** A signed-in page of a world's player: its context (close it), page, state and token. */
export interface OpenedPlayer {
  context: BrowserContext;
  page: Page;
  loaded: LoadedPlayer;
  token: string;
}

/**
 * A new player of `world` signed in on a page at `at` (desktop-sized unless told; `options`
 * for the rest of the context, e.g. touch), with its in-memory state.
 */
export async function openAs(
  world: OwnWorld,
  browser: Browser,
  name: string,
  at: string,
  viewport = { width: 1366, height: 850 },
  options: BrowserContextOptions = {},
): Promise<OpenedPlayer> {
  const token = await world.signUp(name);
  return openWithToken(world, browser, name, token, at, { viewport, ...options });
}

/** An existing player of `world` (its name and login token) signed in on a new page at `at`. */
export async function openWithToken(
  world: OwnWorld,
  browser: Browser,
  name: string,
  token: string,
  at: string,
  options: BrowserContextOptions = {},
): Promise<OpenedPlayer> {
  const context = await browser.newContext({
    viewport: { width: 1366, height: 850 },
    ...options,
    baseURL: world.server.url,
    serviceWorkers: "block",
  });
  await context.addInitScript(`localStorage.setItem("token", ${JSON.stringify(token)});`);
  const page = await context.newPage();
  await page.goto(at);
  await expect(page.getByTestId("player-name")).toHaveText(name);
  const loaded = [...world.server.store.loaded.values()].find((x) => x.name === name);
  if (!loaded) throw new Error(`${name} is not loaded on the spec's world`);
  return { context, page, loaded, token };
}
