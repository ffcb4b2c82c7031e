import rateLimit from "@fastify/rate-limit";
import { validateNewPlayerName } from "@manaspire/game";
import { eq } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import type { IdentityProvider } from "../auth/identity-providers";
import { OAUTH_PER_IP } from "../auth/sign-in-limits";
import type { TokenService } from "../auth/tokens";
import type { Db } from "../db/client";
import { players } from "../db/schema";
import { AccountError } from "../services/accounts";
import type { ExternalUser, IdentityService } from "../services/identities";
import { type Flow, FlowIntent, type OAuthFlows } from "../services/oauth-flows";
import { findPlayerByName } from "../services/player-directory";
import { type Completion, completionPage } from "./oauth-complete-page";
import { linkCheckPage } from "./oauth-link-page";
import { allowOpener, sendPagePolicy } from "./security-headers";
import type { HttpLimits } from "./shared-limits";

/** The cookie that binds a flow to the browser that started it (holds the OAuth state). */
export const STATE_COOKIE = "manaspire_oauth";
const CALLBACK_PATH = "/api/auth/callback";

export interface OAuthRouteDeps {
  db: Db;
  providers: readonly IdentityProvider[];
  flows: OAuthFlows;
  identities: IdentityService;
  tokens: TokenService;
  /** PUBLIC_URL; unset, the request's own address is used. */
  publicUrl: string | undefined;
  limits: HttpLimits;
}

const MESSAGES = {
  unknownProvider: "That sign-in method is not offered on this server.",
  notThisBrowser: "This sign-in was started in another browser or has expired. Please try again.",
  usedOrExpired: "This sign-in has expired or was already used. Please try again.",
  noTicket: "This link has expired. Please try again from the game.",
  otherAccount:
    "This link was made for another account. Sign in to your own account to link a sign-in method.",
} as const;

/**
 * Sign-in, sign-up and linking through identity providers (spec 000 section 7):
 * `GET /api/login/{provider}`, `GET /api/signup/{provider}?username=&ref=`, the link address
 * `linkIdentity` hands out (`GET /api/link/{provider}?ticket=`), the providers' return
 * `GET /api/auth/callback/{provider}`, and `GET /api/auth/providers` (what this server offers).
 * Every step that ends the flow answers with the completion page (oauth-complete-page.ts).
 */
