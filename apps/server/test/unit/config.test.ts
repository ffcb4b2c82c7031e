import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

describe("loadConfig", () => {
  it("defaults to the embedded database, port 3000 and 3-second ticks", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, TICK_MS: 3000, DATA_DIR: "./data" });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("gives the embedded database a 16MB page cache unless PGLITE_SHARED_BUFFERS says a size", () => {
    expect(loadConfig({}).PGLITE_SHARED_BUFFERS).toBe("16MB");
    expect(loadConfig({ PGLITE_SHARED_BUFFERS: "256MB" }).PGLITE_SHARED_BUFFERS).toBe("256MB");
    expect(() => loadConfig({ PGLITE_SHARED_BUFFERS: "lots" })).toThrow(/PGLITE_SHARED_BUFFERS/);
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).DATABASE_URL).toBeUndefined();
  });

  it("serves no web client when WEB_DIST is empty, the built one when it is unset", () => {
    expect(loadConfig({ WEB_DIST: "" }).WEB_DIST).toBe("");
    expect(loadConfig({}).WEB_DIST).toMatch(/web[/\\]dist$/);
  });

  it("names every bad value in one clear message", () => {
    const bad = () =>
      loadConfig({ PORT: "http", DATABASE_URL: "mysql://x", TICK_MS: "-5", JWT_SECRET: "short" });
    expect(bad).toThrow(ConfigError);
    try {
      bad();
    } catch (err) {
      const text = (err as Error).message;
      expect(text).toContain("Invalid configuration");
      for (const key of ["PORT", "DATABASE_URL", "TICK_MS", "JWT_SECRET"])
        expect(text).toContain(key);
    }
  });

  it("reads ADMIN_NAMES and MODERATOR_NAMES as lists of player names", () => {
    const config = loadConfig({ ADMIN_NAMES: "Lord_Admin", MODERATOR_NAMES: " mia, Kit  Ren " });
    expect(config.ADMIN_NAMES).toEqual(["Lord_Admin"]);
    expect(config.MODERATOR_NAMES).toEqual(["mia", "Kit", "Ren"]);
    expect(loadConfig({}).MODERATOR_NAMES).toBeUndefined();
  });

  it("refuses a name no player can have", () => {
    expect(() => loadConfig({ MODERATOR_NAMES: "mia,b@d" })).toThrow(
      /MODERATOR_NAMES.*"b@d" is not a valid player name/,
    );
    expect(() => loadConfig({ ADMIN_NAMES: "x" })).toThrow(/ADMIN_NAMES/);
  });

  it("takes Stripe's secret key and webhook secret together, or neither", () => {
    const both = { STRIPE_SECRET_KEY: "sk_test_abcdefgh", STRIPE_WEBHOOK_SECRET: "whsec_abcdefgh" };
    expect(loadConfig(both)).toMatchObject(both);
    expect(loadConfig({}).STRIPE_SECRET_KEY).toBeUndefined();
    expect(() => loadConfig({ STRIPE_SECRET_KEY: both.STRIPE_SECRET_KEY })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ STRIPE_WEBHOOK_SECRET: both.STRIPE_WEBHOOK_SECRET })).toThrow(
      /STRIPE_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ...both, STRIPE_API_URL: "ftp://x" })).toThrow(/STRIPE_API_URL/);
  });
});
