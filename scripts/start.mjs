/**
 * `npm start`: builds the web client and the server when the build tools are installed (a
 * development checkout: always current; SKIP_BUILD=1 skips it), then runs the built server in
 * this very process. package.json's `exec node scripts/start.mjs` makes npm's child this node
 * process (npm's `sh -c` would otherwise stay between them), so the signals a process manager
 * or container runtime sends to `npm start` reach the server: SIGTERM saves every loaded player
 * and frees the port (with a shell between, the shell ended and the server kept running). After
 * `npm run build` and `npm ci --omit=dev` (no build tools), it only runs what was built.
 */
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
process.chdir(root);
const server = path.join(root, "apps/server/dist/main.js");
const web = path.join(root, "apps/web/dist/index.html");
const tools = ["vite", "esbuild"].every((bin) =>
  existsSync(path.join(root, "node_modules/.bin", bin)),
);

if (tools && process.env.SKIP_BUILD !== "1") {
  const build = spawnSync("npm", ["run", "build"], {
    stdio: "inherit",
    shell: process.platform === "win32",
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (!existsSync(server) || !existsSync(web)) {
  console.error("Nothing built and no build tools: run 'npm install && npm run build' first.");
  process.exit(1);
}
await import(pathToFileURL(server).href);
