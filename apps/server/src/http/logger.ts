import type { FastifyInstance, FastifyServerOptions } from "fastify";
import type { Config } from "../config";

/**
 * The server's logger: pino at `LOG_LEVEL`, as pretty lines (pino-pretty, in its own thread)
 * when `LOG_FORMAT=pretty` or, unset, when standard output is a terminal; JSON otherwise.
 */
export function loggerOptions(
  config: Pick<Config, "LOG_LEVEL" | "LOG_FORMAT">,
  isTty: boolean = process.stdout.isTTY === true,
): FastifyServerOptions["logger"] {
  const pretty = (config.LOG_FORMAT ?? (isTty ? "pretty" : "json")) === "pretty";
  if (!pretty || config.LOG_LEVEL === "silent") return { level: config.LOG_LEVEL };
  return {
    level: config.LOG_LEVEL,
    transport: {
      target: "pino-pretty",
      options: { translateTime: "SYS:HH:MM:ss", ignore: "pid,hostname,reqId", singleLine: true },
    },
  };
}

/** Paths polled by load balancers and monitors: logged at debug only. */
const QUIET_PATHS = new Set(["/api/health", "/api/ready", "/metrics"]);

/**
 * One line per request when it completes (Fastify's own two lines per request are off): API
 * calls at info, health checks and static files at debug, server errors at error.
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook("onResponse", async (req, reply) => {
    const path = (req.raw.url ?? "/").split("?")[0] ?? "/";
    const line = `${req.method} ${path} ${reply.statusCode} ${reply.elapsedTime.toFixed(0)} ms`;
    if (reply.statusCode >= 500) req.log.error(line);
    else if (QUIET_PATHS.has(path) || !path.startsWith("/api/")) req.log.debug(line);
    else req.log.info(line);
  });
}
