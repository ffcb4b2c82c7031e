import { type ChildProcess, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { freePort } from "../support/child";
import { type TestStore, testStores } from "../support/stores";
import { waitForAsync } from "../support/wait";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../..");
const built = existsSync(path.join(root, "apps/server/dist/main.js"));
const pglite = testStores().find((f) => f.kind === "pglite");

/** Whether anything answers on the port. */
async function answers(url: string): Promise<boolean> {
  return fetch(`${url}/api/health`).then(
    (res) => res.ok,
    () => false,
  );
}

/**
 * The README's run command as a process manager runs it: `npm start` (here without the build,
 * which `npm test` did before), then SIGTERM to that process. The server must get the signal,
 * save and exit, and free the port: with a shell between npm and node, npm ended and the
 * server kept running, saving nothing.
 */
describe.runIf(built && pglite)("npm start under a process manager", () => {
  let store: TestStore | undefined;
  let child: ChildProcess | undefined;
  afterAll(async () => {
    // The whole group: on a failure the server may have outlived npm.
    if (child?.pid !== undefined) {
      try {
        process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
    }
    await store?.dispose();
  });

  it("hands SIGTERM to the server, which saves and frees the port", async () => {
    store = await pglite!.create();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    let output = "";
    const started = spawn("npm", ["start"], {
      cwd: root,
      env: {
        ...process.env,
        ...store.env,
        SKIP_BUILD: "1",
        PORT: String(port),
        HOST: "127.0.0.1",
        LOG_LEVEL: "info",
      },
      stdio: ["ignore", "pipe", "pipe"],
      detached: true,
    });
    child = started;
    started.stdout?.on("data", (d) => {
      output += d;
    });
    started.stderr?.on("data", (d) => {
      output += d;
    });
    const exited = new Promise<number | null>((resolve) => started.on("exit", (c) => resolve(c)));
    await waitForAsync(() => answers(url), 60_000, "npm start serving");
    const guest = await fetch(`${url}/api/auth/guest`, { method: "POST" });
    expect(guest.ok).toBe(true);

    started.kill("SIGTERM");
    await exited;
    // npm is gone; so must be the server it started.
    await waitForAsync(async () => !(await answers(url)), 10_000, "the port freed");
    expect(output).toContain("shutdown: players saved");
  }, 90_000);
});
