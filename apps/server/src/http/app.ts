import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import type { Config } from "../config";
import { oneErrorShape } from "./api-errors";
import { compressResponses } from "./compression";
import { loggerOptions, logRequests } from "./logger";
import { publicCors } from "./public-api/cors";
import { openApiDocument } from "./public-api/openapi";
import { PUBLIC_API_VERSION } from "./public-api-routes";
import { securityHeaders } from "./security-headers";
import type { TrustFunction } from "./trusted-proxy";

/**
 * The public HTTP listener before any route: logging, one error shape, security headers,
 * compression, CORS for the public API and its OpenAPI document.
 */
export async function createHttpApp(
  config: Config,
  trustProxy: TrustFunction,
): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config),
    // logRequests writes one line per request instead, quiet for health checks and files.
    logController: new LogController({ disableRequestLogging: true }),
    // The client is the right-most X-Forwarded-For address that is not a trusted proxy.
    trustProxy: config.TRUST_PROXY === false ? false : trustProxy,
    bodyLimit: 16 * 1024,
  });
  oneErrorShape(app);
  logRequests(app);
  const indexFile = config.WEB_DIST ? path.join(config.WEB_DIST, "index.html") : "";
  await securityHeaders(app, {
    indexHtml: indexFile && existsSync(indexFile) ? readFileSync(indexFile, "utf8") : undefined,
    publicUrl: config.PUBLIC_URL,
  });
  await compressResponses(app);
  await publicCors(app);
  await openApiDocument(app, PUBLIC_API_VERSION);
  return app;
}
