import { describe, expect, it } from "vitest";
import { interpretAuthResponse, NETWORK_ERROR } from "./authResponse";

describe("interpretAuthResponse", () => {
  it("returns the token on success", () => {
    expect(interpretAuthResponse(200, { token: "abc" })).toEqual({ ok: true, token: "abc" });
  });

  it("treats a 200 without a token as an error", () => {
    expect(interpretAuthResponse(200, {}).ok).toBe(false);
    expect(interpretAuthResponse(200, { token: "" }).ok).toBe(false);
  });

  it("passes the server's error through", () => {
    expect(interpretAuthResponse(409, { error: "Name is taken." })).toEqual({
      ok: false,
      error: "Name is taken.",
    });
    expect(interpretAuthResponse(401, { error: "Invalid credentials" })).toEqual({
      ok: false,
      error: "Invalid credentials",
    });
  });

  it("has fallbacks for bodies without an error", () => {
    expect(interpretAuthResponse(401, null)).toEqual({
      ok: false,
      error: "Wrong username or password.",
    });
    expect(interpretAuthResponse(500, "oops")).toEqual({
      ok: false,
      error: "Something went wrong (500). Please try again.",
    });
  });

  it("reports an unreachable server for gateway errors", () => {
    expect(interpretAuthResponse(502, null)).toEqual({ ok: false, error: NETWORK_ERROR });
    expect(interpretAuthResponse(504, "")).toEqual({ ok: false, error: NETWORK_ERROR });
  });
});

describe("provider addresses", () => {
  it("builds the spec's sign-in and sign-up addresses, ref defaulting to 0", async () => {
    const { providerSignInUrl, providerSignUpUrl, storedReferrer } = await import("./authApi");
    expect(providerSignInUrl("google")).toBe("/api/login/google");
    expect(providerSignUpUrl("discord", "Merlin", 0)).toBe(
      "/api/signup/discord?username=Merlin&ref=0",
    );
    expect(providerSignUpUrl("twitch", "Fire_Mage", 42)).toBe(
      "/api/signup/twitch?username=Fire_Mage&ref=42",
    );
    expect(storedReferrer("42")).toBe(42);
    for (const raw of [null, "", "abc", "-3", "1.5"]) expect(storedReferrer(raw)).toBe(0);
  });
});