export async function oauthRoutes(app: FastifyInstance, deps: OAuthRouteDeps): Promise<void> {
  const byId = new Map(deps.providers.map((p) => [p.id, p]));

  app.get("/api/auth/providers", async (_req, reply) => {
    reply.header("cache-control", "no-cache");
    return {
      providers: deps.providers.map((p) => ({ id: p.id, name: p.name })),
      password: true,
      guest: true,
    };
  });

  await app.register(async (scope) => {
    await scope.register(rateLimit, {
      ...OAUTH_PER_IP,
      ...deps.limits.store("oauth"),
      errorResponseBuilder: () => ({
        statusCode: 429,
        error: "Too many attempts; wait a minute and try again.",
      }),
    });

    scope.get<{ Params: { provider: string } }>("/api/login/:provider", async (req, reply) => {
      const provider = byId.get(req.params.provider);
      if (!provider) return fail(reply, FlowIntent.SignIn, "/", MESSAGES.unknownProvider);
      const flow = await deps.flows.start({
        provider: provider.id,
        intent: FlowIntent.SignIn,
        usesNonce: provider.usesNonce,
        redirectUri: redirectUri(req, deps.publicUrl, provider.id),
      });
      return toProvider(reply, provider, flow);
    });

    scope.get<{ Params: { provider: string }; Querystring: { username?: string; ref?: string } }>(
      "/api/signup/:provider",
      async (req, reply) => {
        const provider = byId.get(req.params.provider);
        if (!provider) return fail(reply, FlowIntent.SignUp, "/", MESSAGES.unknownProvider);
        const username = String(req.query.username ?? "").trim();
        const nameError = validateNewPlayerName(username);
        if (nameError) return fail(reply, FlowIntent.SignUp, "/", nameError);
        if (await findPlayerByName(deps.db, username)) {
          return fail(reply, FlowIntent.SignUp, "/", "That name is taken.");
        }
        const flow = await deps.flows.start({
          provider: provider.id,
          intent: FlowIntent.SignUp,
          usesNonce: provider.usesNonce,
          redirectUri: redirectUri(req, deps.publicUrl, provider.id),
          username,
          referrerId: parseReferrer(req.query.ref),
        });
        return toProvider(reply, provider, flow);
      },
    );
  });

  // Not limited per address: link tickets are limited per player where they are made (the
  // socket). The link address serves a page whose script sends this browser's login token with
  // the ticket (a same-origin JSON POST, below): the server itself checks that the token is of
  // the ticket's account before it binds the flow to this browser (the state cookie). A ticket
  // someone else made and sent cannot link the victim's identity to the sender's account.
  app.get<{ Params: { provider: string }; Querystring: { ticket?: string } }>(
    "/api/link/:provider",
    async (req, reply) => {
      const provider = byId.get(req.params.provider);
      if (!provider) return fail(reply, FlowIntent.Link, "/account", MESSAGES.unknownProvider);
      const ticket = validTicket(req.query.ticket);
      const accountId = ticket ? await deps.flows.ticketAccount(ticket, provider.id) : undefined;
      if (!ticket || accountId === undefined) {
        return fail(reply, FlowIntent.Link, "/account", MESSAGES.noTicket);
      }
      reply.header("cache-control", "no-store");
      reply.header("referrer-policy", "no-referrer");
      allowOpener(reply);
      const page = linkCheckPage(provider.id, ticket);
      sendPagePolicy(reply, page);
      return reply.type("text/html; charset=utf-8").send(page);
    },
  );

  // The check page's POST: { ticket, token } → { url } (the provider, with the state cookie
  // set), or { url } of the error page. Only a same-origin script can send it: JSON (a form
  // cannot, and another site's fetch of it needs a preflight nobody answers) and, when the
  // browser says where it comes from, from this origin.
  app.post<{ Params: { provider: string } }>("/api/link/:provider/continue", async (req, reply) => {
    reply.header("cache-control", "no-store");
    const origin = req.headers.origin;
    const json = /^application\/json\b/i.test(req.headers["content-type"] ?? "");
    if (!json || (origin !== undefined && origin !== ownOrigin(req, deps.publicUrl))) {
      return reply.code(403).send({ error: "Forbidden" });
    }
    const provider = byId.get(req.params.provider);
    const failed = (reason: LinkFailure) => ({
      url: `/api/link/${encodeURIComponent(req.params.provider)}/continue?failed=${reason}`,
    });
    if (!provider) return failed("unknownProvider");
    const body = linkContinue.safeParse(req.body);
    const ticket = body.success ? validTicket(body.data.ticket) : undefined;
    if (!body.success || !ticket) return failed("noTicket");
    const owner = await deps.flows.ticketAccount(ticket, provider.id);
    if (owner === undefined) return failed("noTicket");
    const signedIn = await deps.tokens.verify(body.data.token);
    if (!signedIn.ok || signedIn.claims.accountId !== owner) {
      await deps.flows.dropTicket(ticket);
      return failed("otherAccount");
    }
    const flow = await deps.flows.redeem(
      ticket,
      provider.id,
      redirectUri(req, deps.publicUrl, provider.id),
    );
    if (!flow) return failed("noTicket");
    const url = await authorizationUrl(reply, provider, flow);
    if (url === undefined) return failed("unavailable");
    return { url };
  });

  // Where the check page goes when the link cannot go on (and an old link address): the
  // completion page with the reason.
  app.get<{ Params: { provider: string }; Querystring: { failed?: string } }>(
    "/api/link/:provider/continue",
    async (req, reply) => {
      const provider = byId.get(req.params.provider);
      const reason = req.query.failed;
      const message =
        reason === "otherAccount"
          ? MESSAGES.otherAccount
          : reason === "unavailable" && provider
            ? unavailable(provider)
            : !provider
              ? MESSAGES.unknownProvider
              : MESSAGES.noTicket;
      return fail(reply, FlowIntent.Link, "/account", message);
    },
  );

  // Not limited: it does work (a token request) only for a flow a limited start stored.
  app.get<{ Params: { provider: string }; Querystring: Record<string, string | undefined> }>(
    `${CALLBACK_PATH}/:provider`,
    async (req, reply) => callback(req, reply, deps, byId),
  );
}

