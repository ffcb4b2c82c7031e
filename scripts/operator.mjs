/**
 * What `npm run backup` and `npm run restore` share: their arguments, where the world lives
 * and how to reach the running server's operator listener (METRICS_HOST/METRICS_PORT).
 */
import path from "node:path";

/** Paths the operator typed are relative to where they ran npm, not to the repository. */
export function fromUser(file) {
  return path.resolve(process.env.INIT_CWD ?? process.cwd(), file);
}

/** `--name value` flags and the other arguments, in order. */
export function parseArgs(argv) {
  const flags = {};
  const rest = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg.startsWith("--")) {
      const [name, inline] = arg.slice(2).split("=", 2);
      if (inline !== undefined) flags[name] = inline;
      else if (argv[i + 1] !== undefined && !argv[i + 1].startsWith("--")) flags[name] = argv[++i];
      else flags[name] = "true";
    } else rest.push(arg);
  }
  return { flags, rest };
}

/** The operator listener's address: `--url`, else METRICS_HOST and METRICS_PORT as the server reads them. */
export function operatorUrl(flags) {
  if (flags.url) return flags.url.replace(/\/$/, "");
  const port = process.env.METRICS_PORT;
  if (!port) return undefined;
  const host = process.env.METRICS_HOST || "127.0.0.1";
  return `http://${host.includes(":") ? `[${host}]` : host}:${port}`;
}

/** The data directory as the server resolves it (`npm start` runs in the repository root). */
export function dataDir(flags) {
  if (flags["data-dir"]) return fromUser(flags["data-dir"]);
  return path.resolve(process.env.DATA_DIR || "./data");
}

export function fail(message, code = 1) {
  console.error(message);
  process.exit(code);
}

/** A file-name-safe UTC time: 2026-11-27T14-05-09Z. */
export function stamp(date = new Date()) {
  return date
    .toISOString()
    .replace(/\.\d+Z$/, "Z")
    .replaceAll(":", "-");
}
