import * as oidc from "openid-client";

/**
 * The identity providers this server offers (docs/core/accounts.md "Identity providers"): the
 * spec's three (google, discord, twitch) when the operator set their client id and secret,
 * and any OpenID Connect provider listed in OIDC_PROVIDERS. Each speaks the authorization code
 * flow with PKCE (S256) and state through openid-client; OpenID Connect ones also check a
 * nonce and the ID token.
 */

/** What the browser needs to draw a provider's button. */
export interface ProviderInfo {
  id: string;
  name: string;
}

/** Who signed in at the provider: its stable user id, and an e-mail address if it shared one. */
export interface ProviderUser {
  subject: string;
  email: string | undefined;
}

export interface AuthorizationChecks {
  state: string;
  codeVerifier: string;
  nonce: string | null;
}

export interface IdentityProvider extends ProviderInfo {
  /** Whether the flow carries an OpenID Connect nonce (plain OAuth 2.0 providers have none). */
  readonly usesNonce: boolean;
  /** The provider's authorization address for this flow. */
  authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL>;
  /** Exchanges the code of `callbackUrl` (checking state, PKCE and nonce) for the user. */
  finish(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderUser>;
}

/** An operator's OpenID Connect provider (OIDC_PROVIDERS). */
export interface OidcProviderConfig {
  id: string;
  name: string;
  issuer: string;
  clientId: string;
  clientSecret: string;
  scope?: string | undefined;
}

/** The environment variables of the three built-in providers. */
export interface BuiltInCredentials {
  GOOGLE_CLIENT_ID?: string | undefined;
  GOOGLE_CLIENT_SECRET?: string | undefined;
  DISCORD_CLIENT_ID?: string | undefined;
  DISCORD_CLIENT_SECRET?: string | undefined;
  TWITCH_CLIENT_ID?: string | undefined;
  TWITCH_CLIENT_SECRET?: string | undefined;
}

/** Provider ids the operator's list may not take (the built-in ones and the local identity). */
export const RESERVED_PROVIDER_IDS = ["local", "guest", "google", "discord", "twitch"] as const;

/** Discovery is retried this long after it failed (a provider that was down). */
const DISCOVERY_RETRY_MS = 30_000;

/** A provider found by OpenID Connect discovery of its issuer (Google, Twitch, Keycloak…). */
class OidcIdentityProvider implements IdentityProvider {
  readonly usesNonce = true;
  private config: Promise<oidc.Configuration> | undefined;
  private failedAt = 0;

  constructor(
    readonly id: string,
    readonly name: string,
    private readonly issuer: string,
    private readonly clientId: string,
    private readonly clientSecret: string,
    private readonly scope: string,
    /** Extra authorization parameters (Twitch wants the e-mail claim asked for by name). */
    private readonly extra: Record<string, string> = {},
  ) {}

  private configuration(): Promise<oidc.Configuration> {
    if (this.config && this.failedAt && Date.now() - this.failedAt > DISCOVERY_RETRY_MS) {
      this.config = undefined;
    }
    this.config ??= oidc
      .discovery(
        new URL(this.issuer),
        this.clientId,
        this.clientSecret,
        undefined,
        // An operator may point at a provider on its own network over plain HTTP.
        this.issuer.startsWith("http:") ? { execute: [oidc.allowInsecureRequests] } : undefined,
      )
      .catch((err) => {
        this.failedAt = Date.now();
        throw err;
      });
    return this.config;
  }

  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    const config = await this.configuration();
    return oidc.buildAuthorizationUrl(config, {
      ...this.extra,
      redirect_uri: redirectUri,
      scope: this.scope,
      response_type: "code",
      state: checks.state,
      nonce: checks.nonce ?? "",
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
    });
  }

