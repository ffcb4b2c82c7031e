import type { FastifyError, FastifyInstance } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** The stable `code` of each HTTP status the API answers with (issue 28: one error shape). */
const CODES: Record<number, string> = {
  400: "bad_request",
  401: "unauthorized",
  403: "forbidden",
  404: "not_found",
  405: "method_not_allowed",
  409: "conflict",
  413: "payload_too_large",
  415: "unsupported_media_type",
  429: "rate_limited",
  500: "internal",
  502: "bad_gateway",
  503: "unavailable",
};

export function errorCode(status: number): string {
  return CODES[status] ?? (status >= 500 ? "internal" : "bad_request");
}

/** What a person is told for a status when the error itself should not be shown. */
function plainMessage(status: number): string {
  if (status === 413) return "The request body is too large.";
  if (status === 415) return "Send the body as application/json.";
  if (status >= 500) return "Something went wrong on the server; try again later.";
  return "The request is malformed.";
}

type Thrown = Partial<FastifyError> & { error?: unknown; statusCode?: number };

/**
 * Every 4xx and 5xx of the HTTP API answers `{ "error": "…", "code": "…" }`:
 * - errors thrown anywhere, Fastify's own included (validation of parameters, malformed or
 *   too large bodies, wrong content types) and the rate limit's 429, go through one handler;
 * - answers a route sends itself with `{ error }` get their `code` from the status
 *   (a `preSerialization` hook), so no route has to remember it.
 * Call it first on the root instance: the handler and the hook reach every route after it.
 */
export function oneErrorShape(app: FastifyInstance): void {
  app.setErrorHandler((err: Thrown, req, reply) => {
    let status = Number(err.statusCode ?? 500);
    if (!(status >= 400 && status <= 599)) status = 500;
    let message: string;
    if (hasZodFastifySchemaValidationErrors(err)) {
      status = 400;
      message = err.validation
        .map((v) => {
          const where = `${err.validationContext ?? ""}${v.instancePath.replaceAll("/", ".")}`;
          return `${where.replace(/^\./, "")}: ${v.message}`;
        })
        .join("; ");
    } else if (err.validation) {
      message = `${err.validationContext ?? "request"}: ${err.message}`;
    } else if (typeof err.error === "string") {
      message = err.error; // the rate limit's builder
    } else if (status < 500 && err.code?.startsWith("FST_")) {
      message = status === 400 ? `The request is malformed: ${err.message}` : plainMessage(status);
    } else if (status < 500 && err.message) {
      message = err.message;
    } else {
      message = plainMessage(status);
    }
    if (status >= 500) req.log.error({ err }, "request failed");
    return reply.code(status).send({ error: message, code: errorCode(status) });
  });

  app.setNotFoundHandler((_req, reply) =>
    reply.code(404).send({ error: "Not found", code: "not_found" }),
  );

  app.addHook("preSerialization", async (_req, reply, payload) => {
    if (reply.statusCode < 400 || payload === null || typeof payload !== "object") return payload;
    const body = payload as Record<string, unknown>;
    if (Array.isArray(body) || typeof body.code === "string") return payload;
    if (typeof body.error === "string") return { ...body, code: errorCode(reply.statusCode) };
    return { error: plainMessage(reply.statusCode), ...body, code: errorCode(reply.statusCode) };
  });
}
