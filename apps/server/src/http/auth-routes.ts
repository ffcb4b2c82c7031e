import rateLimit from "@fastify/rate-limit";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { GUESTS_PER_IP, SIGN_IN_PER_IP } from "../auth/sign-in-limits";
import { AccountError, type AccountService, type SignInMeta } from "../services/accounts";
import type { HttpLimits } from "./shared-limits";

const credentials = z.object({
  username: z.string().max(100),
  password: z.string().max(1000),
  /** Sign-up only: the referring player's id (the spec's `ref`, kept by the browser). */
  ref: z.union([z.number(), z.string().max(20)]).optional(),
});

/** A guest's sign-up: only the referring player's id, as for a named one. */
const guestBody = z.object({ ref: credentials.shape.ref });

/**
 * POST /api/auth/register, /api/auth/login, /api/auth/guest → { token } or { error }; register
 * and guest take the referring player's id (`ref`, from a `?ref=` link).
 * Limits per address (see sign-in-limits.ts): register and login share one budget, guest
 * creation (which creates rows) has its own; a name's failed logins are limited in
 * {@link AccountService.login}.
 */
export async function authRoutes(
  app: FastifyInstance,
  accounts: AccountService,
  limits: HttpLimits,
): Promise<void> {
  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...SIGN_IN_PER_IP,
      ...limits.store("sign-in"),
      errorResponseBuilder: tooMany,
    });

    scope.post("/api/auth/register", async (req, reply) => {
      const body = credentials.safeParse(req.body);
      if (!body.success) return reply.code(400).send({ error: "Enter a name and a password." });
      return answer(reply, () =>
        accounts.register(
          body.data.username,
          body.data.password,
          meta(req),
          Number(body.data.ref ?? 0) || 0,
        ),
      );
    });

    scope.post("/api/auth/login", async (req, reply) => {
      const body = credentials.safeParse(req.body);
      if (!body.success) return reply.code(400).send({ error: "Enter a name and a password." });
      return answer(reply, () => accounts.login(body.data.username, body.data.password, meta(req)));
    });
  });

  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...GUESTS_PER_IP,
      ...limits.store("guest"),
      errorResponseBuilder: tooMany,
    });

    scope.post("/api/auth/guest", async (req, reply) => {
      const body = guestBody.safeParse(req.body ?? {});
      const ref = body.success ? Number(body.data.ref ?? 0) || 0 : 0;
      return answer(reply, () => accounts.guest(meta(req), ref));
    });
  });
}

function tooMany(_req: unknown, context: { ttl: number }) {
  const minutes = Math.ceil(context.ttl / 60_000);
  const wait = minutes <= 1 ? "a minute" : `${minutes} minutes`;
  return { statusCode: 429, error: `Too many attempts; wait ${wait} and try again.` };
}

/** What the activity log needs to know about where a sign-in came from. */
function meta(req: { headers: { "user-agent"?: string | undefined } }): SignInMeta {
  return { userAgent: req.headers["user-agent"] };
}

async function answer(
  reply: { code(status: number): { send(body: unknown): unknown } },
  issue: () => Promise<string>,
) {
  try {
    return { token: await issue() };
  } catch (err) {
    if (err instanceof AccountError) return reply.code(err.status).send({ error: err.message });
    throw err;
  }
}
