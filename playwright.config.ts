import { existsSync, mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig } from "@playwright/test";
import { FAKE_STRIPE_KEY, FAKE_WEBHOOK_SECRET } from "./apps/server/test/support/fake-stripe";

const PORT = Number(process.env.E2E_PORT ?? 4317);
/** The test identity provider ("Test ID", e2e/identity-provider.ts) beside the game. */
const IDP_PORT = PORT + 1000;
/** The fake of Stripe's API and Checkout page (e2e/stripe-fake.ts) the shop spec pays with. */
const STRIPE_PORT = PORT + 1100;
const dataDir = mkdtempSync(path.join(tmpdir(), "manaspire-e2e-"));

/** Debian's Chromium (`chromium`), as players run it. */
const chromium = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's `chromium-headless-shell`: the same Chromium build in its headless-only shell (the
 * old headless mode), about a third less CPU for the suite (docs/testing.md). The specs run in
 * it; the settings spec (notification permission, push) and screenshot runs (E2E_SHOTS=1, for
 * people to look at) run in the full browser, and so does everything where the shell is absent.
 */
const shellPath = process.env.CHROMIUM_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";
const shell = process.env.E2E_SHOTS !== "1" && existsSync(shellPath) ? shellPath : chromium;
const FULL_BROWSER_SPECS = /settings\.spec\.ts$/;
const browserArgs = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/**
 * End-to-end tests: the built web client served by the built server on the embedded database
 * (a fresh data directory per run), driven in Debian's Chromium by two workers (spec files run
 * side by side; a file's tests run in order). Specs that need a world arranged (players handed
 * loot, a rift opened now) run their own (e2e/own-world.ts), a copy of the store the global
 * setup migrates once. Run `npm run build` first (`npm run test:e2e` does).
 */
export default defineConfig({
  testDir: "e2e",
  globalSetup: "./e2e/global-setup.ts",
  // Generous: on a loaded 2-core machine the long scenarios and an own world's start (in a
  // beforeAll, under this timeout) ran two to three times their quiet time. A hang still ends
  // at the first step's 15 s expect timeout.
  timeout: 120_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    screenshot: "only-on-failure",
    // The players' "reduce motion" setting. An idle game page at this 700 ms tick cost
    // Chromium (software rendering, no GPU) 17.1 s of CPU in 30 s with motion (bars, result
    // flashes and pulses animate all the time), 3.9 s without. The suite runs the path
    // players who choose it see, which found a menu that could not take the focus
    // (styles/index.css).
    reducedMotion: "reduce",
    // Without the offline cache's service worker, unless a test asks for it (the offline
    // reload, push notifications): in each new context it installed and fetched every chunk
    // of the client again, the three players of the guild spec each on their first load.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium-headless-shell",
      testIgnore: FULL_BROWSER_SPECS,
      use: { launchOptions: { executablePath: shell, args: browserArgs } },
    },
    {
      name: "chromium",
      testMatch: FULL_BROWSER_SPECS,
      use: { launchOptions: { executablePath: chromium, args: browserArgs } },
    },
  ],
  webServer: [
    {
      command: `node --import tsx e2e/identity-provider.ts ${IDP_PORT} http://127.0.0.1:${PORT}`,
      url: `http://127.0.0.1:${IDP_PORT}/.well-known/openid-configuration`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: `node --import tsx e2e/stripe-fake.ts ${STRIPE_PORT} http://127.0.0.1:${PORT}`,
      url: `http://127.0.0.1:${STRIPE_PORT}/health`,
      reuseExistingServer: false,
      timeout: 60_000,
    },
    {
      command: "node apps/server/dist/main.js",
      url: `http://127.0.0.1:${PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(PORT),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        DATABASE_URL: "",
        TICK_MS: "700",
        FLUSH_MS: "500",
        // The rankings spec finds its players on the boards within seconds.
        LEADERBOARD_MS: "0",
        // One won battle in five drops an item, so the item tests see drops within seconds.
        ITEM_DROP_RATE: "40",
        // The moderation spec signs up this name and uses the moderator's tools.
        MODERATOR_NAMES: "Eve_Moderator",
        // The settings spec's push service runs on 127.0.0.1 (Chromium cannot reach a real one).
        PUSH_ENDPOINT_HOSTS: "127.0.0.1",
        COMMUNITY_CHAT_URL: "https://chat.example.org/invite/manaspire",
        LOG_LEVEL: "warn",
        // Real payments against the fake Stripe (e2e/shop.spec.ts).
        STRIPE_SECRET_KEY: FAKE_STRIPE_KEY,
        STRIPE_WEBHOOK_SECRET: FAKE_WEBHOOK_SECRET,
        STRIPE_API_URL: `http://127.0.0.1:${STRIPE_PORT}`,
        // Sign-in through an identity provider (e2e/signin.spec.ts).
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: "testid",
            name: "Test ID",
            issuer: `http://127.0.0.1:${IDP_PORT}`,
            clientId: "manaspire-test",
            clientSecret: "a-client-secret-for-tests",
          },
        ]),
      },
    },
  ],
});
