import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { ClientRoutes } from "./client-routes";

/** One file of the built client, held in memory with its compressed copies. */
export interface WebFile {
  body: Buffer;
  br: Buffer | undefined;
  gzip: Buffer | undefined;
  type: string;
  etag: string;
  cacheControl: string;
}

const TYPES: Record<string, string> = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json; charset=utf-8",
  ".webmanifest": "application/manifest+json; charset=utf-8",
  ".svg": "image/svg+xml",
  ".txt": "text/plain; charset=utf-8",
  ".xml": "application/xml; charset=utf-8",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".woff2": "font/woff2",
};

/** Worth compressing: text. (PNG, WebP and WOFF2 are compressed already.) */
const COMPRESSIBLE = /^(text\/|application\/(json|manifest\+json|xml)|image\/svg\+xml)/;
/** Below this size compression saves less than its headers cost. */
const MIN_COMPRESS_BYTES = 512;

/** Hashed build output: its name changes with its content, so it may be kept for a year. */
export const IMMUTABLE = "public, max-age=31536000, immutable";
/** The page, the service worker and the manifest: always asked again (a 304 when unchanged). */
export const REVALIDATE = "no-cache";
/** Icons and robots.txt: a day. */
const DAY = "public, max-age=86400";

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith("/assets/")) return IMMUTABLE;
  if (/\.(html|js|mjs|json|webmanifest)$/.test(urlPath)) return REVALIDATE;
  return DAY;
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walk(file) : [file];
  });
}

function readIfExists(file: string): Buffer | undefined {
  return existsSync(file) ? readFileSync(file) : undefined;
}

/**
 * Reads the build into memory (a few hundred KiB): each file with its `.br` and `.gz` copies
 * (written by the web build; made here when missing). Source maps are not served: they stay
 * on disk for the operator, not public.
 */
export function loadWebFiles(dist: string): Map<string, WebFile> {
  const files = new Map<string, WebFile>();
  for (const file of walk(dist)) {
    if (/\.(map|br|gz)$/.test(file)) continue;
    const urlPath = `/${path.relative(dist, file).split(path.sep).join("/")}`;
    const body = readFileSync(file);
    const type = TYPES[path.extname(file).toLowerCase()] ?? "application/octet-stream";
    const compress = COMPRESSIBLE.test(type) && body.length >= MIN_COMPRESS_BYTES;
    files.set(urlPath, {
      body,
      br: compress
        ? (readIfExists(`${file}.br`) ??
          brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }))
        : undefined,
      gzip: compress ? (readIfExists(`${file}.gz`) ?? gzipSync(body, { level: 9 })) : undefined,
      type,
      etag: `"${createHash("sha1").update(body).digest("base64url")}"`,
      cacheControl: cacheControlFor(urlPath),
    });
  }
  return files;
}

/** The best encoding the request accepts among Brotli and gzip (q=0 refuses one). */
export function pickEncoding(acceptEncoding: string | undefined): "br" | "gzip" | undefined {
  if (!acceptEncoding) return undefined;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(",")) {
    const [name = "", ...params] = part.trim().toLowerCase().split(";");
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const star = accepted.get("*");
  const ok = (name: string) => (accepted.get(name) ?? star ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return undefined;
}

function send(
  req: FastifyRequest,
  reply: FastifyReply,
  file: WebFile,
  status: number,
  cacheControl = file.cacheControl,
): FastifyReply {
  reply.code(status).header("content-type", file.type).header("cache-control", cacheControl);
  if (file.br || file.gzip) reply.header("vary", "Accept-Encoding");
  if (status === 200) {
    reply.header("etag", file.etag);
    if (req.headers["if-none-match"] === file.etag) return reply.code(304).send();
  }
  const encoding = file.br || file.gzip ? pickEncoding(req.headers["accept-encoding"]) : undefined;
  const body = encoding === "br" ? file.br : encoding === "gzip" ? file.gzip : undefined;
  if (body && encoding) return reply.header("content-encoding", encoding).send(body);
  return reply.send(file.body);
}

/** Paths the server itself answers (or upgrades): never the client's page. */
function isServerPath(pathname: string): boolean {
  return (
    pathname === "/api" ||
    pathname.startsWith("/api/") ||
    pathname === "/ws" ||
    pathname.startsWith("/ws/") ||
    pathname === "/metrics"
  );
}

/**
 * Serves the built web client from memory: each file compressed (Brotli or gzip, as the
 * browser accepts), hashed assets cached for a year as immutable, the page, service worker
 * and manifest revalidated every time. An address of one of the client's screens gets
 * index.html with 200; an unknown address gets index.html with 404 (the client shows its
 * not-found screen) and an unknown file a plain 404.
 */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!dist || !existsSync(path.join(dist, "index.html"))) return false;
  const files = loadWebFiles(dist);
  const index = files.get("/index.html") as WebFile;
  const routesFile = files.get("/client-routes.json");
  const routes = routesFile ? ClientRoutes.parse(routesFile.body.toString("utf8")) : undefined;

  app.get("/*", (req, reply) => {
    const raw = (req.raw.url ?? "/").split("?")[0] ?? "/";
    let pathname: string;
    try {
      pathname = decodeURIComponent(raw);
    } catch {
      return reply.code(400).send({ error: "Bad address" });
    }
    if (isServerPath(pathname)) return reply.code(404).send({ error: "Not found" });
    const file = files.get(pathname === "/" ? "/index.html" : pathname);
    if (file) return send(req, reply, file, 200);
    const lastSegment = pathname.slice(pathname.lastIndexOf("/") + 1);
    if (routes ? routes.matches(pathname) : !lastSegment.includes(".")) {
      return send(req, reply, index, 200, REVALIDATE);
    }
    if (lastSegment.includes(".")) {
      return reply
        .code(404)
        .header("cache-control", REVALIDATE)
        .type("text/plain; charset=utf-8")
        .send("Not found");
    }
    return send(req, reply, index, 404, REVALIDATE);
  });
  return true;
}
