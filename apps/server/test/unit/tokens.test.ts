import { SignJWT } from "jose";
import { describe, expect, it } from "vitest";
import { TOKEN_EXPIRED, TOKEN_INVALID, TokenService } from "../../src/auth/tokens";

const SECRET = "unit-test-secret-that-is-long-enough-for-hs256";
const key = new TextEncoder().encode(SECRET);
const tokens = new TokenService(SECRET, 3600);
const now = Math.floor(Date.now() / 1000);

/** A token like the service's own, with the given changes. */
function signed(
  change: {
    alg?: string;
    iss?: string | null;
    exp?: number | null;
    iat?: number | null;
    sub?: string | null;
    pid?: unknown;
  } = {},
): Promise<string> {
  const jwt = new SignJWT({ pid: "pid" in change ? change.pid : 7 }).setProtectedHeader({
    alg: change.alg ?? "HS256",
    typ: "JWT",
  });
  if (change.sub !== null) jwt.setSubject(change.sub ?? "3");
  if (change.iat !== null) jwt.setIssuedAt(change.iat ?? now);
  if (change.exp !== null) jwt.setExpirationTime(change.exp ?? now + 600);
  if (change.iss !== null) jwt.setIssuer(change.iss ?? "manaspire");
  return jwt.sign(key);
}

function base64url(value: unknown): string {
  return Buffer.from(JSON.stringify(value)).toString("base64url");
}

describe("TokenService.verify", () => {
  it("accepts its own tokens and tokens signed the same way", async () => {
    const own = await tokens.issue({ accountId: 3, playerId: 7 }, 3600, now);
    expect(await tokens.verify(own)).toEqual({
      ok: true,
      claims: { accountId: 3, playerId: 7 },
      issuedAt: now,
    });
    expect(await tokens.verify(await signed())).toEqual({
      ok: true,
      claims: { accountId: 3, playerId: 7 },
      issuedAt: now,
    });
  });

  it("is due for renewal after a day, or half its lifetime when that is shorter", () => {
    const month = new TokenService(SECRET, 30 * 86_400);
    expect(month.renewAfterSeconds).toBe(86_400);
    expect(month.renewalDue(now - 86_399, now * 1000)).toBe(false);
    expect(month.renewalDue(now - 86_400, now * 1000)).toBe(true);
    expect(tokens.renewAfterSeconds).toBe(1800);
    expect(tokens.renewalDue(now - 1799, now * 1000)).toBe(false);
    expect(tokens.renewalDue(now - 1800, now * 1000)).toBe(true);
  });

  it("refuses a token without an expiry, issue time or subject", async () => {
    for (const claim of ["exp", "iat", "sub"] as const) {
      const token = await signed({ [claim]: null });
      expect(await tokens.verify(token), claim).toEqual({ ok: false, reason: TOKEN_INVALID });
    }
  });

  it("refuses an expired token as expired", async () => {
    const token = await signed({ iat: now - 7200, exp: now - 3600 });
    expect(await tokens.verify(token)).toEqual({ ok: false, reason: TOKEN_EXPIRED });
  });

  it("refuses an unsigned (alg none) token", async () => {
    const payload = { pid: 7, sub: "3", iat: now, exp: now + 600, iss: "manaspire" };
    for (const alg of ["none", "None", "NONE"]) {
      const token = `${base64url({ alg, typ: "JWT" })}.${base64url(payload)}.`;
      expect(await tokens.verify(token), alg).toEqual({ ok: false, reason: TOKEN_INVALID });
    }
  });

  it("refuses another algorithm with the same secret, another issuer, or none", async () => {
    for (const token of [
      await signed({ alg: "HS512" }),
      await signed({ alg: "HS384" }),
      await signed({ iss: "someone-else" }),
      await signed({ iss: null }),
    ]) {
      expect(await tokens.verify(token)).toEqual({ ok: false, reason: TOKEN_INVALID });
    }
  });

  it("refuses a player id or subject that is not a safe integer", async () => {
    for (const token of [
      await signed({ pid: "7" }),
      await signed({ pid: 1.5 }),
      await signed({ pid: 2 ** 60 }),
      await signed({ pid: undefined }),
      await signed({ sub: "three" }),
    ]) {
      expect(await tokens.verify(token)).toEqual({ ok: false, reason: TOKEN_INVALID });
    }
  });
});
