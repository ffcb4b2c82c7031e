import { describe, expect, it } from "vitest";
import { loggerOptions } from "../../src/http/logger";

describe("loggerOptions", () => {
  it("is pretty at a terminal and JSON otherwise, unless LOG_FORMAT says", () => {
    const pretty = (o: unknown) => JSON.stringify(o).includes("pino-pretty");
    expect(pretty(loggerOptions({ LOG_LEVEL: "info", LOG_FORMAT: undefined }, true))).toBe(true);
    expect(pretty(loggerOptions({ LOG_LEVEL: "info", LOG_FORMAT: undefined }, false))).toBe(false);
    expect(pretty(loggerOptions({ LOG_LEVEL: "info", LOG_FORMAT: "pretty" }, false))).toBe(true);
    expect(pretty(loggerOptions({ LOG_LEVEL: "info", LOG_FORMAT: "json" }, true))).toBe(false);
    expect(loggerOptions({ LOG_LEVEL: "silent", LOG_FORMAT: "pretty" }, true)).toEqual({
      level: "silent",
    });
  });
});