  async finish(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderUser> {
    const config = await this.configuration();
    const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
      expectedNonce: checks.nonce ?? undefined,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims?.sub) throw new Error("the ID token has no subject");
    let email = verifiedEmail(claims.email, claims.email_verified);
    // Some providers put the e-mail address only in the UserInfo answer (it is shown to the
    // player on their identities page, never used to find an account).
    if (email === undefined && config.serverMetadata().userinfo_endpoint) {
      try {
        const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
        email = verifiedEmail(info.email, info.email_verified);
      } catch {
        // Without the address the sign-in is as good.
      }
    }
    return { subject: claims.sub, email };
  }
}

/**
 * Discord: OAuth 2.0 without OpenID Connect discovery; the user comes from its API
 * (`/users/@me`: `id`, and `email` with `verified`).
 */
class DiscordIdentityProvider implements IdentityProvider {
  readonly id = "discord";
  readonly name = "Discord";
  readonly usesNonce = false;
  private readonly config: oidc.Configuration;

  constructor(clientId: string, clientSecret: string) {
    this.config = new oidc.Configuration(
      {
        issuer: "https://discord.com",
        authorization_endpoint: "https://discord.com/oauth2/authorize",
        token_endpoint: "https://discord.com/api/oauth2/token",
      },
      clientId,
      clientSecret,
    );
  }

  async authorizationUrl(redirectUri: string, checks: AuthorizationChecks): Promise<URL> {
    return oidc.buildAuthorizationUrl(this.config, {
      redirect_uri: redirectUri,
      scope: "identify email",
      response_type: "code",
      state: checks.state,
      code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
      code_challenge_method: "S256",
      prompt: "none",
    });
  }

  async finish(callbackUrl: URL, checks: AuthorizationChecks): Promise<ProviderUser> {
    const tokens = await oidc.authorizationCodeGrant(this.config, callbackUrl, {
      expectedState: checks.state,
      pkceCodeVerifier: checks.codeVerifier,
    });
    const res = await oidc.fetchProtectedResource(
      this.config,
      tokens.access_token,
      new URL("https://discord.com/api/users/@me"),
      "GET",
    );
    if (!res.ok) throw new Error(`Discord answered ${res.status} for the user`);
    return discordUser(await res.json());
  }
}

/** The user of Discord's `/users/@me` answer. */
export function discordUser(body: unknown): ProviderUser {
  const user = (typeof body === "object" && body !== null ? body : {}) as Record<string, unknown>;
  if (typeof user.id !== "string" || !/^\d{1,30}$/.test(user.id)) {
    throw new Error("Discord's answer has no user id");
  }
  return { subject: user.id, email: verifiedEmail(user.email, user.verified) };
}

/** An e-mail address worth showing: a string the provider did not say is unverified. */
function verifiedEmail(email: unknown, verified: unknown): string | undefined {
  if (typeof email !== "string" || email.length > 200 || verified === false) return undefined;
  return email;
}

/** Every provider the operator configured, built-in ones first, in a stable order. */
export function configuredProviders(
  env: BuiltInCredentials,
  custom: readonly OidcProviderConfig[] = [],
): IdentityProvider[] {
  const out: IdentityProvider[] = [];
  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    out.push(
      new OidcIdentityProvider(
        "google",
        "Google",
        "https://accounts.google.com",
        env.GOOGLE_CLIENT_ID,
        env.GOOGLE_CLIENT_SECRET,
        "openid email",
      ),
    );
  }
  if (env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET) {
    out.push(new DiscordIdentityProvider(env.DISCORD_CLIENT_ID, env.DISCORD_CLIENT_SECRET));
  }
  if (env.TWITCH_CLIENT_ID && env.TWITCH_CLIENT_SECRET) {
    out.push(
      new OidcIdentityProvider(
        "twitch",
        "Twitch",
        "https://id.twitch.tv/oauth2",
        env.TWITCH_CLIENT_ID,
        env.TWITCH_CLIENT_SECRET,
        "openid user:read:email",
        { claims: JSON.stringify({ id_token: { email: null, email_verified: null } }) },
      ),
    );
  }
  for (const p of custom) {
    out.push(
      new OidcIdentityProvider(
        p.id,
        p.name,
        p.issuer,
        p.clientId,
        p.clientSecret,
        p.scope ?? "openid email",
      ),
    );
  }
  return out;
}
