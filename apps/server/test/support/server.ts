import { loadConfig } from "../../src/config";
import { createServer, type GameServer } from "../../src/server";
import type { TestStore } from "./stores";

/** The login token secret of test servers (tests may sign tokens with it). */
export const TEST_JWT_SECRET = "test-secret-that-is-long-enough-for-hs256-tokens";

/** Starts a real server on a free port against the given store, ticking fast. */
export async function startTestServer(
  store: TestStore,
  env: Record<string, string> = {},
): Promise<GameServer> {
  const config = loadConfig({
    PORT: "0",
    HOST: "127.0.0.1",
    TICK_MS: "100",
    FLUSH_MS: "200",
    // Boards at every flush: tests read them right after a save.
    LEADERBOARD_MS: "0",
    // An idle test server polled the events' rows ten times a second, most of its CPU: tests
    // of events ask for a fast poll (EVENT_POLL_MS: "100").
    EVENT_POLL_MS: "5000",
    LOG_LEVEL: "silent",
    WEB_DIST: "",
    JWT_SECRET: TEST_JWT_SECRET,
    ...store.env,
    ...env,
  });
  const server = await createServer(config);
  await server.start();
  await server.whenLoaded(); // tests expect the acting players in memory
  return server;
}

export async function api(
  server: { url: string },
  route: string,
  body: unknown,
): Promise<{ status: number; body: { token?: string; error?: string } }> {
  const res = await fetch(`${server.url}${route}`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as { token?: string; error?: string } };
}

export async function guestToken(server: { url: string }): Promise<string> {
  const res = await api(server, "/api/auth/guest", {});
  if (!res.body.token) throw new Error(`guest sign-up failed: ${JSON.stringify(res.body)}`);
  return res.body.token;
}
