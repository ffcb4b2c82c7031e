import { createHash } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { testStores } from "../support/stores";
import { serverSuite } from "../support/suite";

const INLINE = `(function(){document.documentElement.dataset.ok="1"})()`;
const INDEX = `<!doctype html><html><head><title>Manaspire</title><script type="module" src="/assets/index-Ab12Cd34.js"></script><script>${INLINE}</script></head><body><div id="root"></div></body></html>`;
const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

/** The directives of a Content-Security-Policy header, by name. */
function directives(header: string | null): Map<string, string[]> {
  return new Map(
    (header ?? "")
      .split(";")
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...values]) => [name as string, values]),
  );
}

describe("security headers", () => {
  let dist = "";
  beforeAll(() => {
    dist = mkdtempSync(path.join(tmpdir(), "manaspire-dist-"));
    writeFileSync(path.join(dist, "index.html"), INDEX);
  });
  afterAll(() => {
    rmSync(dist, { recursive: true, force: true });
  });

  const suite = serverSuite(testStores()[0]!, () => ({
    WEB_DIST: dist,
    TRUST_PROXY: "127.0.0.1",
  }));

  it("sends a strict CSP with the page's inline script hash, nosniff, no framing, no referrer", async () => {
    for (const route of ["/", "/town", "/api/health", "/api/auth/providers", "/nothing.js"]) {
      const res = await fetch(`${suite.server.url}${route}`);
      await res.body?.cancel();
      const csp = directives(res.headers.get("content-security-policy"));
      expect(csp.get("default-src"), route).toEqual(["'self'"]);
      expect(csp.get("script-src"), route).toEqual(["'self'", sha(INLINE)]);
      expect(csp.get("object-src"), route).toEqual(["'none'"]);
      expect(csp.get("frame-ancestors"), route).toEqual(["'none'"]);
      expect(csp.get("base-uri"), route).toEqual(["'self'"]);
      expect(csp.get("connect-src"), route).toContain("'self'");
      const all = res.headers.get("content-security-policy") ?? "";
      expect(all).not.toMatch(/unsafe-inline|unsafe-eval|\*/);
      expect(res.headers.get("x-content-type-options"), route).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), route).toBe("DENY");
      expect(res.headers.get("referrer-policy"), route).toBe("no-referrer");
      // Plain HTTP: no HSTS (a browser would ignore it, and a proxy may terminate TLS).
      expect(res.headers.get("strict-transport-security"), route).toBeNull();
    }
  });

  it("sends HSTS only when a trusted proxy says the request came over HTTPS", async () => {
    const viaProxy = await fetch(`${suite.server.url}/`, {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(viaProxy.headers.get("strict-transport-security")).toMatch(/^max-age=31536000/);
  });

  it("gives the sign-in pages the hashes of their own inline script and style only", async () => {
    const res = await fetch(`${suite.server.url}/api/login/nobody`);
    const html = await res.text();
    const script = /<script>([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "";
    const style = /<style>([\s\S]*?)<\/style>/.exec(html)?.[1] ?? "";
    const csp = directives(res.headers.get("content-security-policy"));
    expect(csp.get("script-src")).toEqual(["'self'", sha(script)]);
    expect(csp.get("style-src")).toEqual(["'self'", sha(style)]);
    expect(csp.get("frame-ancestors")).toEqual(["'none'"]);
  });

  it("keeps popups' openers on the game's pages and lets the sign-in pages keep theirs", async () => {
    for (const route of ["/", "/settings", "/api/health"]) {
      const res = await fetch(`${suite.server.url}${route}`);
      await res.body?.cancel();
      expect(res.headers.get("cross-origin-opener-policy"), route).toBe("same-origin-allow-popups");
    }
    // A popup passes through these on its way to and back from a provider: an opener policy
    // other than unsafe-none there cuts it off from the game's window.
    for (const route of [
      "/api/login/nobody",
      "/api/link/nobody?ticket=x",
      "/api/link/nobody/continue?failed=noTicket",
      "/api/auth/callback/nobody?state=x&code=y",
    ]) {
      const res = await fetch(`${suite.server.url}${route}`, { redirect: "manual" });
      await res.body?.cancel();
      expect(res.headers.get("cross-origin-opener-policy"), route).toBe("unsafe-none");
    }
  });
});

describe("HSTS from an untrusted peer", () => {
  const suite = serverSuite(testStores()[0]!, { TRUST_PROXY: "10.0.0.0/8" });

  it("is not sent when X-Forwarded-Proto comes from a peer that is not a trusted proxy", async () => {
    const res = await fetch(`${suite.server.url}/api/health`, {
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("content-security-policy")).toContain("default-src 'self'");
  });
});
