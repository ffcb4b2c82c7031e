import { createHash } from "node:crypto";
import helmet from "@fastify/helmet";
import type { FastifyInstance, FastifyReply } from "fastify";

/** HSTS for a year, subdomains included, sent only on requests that came over HTTPS. */
export const HSTS = "max-age=31536000; includeSubDomains";

/** `'sha256-…'` of each inline `<script>` (one without `src`) or `<style>` element of a page. */
export function inlineHashes(html: string, element: "script" | "style"): string[] {
  const re =
    element === "script"
      ? /<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/gi
      : /<style[^>]*>([\s\S]*?)<\/style>/gi;
  return [...html.matchAll(re)]
    .map((m) => m[1] ?? "")
    .filter((body) => body !== "")
    .map((body) => `'sha256-${createHash("sha256").update(body, "utf8").digest("base64")}'`);
}

export interface PolicyOptions {
  /** Hashes of the inline scripts and styles the page may run. */
  scriptHashes?: readonly string[];
  styleHashes?: readonly string[];
  /** PUBLIC_URL: its socket origin (ws/wss) is allowed besides `'self'`. */
  publicUrl?: string | undefined;
}

/** CSP directives (helmet's form): only this origin, plus the given inline hashes. */
export function cspDirectives(options: PolicyOptions): Record<string, string[]> {
  const connect = ["'self'"];
  if (options.publicUrl) {
    const u = new URL(options.publicUrl);
    connect.push(`${u.protocol === "https:" ? "wss:" : "ws:"}//${u.host}`);
  }
  return {
    "default-src": ["'self'"],
    "script-src": ["'self'", ...(options.scriptHashes ?? [])],
    "style-src": ["'self'", ...(options.styleHashes ?? [])],
    // Emotes come through /api/emotes; icons and generated images are data:/blob: URLs.
    "img-src": ["'self'", "data:", "blob:"],
    "font-src": ["'self'"],
    "connect-src": connect,
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    "form-action": ["'self'"],
    "frame-ancestors": ["'none'"],
  };
}

/** The Content-Security-Policy header value for the given directives. */
export function policyHeader(directives: Record<string, string[]>): string {
  return Object.entries(directives)
    .map(([name, values]) => `${name} ${values.join(" ")}`)
    .join("; ");
}

/**
 * A server-generated page's policy: the site's, with the hashes of that page's own inline
 * scripts and styles. Sets it on the reply (it replaces the site's policy for this answer).
 */
export function sendPagePolicy(reply: FastifyReply, html: string, publicUrl?: string): void {
  const directives = cspDirectives({
    scriptHashes: inlineHashes(html, "script"),
    styleHashes: inlineHashes(html, "style"),
    publicUrl,
  });
  reply.header("content-security-policy", policyHeader(directives));
}

/**
 * The opener policy of the pages a sign-in popup passes through on this origin (the start
 * redirects, the link check page, the completion page): `unsafe-none`. The site's
 * `same-origin-allow-popups` on them would put the popup in a new browsing context group when
 * it goes on to a provider (or comes back from one): the game's window would lose it (its
 * `closed` reads true while the player is still at the provider) and, a second later, open
 * the same address in its own window (spec 000 section 7's fallback), while the completion
 * page would have no opener to post its result to.
 */
export function allowOpener(reply: FastifyReply): void {
  reply.header("cross-origin-opener-policy", "unsafe-none");
}

/**
 * Security headers on every answer (@fastify/helmet): a strict CSP (the web client's page
 * with the hashes of its inline scripts, never `'unsafe-inline'` or `'unsafe-eval'`),
 * nosniff, `frame-ancestors 'none'` and X-Frame-Options DENY, Referrer-Policy no-referrer,
 * and HSTS only on requests that came over HTTPS (directly, or per X-Forwarded-Proto from a
 * trusted proxy: see TRUST_PROXY). The opener policy keeps popups' openers (the sign-in
 * providers' popups post their result back); the sign-in pages themselves allow any opener
 * (`allowOpener`).
 */
export async function securityHeaders(
  app: FastifyInstance,
  options: { indexHtml: string | undefined; publicUrl: string | undefined },
): Promise<void> {
  const page = options.indexHtml ?? "";
  const directives = cspDirectives({
    scriptHashes: inlineHashes(page, "script"),
    styleHashes: inlineHashes(page, "style"),
    publicUrl: options.publicUrl,
  });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives },
    crossOriginOpenerPolicy: { policy: "same-origin-allow-popups" },
    // Push services and identity providers are reached by the browser itself, not embedded.
    crossOriginResourcePolicy: { policy: "same-origin" },
    referrerPolicy: { policy: "no-referrer" },
    frameguard: { action: "deny" },
    hsts: false,
  });
  app.addHook("onRequest", async (req, reply) => {
    if (req.protocol === "https") reply.header("strict-transport-security", HSTS);
  });
}
