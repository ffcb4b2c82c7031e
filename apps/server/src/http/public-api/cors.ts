import cors from "@fastify/cors";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { isPublicPath } from "./openapi";

/**
 * CORS for the public read API (issue 28): any origin may read it from a browser, without
 * credentials (no cookies are sent or honoured); `OPTIONS` preflights are answered (204).
 * Every other path (sign-in, the game's socket, payments) stays same-origin: no CORS headers,
 * and its preflight is a 404.
 */
export async function publicCors(app: FastifyInstance): Promise<void> {
  await app.register(cors, {
    delegator: (req: FastifyRequest, cb) => {
      const path = req.url.split("?")[0] ?? "";
      if (!isPublicPath(path)) return cb(null, { origin: false });
      cb(null, {
        origin: "*",
        credentials: false,
        methods: ["GET", "HEAD", "OPTIONS"],
        allowedHeaders: ["Authorization", "If-None-Match"],
        exposedHeaders: [
          "ETag",
          "Cache-Control",
          "RateLimit-Limit",
          "RateLimit-Remaining",
          "RateLimit-Reset",
          "Retry-After",
        ],
        maxAge: 600,
        strictPreflight: false,
      });
    },
  });
}
