import { generateKeyPairSync } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import Provider, { type Configuration, interactionPolicy } from "oidc-provider";

/**
 * A real OpenID Connect provider on 127.0.0.1 (the oidc-provider package), for the tests of
 * sign-in through identity providers. Users are any name; each has the subject `name` and
 * the e-mail `name@example.test`.
 *
 * Its login and consent step runs one of two ways:
 * - `interactive: false` (integration tests): finished at once as `next.user`, or denied
 *   when `next.deny` is set;
 * - `interactive: true` (the browser tests): a page with a name field and the buttons
 *   "Continue" and "Deny" (consent is then given with Continue).
 */
export interface TestIdentityProvider {
  issuer: string;
  /** What the next automatic login does (interactive: false). */
  next: { user: string; deny: boolean };
  /** Sets the client's redirect URIs (the game server's callback, once its port is known). */
  allowRedirects(uris: string[]): void;
  close(): Promise<void>;
}

export const TEST_CLIENT = { id: "manaspire-test", secret: "a-client-secret-for-tests" } as const;

export async function startTestIdentityProvider(
  opts: { interactive?: boolean; port?: number; redirectUris?: string[] } = {},
): Promise<TestIdentityProvider> {
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => {
    res.statusCode = 503;
    res.end();
  };
  const http: Server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => http.listen(opts.port ?? 0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const next = { user: "alice", deny: false };
  // The provider's own signing key (for its ID tokens), made for this run.
  const signingKey = {
    ...generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ format: "jwk" }),
    kid: "test-key",
    use: "sig",
    alg: "RS256",
  };
  let redirectUris = opts.redirectUris ?? [];

  // Every authorization asks who you are (no single sign-on from an earlier one), so a test
  // can sign in as someone else, as after signing out at the provider.
  const policy = interactionPolicy.base();
  policy
    .get("login")
    ?.checks.add(
      new interactionPolicy.Check(
        "always_ask",
        "the test provider asks every time",
        (ctx) => !(ctx.oidc.result as { login?: unknown } | undefined)?.login,
      ),
    );
  const build = () => {
    const config: Configuration = {
      clients: [
        {
          client_id: TEST_CLIENT.id,
          client_secret: TEST_CLIENT.secret,
          redirect_uris: redirectUris,
          grant_types: ["authorization_code"],
          response_types: ["code"],
          token_endpoint_auth_method: "client_secret_post",
        },
      ],
      claims: { openid: ["sub"], email: ["email", "email_verified"] },
      features: { devInteractions: { enabled: false } },
      interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}`, policy },
      cookies: { keys: ["test-cookie-key-one", "test-cookie-key-two"] },
      jwks: { keys: [signingKey] } as Configuration["jwks"],
      pkce: { required: () => true },
      findAccount: (_ctx, id) => ({
        accountId: id,
        claims: () => ({ sub: id, email: `${id}@example.test`, email_verified: true }),
      }),
    };
    const provider = new Provider(issuer, config);
    // Quiet: a denied consent or a reused code are expected here.
    provider.on("server_error", () => {});
    const callback = provider.callback();
    handler = (req, res) => {
      if (req.url?.startsWith("/interaction/")) {
        interaction(provider, req, res, next, opts.interactive ?? false).catch((err) => {
          res.statusCode = 500;
          res.end(String(err));
        });
        return;
      }
      callback(req, res);
    };
  };
  build();

  return {
    issuer,
    next,
    allowRedirects(uris) {
      redirectUris = uris;
      build();
    },
    close: () => new Promise((resolve) => http.close(() => resolve())),
  };
}

/** The provider's login and consent step. */
async function interaction(
  provider: Provider,
  req: IncomingMessage,
  res: ServerResponse,
  next: { user: string; deny: boolean },
  interactive: boolean,
): Promise<void> {
  const details = await provider.interactionDetails(req, res);
  let user = next.user;
  let deny = next.deny;
  // The person chose at the login step; consent follows it without asking again.
  if (interactive && details.prompt.name !== "login") deny = false;
  else if (interactive) {
    if (req.method !== "POST") {
      res.setHeader("content-type", "text/html; charset=utf-8");
      res.end(loginPage(details.uid, details.params.client_id as string));
      return;
    }
    const form = new URLSearchParams(await body(req));
    user = (form.get("user") ?? "").trim();
    deny = form.get("action") === "deny";
  }
  if (deny || !/^[a-z0-9_-]{1,40}$/i.test(user)) {
    await provider.interactionFinished(
      req,
      res,
      { error: "access_denied", error_description: "The user denied the request." },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  if (details.prompt.name === "login") {
    await provider.interactionFinished(
      req,
      res,
      { login: { accountId: user } },
      { mergeWithLastSubmission: false },
    );
    return;
  }
  const accountId = details.session?.accountId ?? user;
  const grant = details.grantId
    ? ((await provider.Grant.find(details.grantId)) ??
      new provider.Grant({ accountId, clientId: details.params.client_id as string }))
    : new provider.Grant({ accountId, clientId: details.params.client_id as string });
  const missing = details.prompt.details as { missingOIDCScope?: string[] };
  if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(" "));
  const grantId = await grant.save();
  await provider.interactionFinished(
    req,
    res,
    { consent: { grantId } },
    { mergeWithLastSubmission: true },
  );
}

function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
      if (text.length > 10_000) req.destroy();
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

/** The interactive provider's sign-in page (one form: a name, Continue or Deny). */
function loginPage(uid: string, clientId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Test ID</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family:sans-serif;max-width:24rem;margin:3rem auto">
<h1>Test ID</h1><p>${clientId.replace(/[^a-z0-9-]/gi, "")} wants to know who you are.</p>
<form method="post" action="/interaction/${uid}">
<label>Your Test ID name <input name="user" autocomplete="off" required></label>
<p><button name="action" value="continue">Continue</button>
<button name="action" value="deny" formnovalidate>Deny</button></p>
</form></body></html>`;
}
