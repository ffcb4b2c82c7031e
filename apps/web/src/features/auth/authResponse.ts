/**
 * Interpretation of the HTTP sign-in API:
 * POST /api/auth/register|login {username, password}, POST /api/auth/guest {}
 * -> 200 {token} or 4xx {error: string}.
 */

export type AuthResult = { ok: true; token: string } | { ok: false; error: string };

export const NETWORK_ERROR = "Could not reach the server. Please try again.";

export function interpretAuthResponse(status: number, body: unknown): AuthResult {
  const record = typeof body === "object" && body !== null ? (body as Record<string, unknown>) : {};
  if (status >= 200 && status < 300 && typeof record.token === "string" && record.token !== "") {
    return { ok: true, token: record.token };
  }
  if (typeof record.error === "string" && record.error.trim() !== "") {
    return { ok: false, error: record.error };
  }
  if (status >= 502 && status <= 504) return { ok: false, error: NETWORK_ERROR };
  if (status === 401) return { ok: false, error: "Wrong username or password." };
  if (status === 429) return { ok: false, error: "Too many attempts. Please wait a moment." };
  return { ok: false, error: `Something went wrong (${status}). Please try again.` };
}
