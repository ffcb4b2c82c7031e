import { type AuthResult, interpretAuthResponse, NETWORK_ERROR } from "./authResponse";

export interface Credentials {
  username: string;
  password: string;
}

async function postAuth(path: string, body: object): Promise<AuthResult> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: NETWORK_ERROR };
  }
  let data: unknown = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  return interpretAuthResponse(response.status, data);
}

/** A new account; `ref` is the referring player kept from a `?ref=` link (0 none). */
export function register(credentials: Credentials, ref = 0): Promise<AuthResult> {
  return postAuth("/api/auth/register", ref > 0 ? { ...credentials, ref } : credentials);
}

/** The spec's `ref` as stored locally: a player id, 0 when absent or not a number. */
export function storedReferrer(raw: string | null): number {
  const n = Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : 0;
}

/** `{api}/login/{provider}`: sign in with an identity provider (spec 000 section 7). */
export function providerSignInUrl(provider: string): string {
  return `/api/login/${encodeURIComponent(provider)}`;
}

/** `{api}/signup/{provider}?username=&ref=` (ref defaults to 0). */
export function providerSignUpUrl(provider: string, username: string, ref: number): string {
  const query = new URLSearchParams({ username, ref: String(ref) });
  return `/api/signup/${encodeURIComponent(provider)}?${query}`;
}

export function login(credentials: Credentials): Promise<AuthResult> {
  return postAuth("/api/auth/login", credentials);
}

/** A guest's mage; `ref` is the referring player kept from a `?ref=` link (0 none). */
export function playAsGuest(ref = 0): Promise<AuthResult> {
  return postAuth("/api/auth/guest", ref > 0 ? { ref } : {});
}
