import { mkdtempSync } from "node:fs";
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
/** The farm spec's own world (see the second web server; e2e/support.ts `FARM_WORLD_URL`). */
const FARM_PORT = PORT + 100;
/** The events spec's own world (e2e/support.ts `EVENTS_WORLD_URL`): rifts every 64 seconds. */
const EVENTS_PORT = PORT + 50;

/**
 * End-to-end tests: the built web client served by the real server on the embedded
 * database (a fresh data directory per run), driven in Debian's Chromium.
 */
export default defineConfig({
  testDir: "e2e",
  timeout: 60_000,
  expect: { timeout: 15_000 },
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "off",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
      ],
    },
  },
  projects: [
    { name: "game", testIgnore: /(guild(-effects)?|dungeon)\.spec\.ts$/ },
    // The guild spec runs a server inside its worker (it hands the founder resources in
    // memory). Left in a worker that goes on to other specs, the next spec's first request to
    // the main server waited about a minute: it gets a worker of its own, after the others.
    { name: "guild", testMatch: /guild\.spec\.ts$/, dependencies: ["game"] },
    // The same for the guild effects spec, in a worker of its own after the guild spec's.
    { name: "guild-effects", testMatch: /guild-effects\.spec\.ts$/, dependencies: ["guild"] },
    // The dungeon spec runs its own server too (it hands the player Dungeon Points in memory).
    { name: "dungeon", testMatch: /\/dungeon\.spec\.ts$/, dependencies: ["guild-effects"] },
    // The guild dungeon spec too (a battle level and the founding cost in memory).
    { name: "guild-dungeon", testMatch: /guild-dungeon\.spec\.ts$/, dependencies: ["dungeon"] },
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
      command: "node --import tsx apps/server/src/main.ts",
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
        // One won battle in five drops an item, so the item tests see drops within seconds.
        ITEM_DROP_RATE: "40",
        // The moderation spec signs up this name and uses the moderator's tools.
        MODERATOR_NAMES: "Eve_Moderator",
        // The settings spec's push service runs on 127.0.0.1 (Chromium cannot reach a real one).
        PUSH_ENDPOINT_HOSTS: "127.0.0.1",
        COMMUNITY_CHAT_URL: "https://chat.example.org/invite/manaspire",
        // "While you were away" after 6 s instead of 5 minutes (the away spec waits that long).
        AWAY_SUMMARY_MS: "6000",
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
    {
      // The farm, potions and pets spec (e2e/farm-pets.spec.ts) on a world of its own where
      // herbs grow an hour a second and eggs drop often, so the other specs' worlds stay as
      // designed. Its address is E2E_PORT + 100.
      command: "node --import tsx apps/server/src/main.ts",
      url: `http://127.0.0.1:${FARM_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(FARM_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "manaspire-e2e-farm-")),
        DATABASE_URL: "",
        TICK_MS: "700",
        FLUSH_MS: "500",
        FARM_GROWTH_RATE: "3600",
        EGG_DROP_RATE: "50000",
        LOG_LEVEL: "warn",
      },
    },
    {
      // The events spec (e2e/events.spec.ts) on a world of its own where an Elemental Rift's
      // queue opens every 64 s (8 s of queue, 22 s of rift) and a Rift of Power follows each
      // one 8 s later (22 s), so the spec sees both within about two minutes, with time for
      // its screenshots on a busy machine, and no other spec meets a rift.
      command: "node --import tsx apps/server/src/main.ts",
      url: `http://127.0.0.1:${EVENTS_PORT}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(EVENTS_PORT),
        HOST: "127.0.0.1",
        DATA_DIR: mkdtempSync(path.join(tmpdir(), "manaspire-e2e-events-")),
        DATABASE_URL: "",
        TICK_MS: "700",
        FLUSH_MS: "500",
        ELEMENTAL_RIFT_EVERY_MS: "64000",
        ELEMENTAL_RIFT_QUEUE_MS: "8000",
        EVENT_DURATION_MS: "22000",
        RIFT_OF_POWER_MIN_MS: "64000",
        RIFT_OF_POWER_MAX_MS: "64000",
        ELEMENTAL_RIFT_BOSS_HEALTH: "800",
        ITEM_DROP_RATE: "40",
        LOG_LEVEL: "warn",
      },
    },
  ],
});
