import { spawn } from "node:child_process";
import path from "node:path";
import { TEST_NODE_FLAGS } from "./node-flags";

const root = path.resolve(import.meta.dirname, "../../../..");

/**
 * Runs an operator script of the repository (`npm run backup` is `node scripts/backup.mjs`) as
 * its own process, with `env` over the runner's (without its DATABASE_URL and METRICS_PORT),
 * and returns its exit code and output. With the tests' Node flags (node-flags.ts).
 */
export function runScript(
  name: "backup" | "restore",
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; output: string }> {
  const { DATABASE_URL: _url, METRICS_PORT: _port, INIT_CWD: _cwd, ...inherited } = process.env;
  const script = path.join(root, "scripts", `${name}.mjs`);
  const child = spawn(process.execPath, [...TEST_NODE_FLAGS, script, ...args], {
    cwd: root,
    env: { ...inherited, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout.on("data", (d) => {
    output += d;
  });
  child.stderr.on("data", (d) => {
    output += d;
  });
  return new Promise((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, output }));
  });
}
