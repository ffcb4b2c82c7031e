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

export function register(credentials: Credentials): Promise<AuthResult> {
  return postAuth("/api/auth/register", credentials);
}

export function login(credentials: Credentials): Promise<AuthResult> {
  return postAuth("/api/auth/login", credentials);
}

export function playAsGuest(): Promise<AuthResult> {
  return postAuth("/api/auth/guest", {});
}
