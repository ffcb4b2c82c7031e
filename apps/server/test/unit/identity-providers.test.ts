import { describe, expect, it } from "vitest";
import { configuredProviders, discordUser } from "../../src/auth/identity-providers";
import { ConfigError, loadConfig } from "../../src/config";
import { safeReturnPath } from "../../src/services/oauth-flows";

const keycloak = {
  id: "guild-sso",
  name: "Guild SSO",
  issuer: "https://sso.example.com/realms/game",
  clientId: "manaspire",
  clientSecret: "secret",
};

describe("identity provider configuration", () => {
  it("offers a built-in provider only with both its id and secret", () => {
    const config = loadConfig({
      GOOGLE_CLIENT_ID: "g",
      GOOGLE_CLIENT_SECRET: "gs",
      DISCORD_CLIENT_ID: "d",
      TWITCH_CLIENT_SECRET: "ts",
      OIDC_PROVIDERS: JSON.stringify([keycloak]),
    });
    const offered = configuredProviders(config, config.OIDC_PROVIDERS);
    expect(offered.map((p) => [p.id, p.name])).toEqual([
      ["google", "Google"],
      ["guild-sso", "Guild SSO"],
    ]);
    expect(configuredProviders(loadConfig({}))).toEqual([]);
  });

  it("refuses a malformed OIDC_PROVIDERS with a message naming it", () => {
    const bad = [
      "not json",
      JSON.stringify({ ...keycloak }),
      JSON.stringify([{ ...keycloak, id: "google" }]),
      JSON.stringify([{ ...keycloak, id: "Bad Id" }]),
      JSON.stringify([{ ...keycloak, issuer: "ftp://x" }]),
      JSON.stringify([keycloak, keycloak]),
      JSON.stringify([{ ...keycloak, extra: 1 }]),
    ];
    for (const value of bad) {
      expect(() => loadConfig({ OIDC_PROVIDERS: value }), value).toThrow(ConfigError);
      expect(() => loadConfig({ OIDC_PROVIDERS: value })).toThrow(/OIDC_PROVIDERS/);
    }
  });

  it("reads Discord's user and keeps only a verified e-mail address", () => {
    expect(discordUser({ id: "80351110224678912", email: "a@b.c", verified: true })).toEqual({
      subject: "80351110224678912",
      email: "a@b.c",
    });
    expect(discordUser({ id: "1", email: "a@b.c", verified: false }).email).toBeUndefined();
    for (const body of [null, {}, { id: 5 }, { id: "not-a-snowflake" }]) {
      expect(() => discordUser(body)).toThrow();
    }
  });

  it("returns only to paths of this site", () => {
    expect(safeReturnPath("/account")).toBe("/account");
    expect(safeReturnPath("/settings")).toBe("/settings");
    for (const path of [
      "//evil.example/x",
      "https://evil.example",
      "/\\evil",
      "account",
      "/a?b=c",
      "",
    ]) {
      expect(safeReturnPath(path), path).toBe("/");
    }
  });
});
