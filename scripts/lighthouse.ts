/**
 * `npm run lighthouse`: Lighthouse's mobile preset (its default config: a mid-range phone,
 * simulated slow 4G and CPU slowdown) against a locally started server with the built web
 * client, on a fresh embedded database. Audits the sign-in page signed out and the battle
 * page signed in (the token is put in localStorage first, and kept: storage is not reset),
 * prints each category's score and the key metrics, and writes the JSON reports (and each
 * page's trace, `*.trace.json`) to test-results/lighthouse/. Not part of the tests: the figures depend on the machine.
 *
 * Uses Debian's Chromium (`CHROMIUM_PATH` overrides /usr/bin/chromium). Lighthouse is pinned
 * to 12.2.3: version 13 needs Node 22.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import puppeteer from "puppeteer-core";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.LIGHTHOUSE_PORT ?? 4390);
const origin = `http://127.0.0.1:${port}`;
const outDir = path.join(root, "test-results", "lighthouse");
const dist = path.join(root, "apps", "web", "dist");

/** A script's gzipped size (level 9), from the build's .gz copy: the yardstick. */
function gzipBytes(url: string): number {
  const file = path.join(dist, new URL(url).pathname);
  if (existsSync(`${file}.gz`)) return readFileSync(`${file}.gz`).length;
  return existsSync(file) ? gzipSync(readFileSync(file), { level: 9 }).length : 0;
}
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

async function waitForHealth(deadline: number): Promise<void> {
  while (Date.now() < deadline) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 300));
  }
  throw new Error("the server did not start within 120 s");
}

function startServer(): ChildProcess {
  const server = spawn("node", ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    stdio: ["ignore", "inherit", "inherit"],
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: mkdtempSync(path.join(tmpdir(), "manaspire-lighthouse-")),
      DATABASE_URL: "",
      LOG_LEVEL: "warn",
    },
  });
  return server;
}

async function registerPlayer(): Promise<string> {
  const name = `Beacon_${Math.random()
    .toString(36)
    .replace(/[^a-z]/g, "")
    .slice(0, 8)}`;
  const res = await fetch(`${origin}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: name, password: "lighthouse-password-1" }),
  });
  const body = (await res.json()) as { token?: string; error?: string };
  if (!body.token) throw new Error(`register: ${body.error ?? res.status}`);
  return body.token;
}

interface Figures {
  page: string;
  scores: Record<string, number>;
  metrics: Record<string, string>;
  scriptKiB: number;
  scriptGzipKiB: number;
  failed: string[];
}

/**
 * A cold load: empties the HTTP cache, the service worker and its caches (Lighthouse's own
 * reset is off, to keep the login token in localStorage).
 */
async function clearCache(chromePort: number): Promise<void> {
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chromePort}` });
  const page = await browser.newPage();
  const cdp = await page.createCDPSession();
  await cdp.send("Network.clearBrowserCache");
  await cdp.send("Storage.clearDataForOrigin", {
    origin,
    storageTypes: "cache_storage,service_workers",
  });
  await page.close();
  await browser.disconnect();
}

async function audit(name: string, url: string, chromePort: number): Promise<Figures> {
  await clearCache(chromePort);
  const result = await lighthouse(url, {
    port: chromePort,
    output: "json",
    logLevel: "error",
    onlyCategories: [...CATEGORIES],
    disableStorageReset: true,
  });
  if (!result) throw new Error(`no Lighthouse result for ${url}`);
  const lhr = result.lhr;
  writeFileSync(path.join(outDir, `${name}.json`), JSON.stringify(lhr, null, 1));
  // The page's trace (DevTools' Performance panel opens it): where the blocking time goes.
  const trace = (result.artifacts as { Trace?: unknown }).Trace;
  if (trace) writeFileSync(path.join(outDir, `${name}.trace.json`), JSON.stringify(trace));
  const scores: Record<string, number> = {};
  for (const c of CATEGORIES) scores[c] = Math.round((lhr.categories[c]?.score ?? 0) * 100);
  const metrics: Record<string, string> = {};
  for (const id of [
    "first-contentful-paint",
    "largest-contentful-paint",
    "total-blocking-time",
    "cumulative-layout-shift",
    "speed-index",
  ]) {
    metrics[id] = lhr.audits[id]?.displayValue ?? "?";
  }
  const requests =
    (lhr.audits["network-requests"]?.details as { items?: Array<Record<string, unknown>> })
      ?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  const scriptBytes = scripts.reduce((sum, r) => sum + Number(r.transferSize ?? 0), 0);
  const gzip = scripts.reduce((sum, r) => sum + gzipBytes(String(r.url)), 0);
  const failed: string[] = [];
  for (const c of CATEGORIES) {
    if (c === "performance") continue;
    for (const ref of lhr.categories[c]?.auditRefs ?? []) {
      const a = lhr.audits[ref.id];
      if (ref.weight > 0 && a && a.score !== null && a.score < 1) failed.push(`${c}: ${a.id}`);
    }
  }
  return {
    page: name,
    scores,
    metrics,
    scriptKiB: scriptBytes / 1024,
    scriptGzipKiB: gzip / 1024,
    failed,
  };
}

const server = startServer();
let chrome: chromeLauncher.LaunchedChrome | undefined;
try {
  await waitForHealth(Date.now() + 120_000);
  mkdirSync(outDir, { recursive: true });
  const token = await registerPlayer();
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const figures: Figures[] = [];
  figures.push(await audit("login", `${origin}/login`, chrome.port));
  // Signed in: the token in localStorage, which Lighthouse keeps (disableStorageReset).
  const browser = await puppeteer.connect({ browserURL: `http://127.0.0.1:${chrome.port}` });
  const page = await browser.newPage();
  await page.goto(`${origin}/privacy`);
  await page.evaluate(`localStorage.setItem("token", ${JSON.stringify(token)})`);
  await page.close();
  await browser.disconnect();
  figures.push(await audit("battle", `${origin}/`, chrome.port));
  figures.push(await audit("town", `${origin}/town`, chrome.port));

  console.log("\nLighthouse 12.2.3, mobile preset (simulated slow 4G, 4x CPU slowdown)\n");
  for (const f of figures) {
    const scores = CATEGORIES.map((c) => `${c} ${f.scores[c]}`).join(", ");
    console.log(`${f.page.padEnd(7)} ${scores}`);
    console.log(
      `        FCP ${f.metrics["first-contentful-paint"]}, LCP ${f.metrics["largest-contentful-paint"]}, TBT ${f.metrics["total-blocking-time"]}, CLS ${f.metrics["cumulative-layout-shift"]}, SI ${f.metrics["speed-index"]}; scripts ${f.scriptKiB.toFixed(1)} KiB transferred (Brotli), ${f.scriptGzipKiB.toFixed(1)} KiB gzipped`,
    );
    for (const failure of f.failed) console.log(`        not passed: ${failure}`);
  }
  console.log(`\nReports: ${path.relative(process.cwd(), outDir)}/*.json`);
} finally {
  await chrome?.kill();
  server.kill("SIGTERM");
}
