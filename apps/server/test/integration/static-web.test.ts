import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { request } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hostPort } from "../support/raw-http";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent (still compressed when content-encoding says so). */
  raw: Buffer;
  /** The body decoded. */
  text: string;
}

/** One GET with exactly the given headers (fetch would add its own Accept-Encoding). */
function get(url: string, pathname: string, headers: Record<string, string> = {}) {
  return new Promise<Answer>((resolve, reject) => {
    const req = request({ ...hostPort(url), path: pathname, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () => {
        const raw = Buffer.concat(chunks);
        const enc = res.headers["content-encoding"];
        const body =
          enc === "br" ? brotliDecompressSync(raw) : enc === "gzip" ? gunzipSync(raw) : raw;
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw, text: body.toString() });
      });
    });
    req.on("error", reject);
    req.end();
  });
}

const SCRIPT = `export const spells = [${Array.from({ length: 400 }, (_, i) => `"fireball-${i}"`).join(",")}];\n`;
const INDEX = `<!doctype html><html lang="en"><head><title>Manaspire</title><script type="module" src="/assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div>${"<!-- padding -->".repeat(60)}</body></html>`;

/** A small build of the web client, as `vite build` lays it out. */
function fakeDist(): string {
  const dist = mkdtempSync(path.join(tmpdir(), "manaspire-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), INDEX);
  writeFileSync(path.join(dist, "assets", "index-Ab12Cd34.js"), SCRIPT);
  writeFileSync(path.join(dist, "assets", "index-Ab12Cd34.js.map"), '{"version":3}');
  writeFileSync(path.join(dist, "sw.js"), `self.addEventListener("fetch", () => {});${SCRIPT}`);
  writeFileSync(path.join(dist, "robots.txt"), "User-agent: *\nAllow: /\n");
  writeFileSync(
    path.join(dist, "manifest.webmanifest"),
    JSON.stringify({ name: "Manaspire", icons: [], padding: "x".repeat(600) }),
  );
  writeFileSync(path.join(dist, "favicon.ico"), Buffer.from([0, 0, 1, 0, 1, 0]));
  writeFileSync(path.join(dist, "apple-touch-icon.png"), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
  writeFileSync(
    path.join(dist, "client-routes.json"),
    JSON.stringify(["/", "/town", "/inventory/:itemId/upgrade", "/guild/*", "/login"]),
  );
  return dist;
}

describe("the web client's files", () => {
  let dist = "";
  beforeAll(() => {
    dist = fakeDist();
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  const suite = serverSuite(testStores()[0]!, () => ({ WEB_DIST: dist, METRICS_PORT: "0" }));

  it("compresses text with Brotli or gzip, whichever the browser accepts", async () => {
    const url = suite.server.url;
    const br = await get(url, "/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip, br" });
    expect(br.status).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toBe("Accept-Encoding");
    expect(br.headers["content-type"]).toBe("text/javascript; charset=utf-8");
    expect(br.text).toBe(SCRIPT);
    expect(br.raw.length).toBeLessThan(SCRIPT.length / 3);

    const gz = await get(url, "/assets/index-Ab12Cd34.js", { "accept-encoding": "gzip" });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.text).toBe(SCRIPT);

    const noBr = await get(url, "/assets/index-Ab12Cd34.js", { "accept-encoding": "br;q=0, *" });
    expect(noBr.headers["content-encoding"]).toBe("gzip");

    const plain = await get(url, "/assets/index-Ab12Cd34.js");
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.raw.toString()).toBe(SCRIPT);

    for (const page of ["/", "/town", "/sw.js", "/manifest.webmanifest"]) {
      const answer = await get(url, page, { "accept-encoding": "br" });
      expect(answer.headers["content-encoding"], page).toBe("br");
    }
  });

  it("compresses the server's own answers too (API, metrics)", async () => {
    // Metrics are on the operator's listener (never the public port).
    const metrics = await get(suite.server.metricsUrl, "/metrics", {
      "accept-encoding": "gzip, br",
    });
    expect(metrics.status).toBe(200);
    expect(metrics.headers["content-encoding"]).toBe("br");
    expect(metrics.text).toContain("# HELP");
  });

  it("caches hashed assets for a year as immutable and revalidates the page", async () => {
    const url = suite.server.url;
    const asset = await get(url, "/assets/index-Ab12Cd34.js");
    expect(asset.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    const etag = String(asset.headers.etag);
    expect(etag).toMatch(/^".+"$/);
    expect((await get(url, "/assets/index-Ab12Cd34.js", { "if-none-match": etag })).status).toBe(
      304,
    );

    for (const page of ["/", "/index.html", "/town", "/sw.js", "/manifest.webmanifest"]) {
      expect((await get(url, page)).headers["cache-control"], page).toBe("no-cache");
    }
    const robots = await get(url, "/robots.txt");
    expect(robots.status).toBe(200);
    expect(robots.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(robots.text).toContain("User-agent");
    const manifest = await get(url, "/manifest.webmanifest");
    expect(manifest.headers["content-type"]).toBe("application/manifest+json; charset=utf-8");
    expect((await get(url, "/favicon.ico")).headers["content-type"]).toBe("image/x-icon");
    expect((await get(url, "/apple-touch-icon.png")).headers["content-type"]).toBe("image/png");
  });

  it("serves no source maps", async () => {
    expect((await get(suite.server.url, "/assets/index-Ab12Cd34.js.map")).status).toBe(404);
  });

  it("answers the client's screens with the page and 200, anything else with 404", async () => {
    const url = suite.server.url;
    for (const screen of [
      "/",
      "/town",
      "/town/",
      "/login",
      "/inventory/42/upgrade",
      "/guild/x/y",
    ]) {
      const answer = await get(url, screen);
      expect(answer.status, screen).toBe(200);
      expect(answer.text, screen).toContain('<div id="root">');
    }
    // Unknown addresses: the page (the client shows its not-found screen) with 404.
    for (const unknown of ["/nowhere", "/town/secret", "/inventory/42", "/wp-admin"]) {
      const answer = await get(url, unknown);
      expect(answer.status, unknown).toBe(404);
      expect(answer.headers["content-type"], unknown).toBe("text/html; charset=utf-8");
      expect(answer.text, unknown).toContain('<div id="root">');
    }
    // Unknown files are plain 404s: a missing chunk must not come back as HTML.
    for (const file of ["/assets/index-gone.js", "/apple-touch-icon-precomposed.png", "/x.php"]) {
      const answer = await get(url, file);
      expect(answer.status, file).toBe(404);
      expect(answer.headers["content-type"], file).toBe("text/plain; charset=utf-8");
    }
    // The server's own paths never fall back to the page.
    for (const api of ["/api/nothing", "/ws", "/api"]) {
      const answer = await get(url, api);
      expect(answer.status, api).toBe(404);
      expect(answer.headers["content-type"], api).toMatch(/^application\/json/);
    }
    const post = await fetch(`${url}/town`, { method: "POST" });
    expect(post.status).toBe(404);
    expect((await get(url, "/%E0%A4%A")).status).toBe(400);
  });
});
