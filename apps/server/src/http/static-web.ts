import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";

/** Serves the built web client, falling back to index.html for client-side routes. */
export async function serveWeb(app: FastifyInstance, dist: string): Promise<boolean> {
  if (!dist || !existsSync(path.join(dist, "index.html"))) return false;
  // Files are logged only when something goes wrong: a page load is dozens of requests.
  await app.register(fastifyStatic, {
    root: dist,
    wildcard: false,
    maxAge: "1h",
    logLevel: "warn",
  });
  app.setNotFoundHandler((req, reply) => {
    const url = req.raw.url ?? "/";
    if (req.method !== "GET" || url.startsWith("/api/") || url.startsWith("/ws")) {
      return reply.code(404).send({ error: "Not found" });
    }
    return reply.header("cache-control", "no-cache").sendFile("index.html");
  });
  return true;
}
