import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../src/config";

describe("loadConfig", () => {
  it("defaults to the embedded database, port 3000 and 3-second ticks", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, TICK_MS: 3000, DATA_DIR: "./data" });
    expect(config.DATABASE_URL).toBeUndefined();
  });

  it("treats empty variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: "" }).DATABASE_URL).toBeUndefined();
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
});