async function callback(
  req: FastifyRequest<{
    Params: { provider: string };
    Querystring: Record<string, string | undefined>;
  }>,
  reply: FastifyReply,
  deps: OAuthRouteDeps,
  byId: ReadonlyMap<string, IdentityProvider>,
) {
  const provider = byId.get(req.params.provider);
  const state = typeof req.query.state === "string" ? req.query.state : "";
  const cookieState = readCookie(req.headers.cookie, STATE_COOKIE);
  // The flow is this browser's only if it holds the state in its cookie (login CSRF).
  if (!provider || !state || !cookieState || cookieState !== state) {
    return fail(
      reply,
      FlowIntent.SignIn,
      "/",
      provider ? MESSAGES.notThisBrowser : MESSAGES.unknownProvider,
    );
  }
  clearStateCookie(reply, deps.publicUrl, req);
  const flow = await deps.flows.take(state);
  if (!flow || flow.provider !== provider.id) {
    return fail(reply, FlowIntent.SignIn, "/", MESSAGES.usedOrExpired);
  }
  const providerError = req.query.error;
  if (typeof providerError === "string" && providerError !== "") {
    const text =
      providerError === "access_denied"
        ? `You declined to sign in with ${provider.name}.`
        : `${provider.name} refused the sign-in (${providerError.slice(0, 60)}).`;
    return fail(reply, flow.intent, flow.returnTo, text);
  }
  let user: ExternalUser;
  try {
    const url = new URL(flow.redirectUri);
    url.search = new URLSearchParams(
      Object.entries(req.query).filter((e): e is [string, string] => typeof e[1] === "string"),
    ).toString();
    const found = await provider.finish(url, {
      state: flow.state,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });
    user = { provider: provider.id, providerName: provider.name, ...found };
  } catch (err) {
    req.log.warn({ err, provider: provider.id }, "identity provider sign-in failed");
    return fail(
      reply,
      flow.intent,
      flow.returnTo,
      `${provider.name} could not confirm the sign-in. Please try again.`,
    );
  }
  const meta = { userAgent: req.headers["user-agent"] };
  try {
    if (flow.intent === FlowIntent.SignIn) {
      return done(reply, {
        type: "oauth-success",
        data: await deps.identities.signIn(user, meta),
        next: "/",
      });
    }
    if (flow.intent === FlowIntent.SignUp) {
      const token = await deps.identities.signUp(
        user,
        flow.username ?? "",
        flow.referrerId ?? 0,
        meta,
      );
      return done(reply, { type: "oauth-success", data: token, next: "/" });
    }
    const accountId = flow.accountId ?? 0;
    await deps.identities.link(accountId, user);
    const [player] = await deps.db
      .select({ id: players.id })
      .from(players)
      .where(eq(players.accountId, accountId));
    if (!player) throw new AccountError("Player not found", 401);
    const token = await deps.tokens.issue({ accountId, playerId: player.id });
    return done(reply, { type: "oauth-success", data: token, next: flow.returnTo });
  } catch (err) {
    if (err instanceof AccountError) return fail(reply, flow.intent, flow.returnTo, err.message);
    throw err;
  }
}

