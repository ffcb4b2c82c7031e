import etag from "@fastify/etag";
import swagger from "@fastify/swagger";
import type { FastifyInstance } from "fastify";
import {
  jsonSchemaTransform,
  jsonSchemaTransformObject,
  validatorCompiler,
} from "fastify-type-provider-zod";

/** Where the document is served. */
export const OPENAPI_PATH = "/api/openapi.json";

/** The public read API: these paths and everything under them (and the document itself). */
const PUBLIC_PREFIXES = ["/api/market", "/api/players/", "/api/leaderboards/", "/api/guilds"];

export function isPublicPath(path: string): boolean {
  if (path === OPENAPI_PATH) return true;
  return PUBLIC_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith("/") ? p : `${p}/`));
}

/**
 * The public API's OpenAPI 3.1 document (issue 28), made by `@fastify/swagger` from the zod
 * schemas the routes declare (`public-api/schemas.ts`), served at {@link OPENAPI_PATH}. Only
 * routes with tags are in it (the public ones); a public GET route declared without a tagged
 * schema stops the server from starting, so no public route can go undescribed.
 * Register it before the routes.
 */
export async function openApiDocument(app: FastifyInstance, version: string): Promise<void> {
  app.addHook("onRoute", (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes("GET") || route.url === OPENAPI_PATH) return;
    if (!isPublicPath(route.url.replace(/:[^/]+/g, "x"))) return;
    const schema = route.schema as { tags?: string[]; response?: unknown } | undefined;
    if (!schema?.tags?.length || !schema.response) {
      throw new Error(
        `public route GET ${route.url} has no OpenAPI description (schema with tags and response)`,
      );
    }
  });

  await app.register(swagger, {
    hideUntagged: true,
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "Manaspire public API",
        version,
        description:
          'Read-only JSON for community tools: market prices and candles, players, leaderboards and guilds. No sign-in; any origin may call it from a browser (CORS, no credentials). Every error answers `{ "error": "…", "code": "…" }`.',
      },
      tags: [
        { name: "Market", description: "Best prices, price history and the live stream." },
        { name: "Players", description: "Public profiles." },
        { name: "Leaderboards", description: "Ranked boards of the whole world or a guild." },
        { name: "Guilds", description: "Guild list and, with the guild's key, its details." },
      ],
      components: {
        securitySchemes: {
          guildKey: {
            type: "http",
            scheme: "bearer",
            description:
              "The guild's API key, made by its leader on the guild's Info page. Send it as `Authorization: Bearer <key>` (recommended) or as `?apikey=` (kept by proxies and logs).",
          },
        },
      },
    },
    transform: jsonSchemaTransform,
    transformObject: jsonSchemaTransformObject,
  });

  app.get(OPENAPI_PATH, { schema: { hide: true } }, async (_req, reply) => {
    reply.header("cache-control", "public, max-age=60");
    return app.swagger();
  });
}

/**
 * Makes a plugin scope of public routes read their zod schemas and send ETags: parameters are validated by zod (a bad one
 * answers 400 in the one error shape); answers are written as they are (the contract tests,
 * not every request, check them against the document).
 */
export async function zodScope(scope: FastifyInstance): Promise<void> {
  scope.setValidatorCompiler(validatorCompiler);
  scope.setSerializerCompiler(() => (data) => JSON.stringify(data));
  // A weak ETag on every answer; `If-None-Match` with it gets 304 and no body.
  await scope.register(etag, { weak: true });
}
