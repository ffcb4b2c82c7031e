import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { GameServer } from "../apps/server/src/server";
import { startTestServer } from "../apps/server/test/support/server";
import { PASSWORD } from "./support";

/**
 * A world run inside the spec's worker (the built client, its own PGlite directory), for specs
 * that hand players what takes hours to earn in memory, as the integration tests do.
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
  const server = await startTestServer(
    { kind: "pglite", env: { DATA_DIR: dataDir }, dispose: async () => {} },
    { TICK_MS: "700", FLUSH_MS: "500", WEB_DIST: path.resolve("apps/web/dist"), ...env },
  );
  return {
    server,
    async stop() {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
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
}