/** Sends the browser to the provider, binding the flow to it with the state cookie. */
async function toProvider(reply: FastifyReply, provider: IdentityProvider, flow: Flow) {
  const url = await authorizationUrl(reply, provider, flow);
  if (url === undefined) return fail(reply, flow.intent, flow.returnTo, unavailable(provider));
  reply.header("referrer-policy", "no-referrer");
  allowOpener(reply);
  return reply.redirect(url, 302);
}

/**
 * The provider's authorization address for a flow, with the state cookie set on the reply
 * (binding the flow to this browser); undefined when the provider cannot be reached.
 */
async function authorizationUrl(
  reply: FastifyReply,
  provider: IdentityProvider,
  flow: Flow,
): Promise<string | undefined> {
  let url: URL;
  try {
    url = await provider.authorizationUrl(flow.redirectUri, {
      state: flow.state,
      codeVerifier: flow.codeVerifier,
      nonce: flow.nonce,
    });
  } catch (err) {
    reply.log.warn({ err, provider: provider.id }, "identity provider unreachable");
    return undefined;
  }
  const secure = flow.redirectUri.startsWith("https:") ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${STATE_COOKIE}=${flow.state}; Path=${CALLBACK_PATH}; Max-Age=600; HttpOnly; SameSite=Lax${secure}`,
  );
  reply.header("cache-control", "no-store");
  return url.href;
}

function unavailable(provider: IdentityProvider): string {
  return `${provider.name} sign-in is unavailable right now. Please try again later.`;
}

type LinkFailure = "unknownProvider" | "noTicket" | "otherAccount" | "unavailable";

const linkContinue = z.object({ ticket: z.string().max(100), token: z.string().max(4000) });

/** This server's origin as the browser sees it (PUBLIC_URL, or the request's). */
function ownOrigin(req: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ? new URL(publicUrl).origin : `${req.protocol}://${req.host}`;
}

function clearStateCookie(reply: FastifyReply, publicUrl: string | undefined, req: FastifyRequest) {
  const secure = (publicUrl ?? `${req.protocol}:`).startsWith("https:") ? "; Secure" : "";
  reply.header(
    "set-cookie",
    `${STATE_COOKIE}=; Path=${CALLBACK_PATH}; Max-Age=0; HttpOnly; SameSite=Lax${secure}`,
  );
}

function done(reply: FastifyReply, completion: Completion) {
  reply.header("cache-control", "no-store");
  allowOpener(reply);
  reply.header("referrer-policy", "no-referrer");
  const page = completionPage(completion);
  sendPagePolicy(reply, page);
  return reply.type("text/html; charset=utf-8").send(page);
}

/**
 * Ends a flow with an error: the popup's opener shows it in red; in the main window the
 * sign-in screen shows it (`?message=`), or the page that started a link (`?error=`).
 */
function fail(reply: FastifyReply, intent: number, returnTo: string, message: string) {
  const next =
    intent === FlowIntent.Link
      ? `${returnTo}?error=${encodeURIComponent(message)}`
      : `/login?message=${encodeURIComponent(message)}`;
  return done(reply, { type: "oauth-error", data: message, next });
}

/** `{PUBLIC_URL or this request's origin}/api/auth/callback/{provider}`. */
function redirectUri(req: FastifyRequest, publicUrl: string | undefined, provider: string): string {
  const base = publicUrl ?? `${req.protocol}://${req.host}`;
  return `${base}${CALLBACK_PATH}/${provider}`;
}

/** A link ticket as `startLink` makes them (43 base64url characters), or undefined. */
function validTicket(ticket: string | undefined): string | undefined {
  return typeof ticket === "string" && /^[\w-]{43}$/.test(ticket) ? ticket : undefined;
}

/** The spec's `ref` (a player id; 0 or anything else means none). */
function parseReferrer(ref: string | undefined): number {
  const n = Number(ref);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** One cookie's value from a Cookie header. */
export function readCookie(header: string | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq === -1) continue;
    if (part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
